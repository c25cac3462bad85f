/** To the buyer when the shop gives money back for an order: the amount, the lines, when it arrives. */
import { formatPrice } from "~/lib/money";
import { EmailItems, type EmailOrderItem, emailItemLabel, greeting, textMessage } from "./email-items";
import { EmailDetails, EmailLayout, EmailNote, type EmailSite, EmailText } from "./email-layout";
import type { MailTemplate } from "./render.server";

/** When refunded money typically reaches the buyer (card or account used to pay). */
export const REFUND_ARRIVAL_TEXT =
  "Pieniądze wrócą tą samą drogą, którą zapłacono — zwykle w ciągu kilku dni roboczych na kartę lub konto użyte do płatności (termin zależy od banku).";

export type RefundIssuedProps = {
  site: EmailSite;
  customerName: string | null;
  orderNumber: string;
  /** Grosze given back in total. */
  amount: number;
  /** Of which the delivery cost (0 when not refunded). */
  deliveryAmount: number;
  /** Refunded units; `pricePerUnit` omitted, the line total is in `amount`. */
  items: (EmailOrderItem & { amount: number })[];
  reason: string;
  refundedAt: Date;
};

export function refundIssuedSubject({ site, orderNumber }: Pick<RefundIssuedProps, "site" | "orderNumber">) {
  return `${site.name}: zwrot pieniędzy za zamówienie #${orderNumber}`;
}

function refundedLines(props: RefundIssuedProps): EmailOrderItem[] {
  return props.items.map((item) => ({ name: item.name, size: item.size, quantity: item.quantity }));
}

export function RefundIssuedEmail(props: RefundIssuedProps) {
  const { site } = props;
  return (
    <EmailLayout
      site={site}
      preview={`Zwracamy ${formatPrice(props.amount)} za zamówienie #${props.orderNumber}.`}
      heading="Zwrot pieniędzy"
    >
      <EmailText>
        {greeting(props.customerName)} zleciliśmy zwrot <strong>{formatPrice(props.amount)}</strong> za
        zamówienie <strong>#{props.orderNumber}</strong>.
      </EmailText>
      <EmailDetails
        rows={[
          { label: "Zamówienie", value: `#${props.orderNumber}` },
          { label: "Kwota zwrotu", value: <strong>{formatPrice(props.amount)}</strong> },
          ...(props.deliveryAmount > 0
            ? [{ label: "W tym dostawa", value: formatPrice(props.deliveryAmount) }]
            : []),
          { label: "Powód", value: props.reason },
        ]}
      />
      {props.items.length > 0 ? <EmailItems title="Zwracane produkty" items={refundedLines(props)} /> : null}
      <EmailText>{REFUND_ARRIVAL_TEXT}</EmailText>
      <EmailNote>
        Pytania? Odpisz na tę wiadomość albo napisz na {site.email} — podaj numer zamówienia.
      </EmailNote>
    </EmailLayout>
  );
}

export function refundIssuedText(props: RefundIssuedProps) {
  return textMessage(props.site, "Zwrot pieniędzy", [
    `${greeting(props.customerName)} zleciliśmy zwrot ${formatPrice(props.amount)} za zamówienie #${props.orderNumber}.`,
    "",
    `Kwota zwrotu: ${formatPrice(props.amount)}`,
    ...(props.deliveryAmount > 0 ? [`W tym dostawa: ${formatPrice(props.deliveryAmount)}`] : []),
    `Powód: ${props.reason}`,
    ...(props.items.length > 0
      ? [
          "",
          "Zwracane produkty:",
          ...props.items.map(
            (item) => `- ${emailItemLabel(item)} × ${item.quantity} = ${formatPrice(item.amount)}`,
          ),
        ]
      : []),
    "",
    REFUND_ARRIVAL_TEXT,
    "",
    `Pytania? Napisz na ${props.site.email} — podaj numer zamówienia.`,
  ]);
}

export const refundIssuedMail: MailTemplate<RefundIssuedProps> = {
  Email: RefundIssuedEmail,
  subject: refundIssuedSubject,
  text: refundIssuedText,
};
