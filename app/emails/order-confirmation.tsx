/** To the buyer: the order confirmation (Polish consumer law: totals, delivery, the right of withdrawal). */
import { formatDateTime } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import {
  lowestPriorText,
  type OrderLineSale,
  saleNoteParts,
  saleNoteText,
} from "~/modules/catalog/price-labels";
import { TICKET_ENTRY_TEXT, TICKET_NO_WITHDRAWAL_TEXT } from "~/modules/tickets/ticket-terms";
import { emailItemLabel, itemCell } from "./email-items";
import {
  EmailActionWithSmallPrint,
  EmailDetails,
  EmailDivider,
  EmailLayout,
  EmailLink,
  type EmailSite,
  EmailSubheading,
  EmailTable,
  EmailText,
  emailColors,
} from "./email-layout";
import type { MailTemplate } from "./render.server";

export type OrderConfirmationItem = {
  name: string;
  size: string | null;
  quantity: number;
  /** What one unit was paid (the sale price for a line bought during a sale). */
  pricePerUnit: number;
  /** Bought at a sale price: the regular price, the reduction and the 30-day lowest (issue #28). */
  sale?: OrderLineSale | null;
};

/** "2 × 95,99 zł", and for a line bought at a sale price " (cena regularna 119,99 zł, -20%)". */
function unitPriceText(item: OrderConfirmationItem) {
  const paid = `${item.quantity} × ${formatPrice(item.pricePerUnit)}`;
  return item.sale ? `${paid} ${saleNoteText(item.sale)}` : paid;
}

/** The same in the HTML part, the regular price struck as on the shop's pages (its words kept). */
function UnitPrice({ item }: { item: OrderConfirmationItem }) {
  const paid = `${item.quantity} × ${formatPrice(item.pricePerUnit)}`;
  if (!item.sale) return paid;
  const { before, regular, after } = saleNoteParts(item.sale);
  return (
    <>
      {`${paid} ${before}`}
      <s style={{ textDecoration: "line-through" }}>{regular}</s>
      {after}
    </>
  );
}

export type OrderConfirmationProps = {
  site: EmailSite;
  orderNumber: string;
  customerName: string | null;
  createdAt: Date;
  items: OrderConfirmationItem[];
  subtotal: number;
  discountAmount: number;
  discountCode: string | null;
  deliveryLabel: string;
  deliveryCost: number;
  total: number;
  /** Courier address or parcel locker, as lines. */
  deliveryAddress: string[];
  /** Private link to the order's status page (works without an account). */
  orderUrl: string;
  shippingTime: string;
  /** The e-tickets of the order, per night (issue #40); absent or empty for merch only. */
  tickets?: OrderConfirmationNight[];
  /** Whether anything is shipped (false: tickets only). */
  shipped?: boolean;
  /** The VAT included, per rate (issue #40). */
  vat?: VatRow[];
};

/** The VAT included at one rate (orders/vat.ts `vatSplit`'s rows). */
export type VatRow = { rate: number; vat: number };

export type OrderConfirmationNight = {
  title: string;
  /** "sobota, 12 grudnia 2026, 22:00" */
  when: string;
  venue: string;
  tickets: { holder: string; typeName: string }[];
};

function vatLabel(row: VatRow) {
  return `w tym VAT ${row.rate}%`;
}

function ticketLines(props: OrderConfirmationProps) {
  return (props.tickets ?? []).flatMap((night) => [
    `${night.title} — ${night.when}, ${night.venue}`,
    ...night.tickets.map((ticket) => `  ${ticket.typeName}: ${ticket.holder}`),
  ]);
}

export function orderConfirmationSubject({
  site,
  orderNumber,
}: Pick<OrderConfirmationProps, "site" | "orderNumber">) {
  return `${site.name}: potwierdzenie zamówienia #${orderNumber}`;
}

export function orderConfirmationText(props: OrderConfirmationProps) {
  const lines = [
    `Dziękujemy za zamówienie #${props.orderNumber} z dnia ${formatDateTime(props.createdAt)}.`,
    "",
    ...props.items.flatMap((item) => [
      `${emailItemLabel(item)} — ${unitPriceText(item)} = ${formatPrice(item.pricePerUnit * item.quantity)}`,
      ...(item.sale ? [`  ${lowestPriorText(item.sale.lowestPrior)}`] : []),
    ]),
    ...(props.tickets?.length
      ? [
          "",
          "Bilety (w załączniku jako PDF; pokaż kod QR przy wejściu):",
          ...ticketLines(props),
          TICKET_ENTRY_TEXT,
        ]
      : []),
    "",
    `${subtotalLabel(props)}: ${formatPrice(props.subtotal)}`,
    ...(props.discountAmount > 0
      ? [
          `Rabat${props.discountCode ? ` (${props.discountCode})` : ""}: −${formatPrice(props.discountAmount)}`,
        ]
      : []),
    ...(props.shipped === false
      ? []
      : [`Dostawa (${props.deliveryLabel}): ${formatPrice(props.deliveryCost)}`]),
    `Razem: ${formatPrice(props.total)}`,
    ...(props.vat ?? []).map((row) => `${vatLabel(row)}: ${formatPrice(row.vat)}`),
    ...(props.shipped === false ? [] : ["", "Dostawa:", ...props.deliveryAddress, "", props.shippingTime]),
    "",
    `Status zamówienia: ${props.orderUrl}`,
    "",
    ...(props.tickets?.length ? [TICKET_NO_WITHDRAWAL_TEXT] : []),
    ...(props.shipped === false
      ? []
      : [
          "Prawo odstąpienia od umowy: masz 14 dni od otrzymania przesyłki na odstąpienie od umowy bez podania przyczyny.",
          `Wzór formularza odstąpienia: ${props.site.url}/formularz-odstapienia`,
          `Zasady zwrotów: ${props.site.url}/returns`,
        ]),
  ];
  return lines.join("\n");
}

function subtotalLabel(props: OrderConfirmationProps) {
  if (!props.tickets?.length) return "Produkty";
  return props.shipped === false ? "Bilety" : "Produkty i bilety";
}

function TicketsSection({ nights }: { nights: OrderConfirmationNight[] }) {
  return (
    <>
      <EmailDivider />
      <EmailSubheading>Bilety</EmailSubheading>
      <EmailText>
        Bilety są w załączniku (PDF, jedna strona na bilet) — pokaż kod QR przy wejściu. {TICKET_ENTRY_TEXT}
      </EmailText>
      {nights.map((night) => (
        <EmailText key={`${night.title}-${night.when}`}>
          <strong>{night.title}</strong>
          <br />
          {night.when}, {night.venue}
          {night.tickets.map((ticket, index) => (
            <span key={`${ticket.holder}-${index}`}>
              <br />
              {ticket.typeName}: {ticket.holder}
            </span>
          ))}
        </EmailText>
      ))}
    </>
  );
}

export function OrderConfirmationEmail(props: OrderConfirmationProps) {
  const { site } = props;
  return (
    <EmailLayout
      site={site}
      preview={`Zamówienie #${props.orderNumber} przyjęte — ${formatPrice(props.total)}`}
      heading="Dziękujemy za zamówienie!"
    >
      <EmailText>
        {props.customerName ? `Cześć ${props.customerName.split(" ")[0]}, ` : ""}przyjęliśmy Twoje zamówienie{" "}
        <strong>#{props.orderNumber}</strong> z dnia {formatDateTime(props.createdAt)}. Płatność została
        zaksięgowana.
      </EmailText>
      <EmailTable>
        {props.items.map((item, index) => (
          <tr key={`${item.name}-${index}`}>
            <td style={itemCell}>
              {emailItemLabel(item)}
              <br />
              <span style={{ color: emailColors.muted, fontSize: "13px" }}>
                <UnitPrice item={item} />
              </span>
              {item.sale ? (
                <>
                  <br />
                  <span style={{ color: emailColors.muted, fontSize: "12px" }}>
                    {lowestPriorText(item.sale.lowestPrior)}
                  </span>
                </>
              ) : null}
            </td>
            <td style={{ ...itemCell, textAlign: "right", whiteSpace: "nowrap" }}>
              {formatPrice(item.pricePerUnit * item.quantity)}
            </td>
          </tr>
        ))}
      </EmailTable>
      <EmailDetails
        rows={[
          { label: subtotalLabel(props), value: formatPrice(props.subtotal) },
          ...(props.discountAmount > 0
            ? [
                {
                  label: `Rabat${props.discountCode ? ` (${props.discountCode})` : ""}`,
                  value: `−${formatPrice(props.discountAmount)}`,
                },
              ]
            : []),
          ...(props.shipped === false
            ? []
            : [{ label: `Dostawa (${props.deliveryLabel})`, value: formatPrice(props.deliveryCost) }]),
          { label: "Razem", value: <strong>{formatPrice(props.total)}</strong> },
          ...(props.vat ?? []).map((row) => ({ label: vatLabel(row), value: formatPrice(row.vat) })),
        ]}
      />
      {props.tickets?.length ? <TicketsSection nights={props.tickets} /> : null}
      {props.shipped === false ? null : (
        <>
          <EmailDivider />
          <EmailSubheading>Dostawa</EmailSubheading>
          <EmailText>
            {props.deliveryAddress.map((line, index) => (
              <span key={`${line}-${index}`}>
                {line}
                <br />
              </span>
            ))}
          </EmailText>
          <EmailText>{props.shippingTime}</EmailText>
        </>
      )}
      <EmailActionWithSmallPrint action={{ href: props.orderUrl, label: "Sprawdź status zamówienia" }}>
        {props.tickets?.length ? <>{TICKET_NO_WITHDRAWAL_TEXT} </> : null}
        {props.shipped === false ? null : (
          <>
            Prawo odstąpienia od umowy: masz 14 dni od otrzymania przesyłki na odstąpienie od umowy bez
            podania przyczyny. Możesz skorzystać z{" "}
            <EmailLink href={`${site.url}/formularz-odstapienia`}>wzoru formularza odstąpienia</EmailLink>.
            Szczegóły: <EmailLink href={`${site.url}/returns`}>zwroty i reklamacje</EmailLink>.
          </>
        )}
      </EmailActionWithSmallPrint>
    </EmailLayout>
  );
}

export const orderConfirmationMail: MailTemplate<OrderConfirmationProps> = {
  Email: OrderConfirmationEmail,
  subject: orderConfirmationSubject,
  text: orderConfirmationText,
};
