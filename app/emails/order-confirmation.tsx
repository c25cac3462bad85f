/** To the buyer: the order confirmation (Polish consumer law: totals, delivery, the right of withdrawal). */
import { formatDateTime } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import {
  lowestPriorText,
  type OrderLineSale,
  saleNoteParts,
  saleNoteText,
} from "~/modules/catalog/price-labels";
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
};

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
    "",
    `Produkty: ${formatPrice(props.subtotal)}`,
    ...(props.discountAmount > 0
      ? [
          `Rabat${props.discountCode ? ` (${props.discountCode})` : ""}: −${formatPrice(props.discountAmount)}`,
        ]
      : []),
    `Dostawa (${props.deliveryLabel}): ${formatPrice(props.deliveryCost)}`,
    `Razem: ${formatPrice(props.total)}`,
    "",
    "Dostawa:",
    ...props.deliveryAddress,
    "",
    props.shippingTime,
    "",
    `Status zamówienia: ${props.orderUrl}`,
    "",
    "Prawo odstąpienia od umowy: masz 14 dni od otrzymania przesyłki na odstąpienie od umowy bez podania przyczyny.",
    `Wzór formularza odstąpienia: ${props.site.url}/formularz-odstapienia`,
    `Zasady zwrotów: ${props.site.url}/returns`,
  ];
  return lines.join("\n");
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
          { label: "Produkty", value: formatPrice(props.subtotal) },
          ...(props.discountAmount > 0
            ? [
                {
                  label: `Rabat${props.discountCode ? ` (${props.discountCode})` : ""}`,
                  value: `−${formatPrice(props.discountAmount)}`,
                },
              ]
            : []),
          { label: `Dostawa (${props.deliveryLabel})`, value: formatPrice(props.deliveryCost) },
          { label: "Razem", value: <strong>{formatPrice(props.total)}</strong> },
        ]}
      />
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
      <EmailActionWithSmallPrint action={{ href: props.orderUrl, label: "Sprawdź status zamówienia" }}>
        Prawo odstąpienia od umowy: masz 14 dni od otrzymania przesyłki na odstąpienie od umowy bez podania
        przyczyny. Możesz skorzystać z{" "}
        <EmailLink href={`${site.url}/formularz-odstapienia`}>wzoru formularza odstąpienia</EmailLink>.
        Szczegóły: <EmailLink href={`${site.url}/returns`}>zwroty i reklamacje</EmailLink>.
      </EmailActionWithSmallPrint>
    </EmailLayout>
  );
}

export const orderConfirmationMail: MailTemplate<OrderConfirmationProps> = {
  Email: OrderConfirmationEmail,
  subject: orderConfirmationSubject,
  text: orderConfirmationText,
};
