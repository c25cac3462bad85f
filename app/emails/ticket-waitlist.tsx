/**
 * The waiting list's e-mails (issue #40): the confirmation of a place (double opt-in as "Powiadom
 * mnie"), the offer of a ticket given back (held 30 minutes, at its face value), and the giver's news
 * that the ticket found a new holder and the money is on its way back.
 */
import { formatDateTime } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import { textMessage } from "./email-items";
import { EmailActionWithSmallPrint, EmailLayout, type EmailSite, EmailText } from "./email-layout";
import { LinkEmail } from "./link-email";
import type { MailTemplate } from "./render.server";

export type WaitlistConfirmProps = {
  site: EmailSite;
  email: string;
  nightTitle: string;
  quantity: number;
  confirmUrl: string;
  validDays: number;
};

export function waitlistConfirmSubject(props: Pick<WaitlistConfirmProps, "nightTitle">) {
  return `Potwierdź zapis na listę oczekujących: ${props.nightTitle}`;
}

const IGNORE_NOTE = "To nie Ty? Zignoruj tę wiadomość — bez potwierdzenia nie wyślemy nic więcej.";

function waitlistConfirmBody(props: WaitlistConfirmProps) {
  return `Na adres ${props.email} zapisano się na listę oczekujących na bilety (${props.quantity} szt.) na „${props.nightTitle}”. Potwierdź zapis: gdy ktoś odda bilet, pierwsza osoba w kolejce dostanie ofertę ważną 30 minut, po cenie, którą za bilet zapłacono.`;
}

export function WaitlistConfirmEmail(props: WaitlistConfirmProps) {
  return (
    <LinkEmail
      site={props.site}
      preview={`Potwierdź, a dostaniesz ofertę, gdy ktoś odda bilet na „${props.nightTitle}”.`}
      heading="Potwierdź zapis na listę oczekujących"
      link={{ href: props.confirmUrl, label: "Potwierdzam" }}
      validity={`Link jest ważny przez ${props.validDays} dni.`}
      smallPrint={IGNORE_NOTE}
    >
      <EmailText>{waitlistConfirmBody(props)}</EmailText>
    </LinkEmail>
  );
}

export const waitlistConfirmMail: MailTemplate<WaitlistConfirmProps> = {
  Email: WaitlistConfirmEmail,
  subject: waitlistConfirmSubject,
  text: (props) =>
    textMessage(props.site, "Potwierdź zapis na listę oczekujących", [
      waitlistConfirmBody(props),
      props.confirmUrl,
      `(link jest ważny przez ${props.validDays} dni)`,
      "",
      IGNORE_NOTE,
    ]),
};

export type TicketOfferProps = {
  site: EmailSite;
  nightTitle: string;
  /** ISO 8601. */
  startsAt: string;
  typeName: string;
  /** Grosze: the returned ticket's price. */
  price: number;
  /** ISO 8601: until when the offer holds the ticket. */
  expiresAt: string;
  offerUrl: string;
};

export function ticketOfferSubject(props: Pick<TicketOfferProps, "nightTitle">) {
  return `Bilet na „${props.nightTitle}” czeka na Ciebie — 30 minut`;
}

function ticketOfferBody(props: TicketOfferProps) {
  return `Ktoś oddał bilet „${props.typeName}” na „${props.nightTitle}” (${formatDateTime(props.startsAt)}), a Ty jesteś pierwszy w kolejce. Cena: ${formatPrice(props.price)} — tyle, ile za niego zapłacono.`;
}

const OFFER_NOTE =
  "Jeśli nie kupisz biletu w tym czasie, oferta przejdzie do kolejnej osoby z listy, a Ty z niej wypadniesz.";

export function TicketOfferEmail(props: TicketOfferProps) {
  return (
    <EmailLayout site={props.site} preview={ticketOfferBody(props)} heading="Bilet z listy oczekujących">
      <EmailText>{ticketOfferBody(props)}</EmailText>
      <EmailText>
        Oferta jest ważna do <strong>{formatDateTime(props.expiresAt)}</strong>.
      </EmailText>
      <EmailActionWithSmallPrint action={{ href: props.offerUrl, label: "Kup bilet" }}>
        {OFFER_NOTE}
      </EmailActionWithSmallPrint>
    </EmailLayout>
  );
}

export const ticketOfferMail: MailTemplate<TicketOfferProps> = {
  Email: TicketOfferEmail,
  subject: ticketOfferSubject,
  text: (props) =>
    textMessage(props.site, "Bilet z listy oczekujących", [
      ticketOfferBody(props),
      `Oferta jest ważna do ${formatDateTime(props.expiresAt)}:`,
      props.offerUrl,
      "",
      OFFER_NOTE,
    ]),
};

export type TicketResoldProps = {
  site: EmailSite;
  nightTitle: string;
  /** Grosze refunded: the ticket's full price. */
  amount: number;
};

export function ticketResoldSubject(props: Pick<TicketResoldProps, "amount">) {
  return `Twój bilet znalazł nowego właściciela — zwrot ${formatPrice(props.amount)}`;
}

function ticketResoldBody(props: TicketResoldProps) {
  return `Bilet na „${props.nightTitle}”, który oddałeś, kupiła osoba z listy oczekujących. Twój bilet jest już nieważny, a pełną cenę — ${formatPrice(props.amount)} — zwracamy tą samą metodą płatności. Środki zwykle docierają w ciągu kilku dni roboczych.`;
}

export function TicketResoldEmail(props: TicketResoldProps) {
  return (
    <EmailLayout site={props.site} preview={ticketResoldBody(props)} heading={ticketResoldSubject(props)}>
      <EmailText>{ticketResoldBody(props)}</EmailText>
    </EmailLayout>
  );
}

export const ticketResoldMail: MailTemplate<TicketResoldProps> = {
  Email: TicketResoldEmail,
  subject: ticketResoldSubject,
  text: (props) => textMessage(props.site, ticketResoldSubject(props), [ticketResoldBody(props)]),
};
