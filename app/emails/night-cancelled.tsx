/**
 * To each buyer and each holder of a cancelled night's tickets (issue #40): the night is off, the
 * tickets are void, and the money comes back to the payment method within a few days — the amount to
 * the buyer; a holder who got a ticket from someone else is told the money goes back to the buyer.
 */
import { formatDateTime } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import { greeting, textMessage } from "./email-items";
import { EmailDetails, EmailLayout, EmailNote, type EmailSite, EmailText } from "./email-layout";
import type { MailTemplate } from "./render.server";

export type NightCancelledProps = {
  site: EmailSite;
  name: string | null;
  nightTitle: string;
  startsAt: Date;
  venue: string;
  city: string;
  orderNumber: string;
  /** Tickets of this person in the order (the buyer: all of the order's tickets of the night). */
  tickets: number;
  /** Grosze refunded to the buyer; null in a holder's e-mail (the money goes to whoever paid). */
  amount: number | null;
};

export const NIGHT_CANCELLED_MONEY_TEXT =
  "Pieniądze wrócą automatycznie na kartę lub konto użyte do płatności w ciągu kilku dni roboczych (termin zależy od banku). Nie musisz nic robić.";
export const NIGHT_CANCELLED_HOLDER_TEXT =
  "Pieniądze za bilet wrócą automatycznie do osoby, która go kupiła, na kartę lub konto użyte do płatności, w ciągu kilku dni roboczych.";

export function nightCancelledSubject({
  site,
  nightTitle,
}: Pick<NightCancelledProps, "site" | "nightTitle">) {
  return `${site.name}: ${nightTitle} — wydarzenie odwołane`;
}

function sentence(props: NightCancelledProps) {
  return `${greeting(props.name)} z przykrością informujemy, że wydarzenie ${props.nightTitle} (${formatDateTime(props.startsAt)}, ${props.venue}, ${props.city}) zostało odwołane. Twoje bilety (${props.tickets}) są unieważnione.`;
}

function moneyText(props: NightCancelledProps) {
  return props.amount === null ? NIGHT_CANCELLED_HOLDER_TEXT : NIGHT_CANCELLED_MONEY_TEXT;
}

export function NightCancelledEmail(props: NightCancelledProps) {
  const { site } = props;
  return (
    <EmailLayout
      site={site}
      preview={`${props.nightTitle} — wydarzenie odwołane.`}
      heading="Wydarzenie odwołane"
    >
      <EmailText>{sentence(props)} Przepraszamy!</EmailText>
      <EmailDetails
        rows={[
          { label: "Wydarzenie", value: props.nightTitle },
          { label: "Termin", value: formatDateTime(props.startsAt) },
          { label: "Zamówienie", value: `#${props.orderNumber}` },
          ...(props.amount === null
            ? []
            : [{ label: "Kwota zwrotu", value: <strong>{formatPrice(props.amount)}</strong> }]),
        ]}
      />
      <EmailText>{moneyText(props)}</EmailText>
      <EmailNote>
        Pytania? Odpisz na tę wiadomość albo napisz na {site.email} — podaj numer zamówienia.
      </EmailNote>
    </EmailLayout>
  );
}

export function nightCancelledText(props: NightCancelledProps) {
  return textMessage(props.site, "Wydarzenie odwołane", [
    `${sentence(props)} Przepraszamy!`,
    "",
    `Wydarzenie: ${props.nightTitle}`,
    `Termin: ${formatDateTime(props.startsAt)}`,
    `Zamówienie: #${props.orderNumber}`,
    ...(props.amount === null ? [] : [`Kwota zwrotu: ${formatPrice(props.amount)}`]),
    "",
    moneyText(props),
    "",
    `Pytania? Napisz na ${props.site.email} — podaj numer zamówienia.`,
  ]);
}

export const nightCancelledMail: MailTemplate<NightCancelledProps> = {
  Email: NightCancelledEmail,
  subject: nightCancelledSubject,
  text: nightCancelledText,
};
