/** To the buyer: the order confirmation (Polish consumer law: totals, delivery, the right of withdrawal). */
import { Link, Section } from "@react-email/components";
import { formatDateTime } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import {
  EmailButton,
  EmailDetails,
  EmailDivider,
  EmailHeading,
  EmailLayout,
  type EmailSite,
  EmailText,
  emailColors,
} from "./email-layout";

export type OrderConfirmationItem = {
  name: string;
  size: string | null;
  quantity: number;
  pricePerUnit: number;
};

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

function itemLabel(item: OrderConfirmationItem) {
  return item.size ? `${item.name} (rozmiar ${item.size})` : item.name;
}

export function orderConfirmationText(props: OrderConfirmationProps) {
  const lines = [
    `Dziękujemy za zamówienie #${props.orderNumber} z dnia ${formatDateTime(props.createdAt)}.`,
    "",
    ...props.items.map(
      (item) =>
        `${itemLabel(item)} — ${item.quantity} × ${formatPrice(item.pricePerUnit)} = ${formatPrice(item.pricePerUnit * item.quantity)}`,
    ),
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

const cell = {
  fontSize: "14px",
  padding: "8px 0",
  borderBottom: `1px solid ${emailColors.border}`,
  color: emailColors.text,
};

export function OrderConfirmationEmail(props: OrderConfirmationProps) {
  const { site } = props;
  return (
    <EmailLayout
      site={site}
      preview={`Zamówienie #${props.orderNumber} przyjęte — ${formatPrice(props.total)}`}
    >
      <EmailHeading>Dziękujemy za zamówienie!</EmailHeading>
      <EmailText>
        {props.customerName ? `Cześć ${props.customerName.split(" ")[0]}, ` : ""}przyjęliśmy Twoje zamówienie{" "}
        <strong>#{props.orderNumber}</strong> z dnia {formatDateTime(props.createdAt)}. Płatność została
        zaksięgowana.
      </EmailText>
      <table
        role="presentation"
        cellPadding={0}
        cellSpacing={0}
        style={{ width: "100%", marginBottom: "16px" }}
      >
        <tbody>
          {props.items.map((item, index) => (
            <tr key={`${item.name}-${index}`}>
              <td style={cell}>
                {itemLabel(item)}
                <br />
                <span style={{ color: emailColors.muted, fontSize: "13px" }}>
                  {item.quantity} × {formatPrice(item.pricePerUnit)}
                </span>
              </td>
              <td style={{ ...cell, textAlign: "right", whiteSpace: "nowrap" }}>
                {formatPrice(item.pricePerUnit * item.quantity)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
      <EmailText style={{ fontWeight: 700, marginBottom: "4px" }}>Dostawa</EmailText>
      <EmailText>
        {props.deliveryAddress.map((line, index) => (
          <span key={`${line}-${index}`}>
            {line}
            <br />
          </span>
        ))}
      </EmailText>
      <EmailText>{props.shippingTime}</EmailText>
      <Section style={{ margin: "8px 0 24px" }}>
        <EmailButton href={props.orderUrl}>Sprawdź status zamówienia</EmailButton>
      </Section>
      <EmailDivider />
      <EmailText style={{ fontSize: "13px", color: emailColors.muted }}>
        Prawo odstąpienia od umowy: masz 14 dni od otrzymania przesyłki na odstąpienie od umowy bez podania
        przyczyny. Możesz skorzystać z{" "}
        <Link href={`${site.url}/formularz-odstapienia`} style={{ color: emailColors.text }}>
          wzoru formularza odstąpienia
        </Link>
        . Szczegóły:{" "}
        <Link href={`${site.url}/returns`} style={{ color: emailColors.text }}>
          zwroty i reklamacje
        </Link>
        .
      </EmailText>
    </EmailLayout>
  );
}
