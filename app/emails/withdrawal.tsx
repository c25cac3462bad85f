/**
 * The two e-mails of an online withdrawal ("Odstąp od umowy"): the notice to the shop's mailbox (reply
 * goes to the customer) and the confirmation to the customer with the return address and the rules
 * (the customer pays the return shipping; the money comes back within 14 days of the return reaching
 * the shop, the same way it was paid — as the returns page says).
 */
import { formatDateTime, formatLongDate } from "~/lib/dates";
import { EmailItems, type EmailOrderItem, emailItemLines, greeting, textMessage } from "./email-items";
import {
  EmailAction,
  EmailActionWithSmallPrint,
  EmailDetails,
  EmailLayout,
  EmailLink,
  type EmailSite,
  EmailSubheading,
  EmailText,
} from "./email-layout";
import type { MailTemplate } from "./render.server";

export type WithdrawalMailProps = {
  site: EmailSite;
  orderNumber: string;
  customerName: string | null;
  customerEmail: string;
  /** The withdrawn lines (units the customer sends back). */
  items: EmailOrderItem[];
  note: string | null;
  filedAt: Date;
  /** The last day of the 14-day window (what the customer had; the shop sees it was kept). */
  deadline: Date;
  /** The order's page: the panel for the shop, the private link or the account for the customer. */
  orderUrl: string;
  /** Where the parcel goes back. */
  returnAddress: string;
  /** What the customer does next (the order page shows the same words). */
  rules: string[];
  /** Days the shop has to refund once the return is back. */
  refundDays: number;
};

// ---------------------------------------------------------------------------------------------
// To the shop
// ---------------------------------------------------------------------------------------------

export function withdrawalReceivedSubject({ orderNumber, customerEmail }: WithdrawalMailProps) {
  return `Odstąpienie od umowy: zamówienie #${orderNumber} (${customerEmail})`;
}

/** The withdrawal's details, as label and value (the HTML table and the text lines alike). */
function receivedDetails(props: WithdrawalMailProps) {
  return [
    { label: "Zamówienie", value: `#${props.orderNumber}` },
    { label: "Klient", value: props.customerName ?? "—" },
    { label: "E-mail", value: props.customerEmail },
    { label: "Złożono", value: formatDateTime(props.filedAt) },
    { label: "Termin odstąpienia", value: formatLongDate(props.deadline) },
  ];
}

export function WithdrawalReceivedEmail(props: WithdrawalMailProps) {
  return (
    <EmailLayout
      site={props.site}
      preview={`Klient odstępuje od umowy — zamówienie #${props.orderNumber}.`}
      heading="Nowe odstąpienie od umowy"
    >
      <EmailText>
        Klient złożył przez stronę oświadczenie o odstąpieniu od umowy. Zwrot pieniędzy znajdziesz w panelu, w
        zakładce Zamówienia (Odstąpienia od umowy) — zrób go w ciągu {props.refundDays} dni od otrzymania
        paczki.
      </EmailText>
      <EmailDetails rows={receivedDetails(props)} />
      <EmailItems title="Produkty" items={props.items} />
      {props.note ? (
        <>
          <EmailSubheading>Uwagi klienta</EmailSubheading>
          <EmailText style={{ whiteSpace: "pre-wrap" }}>{props.note}</EmailText>
        </>
      ) : null}
      <EmailAction href={props.orderUrl}>Otwórz zamówienia w panelu</EmailAction>
    </EmailLayout>
  );
}

export function withdrawalReceivedText(props: WithdrawalMailProps) {
  return textMessage(props.site, "Nowe odstąpienie od umowy", [
    "Klient złożył przez stronę oświadczenie o odstąpieniu od umowy.",
    "",
    ...receivedDetails(props).map((row) => `${row.label}: ${row.value}`),
    "",
    ...emailItemLines(props.items, "Produkty"),
    ...(props.note ? ["", "Uwagi klienta:", props.note] : []),
    "",
    `Zwrot pieniędzy: ${props.orderUrl} (w ciągu ${props.refundDays} dni od otrzymania paczki)`,
  ]);
}

export const withdrawalReceivedMail: MailTemplate<WithdrawalMailProps> = {
  Email: WithdrawalReceivedEmail,
  subject: withdrawalReceivedSubject,
  text: withdrawalReceivedText,
};

// ---------------------------------------------------------------------------------------------
// To the customer
// ---------------------------------------------------------------------------------------------

export function withdrawalConfirmationSubject({ site, orderNumber }: WithdrawalMailProps) {
  return `${site.name}: przyjęliśmy odstąpienie od umowy (zamówienie #${orderNumber})`;
}

export function WithdrawalConfirmationEmail(props: WithdrawalMailProps) {
  const { site } = props;
  return (
    <EmailLayout
      site={site}
      preview={`Odstąpienie od umowy — zamówienie #${props.orderNumber}. Co dalej?`}
      heading="Przyjęliśmy Twoje odstąpienie od umowy"
    >
      <EmailText>
        {greeting(props.customerName)} otrzymaliśmy {formatDateTime(props.filedAt)} Twoje oświadczenie o
        odstąpieniu od umowy dla zamówienia <strong>#{props.orderNumber}</strong>. Dotyczy ono produktów:
      </EmailText>
      <EmailItems items={props.items} />
      <EmailSubheading>Co dalej</EmailSubheading>
      {props.rules.map((rule) => (
        <EmailText key={rule}>• {rule}</EmailText>
      ))}
      <EmailDetails rows={[{ label: "Adres do zwrotu", value: <strong>{props.returnAddress}</strong> }]} />
      <EmailActionWithSmallPrint action={{ href: props.orderUrl, label: "Zobacz zamówienie" }}>
        Szczegóły: <EmailLink href={`${site.url}/returns`}>Zwroty i reklamacje</EmailLink>. Pytania? Odpowiedz
        na tę wiadomość albo napisz na {site.email}.
      </EmailActionWithSmallPrint>
    </EmailLayout>
  );
}

export function withdrawalConfirmationText(props: WithdrawalMailProps) {
  const { site } = props;
  return textMessage(site, "Przyjęliśmy Twoje odstąpienie od umowy", [
    `${greeting(props.customerName)} otrzymaliśmy ${formatDateTime(props.filedAt)} Twoje oświadczenie o odstąpieniu od umowy dla zamówienia #${props.orderNumber}. Dotyczy ono produktów:`,
    ...emailItemLines(props.items),
    "",
    "Co dalej:",
    ...props.rules.map((rule) => `- ${rule}`),
    "",
    `Adres do zwrotu: ${props.returnAddress}`,
    `Zamówienie: ${props.orderUrl}`,
    `Zwroty i reklamacje: ${site.url}/returns`,
  ]);
}

export const withdrawalConfirmationMail: MailTemplate<WithdrawalMailProps> = {
  Email: WithdrawalConfirmationEmail,
  subject: withdrawalConfirmationSubject,
  text: withdrawalConfirmationText,
};
