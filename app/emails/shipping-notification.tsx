/** To the buyer when the parcel leaves: tracking number and link (SPEC §7 send-shipping-notification). */
import { EmailItems, type EmailOrderItem, emailItemLines, greeting, textFooter } from "./email-items";
import {
  EmailAction,
  EmailDetails,
  EmailHeading,
  EmailLayout,
  EmailLink,
  EmailNote,
  type EmailSite,
  EmailSubheading,
  EmailText,
} from "./email-layout";

export type ShippingNotificationProps = {
  site: EmailSite;
  customerName: string | null;
  /** Short order number as customers see it, e.g. "A1B2C3D4". */
  orderNumber: string;
  trackingNumber: string;
  /** The carrier's tracking page; null when the carrier gives none. */
  trackingUrl: string | null;
  items: EmailOrderItem[];
  /** Private link to the order's status page, if there is one. */
  orderUrl?: string | null;
};

export function shippingNotificationSubject({
  site,
  orderNumber,
}: Pick<ShippingNotificationProps, "site" | "orderNumber">) {
  return `${site.name}: zamówienie #${orderNumber} jest w drodze`;
}

export function ShippingNotificationEmail(props: ShippingNotificationProps) {
  const { site } = props;
  return (
    <EmailLayout
      site={site}
      preview={`Zamówienie #${props.orderNumber} wysłane — numer przesyłki ${props.trackingNumber}.`}
    >
      <EmailHeading>Twoja paczka jest w drodze!</EmailHeading>
      <EmailText>
        {greeting(props.customerName)} wysłaliśmy Twoje zamówienie <strong>#{props.orderNumber}</strong>.
        Zwykle dociera w 1–2 dni robocze.
      </EmailText>
      <EmailDetails
        rows={[
          { label: "Zamówienie", value: `#${props.orderNumber}` },
          { label: "Numer przesyłki", value: <strong>{props.trackingNumber}</strong> },
        ]}
      />
      {props.trackingUrl ? <EmailAction href={props.trackingUrl}>Śledź przesyłkę</EmailAction> : null}
      <EmailSubheading>W paczce</EmailSubheading>
      <EmailItems items={props.items} />
      {props.orderUrl ? (
        <EmailNote>
          Szczegóły zamówienia: <EmailLink href={props.orderUrl}>status zamówienia</EmailLink>
        </EmailNote>
      ) : null}
    </EmailLayout>
  );
}

export function shippingNotificationText(props: ShippingNotificationProps) {
  return [
    "Twoja paczka jest w drodze!",
    "",
    `${greeting(props.customerName)} wysłaliśmy Twoje zamówienie #${props.orderNumber}. Zwykle dociera w 1–2 dni robocze.`,
    "",
    `Numer przesyłki: ${props.trackingNumber}`,
    ...(props.trackingUrl ? [`Śledź przesyłkę: ${props.trackingUrl}`] : []),
    "",
    "W paczce:",
    ...emailItemLines(props.items),
    ...(props.orderUrl ? ["", `Status zamówienia: ${props.orderUrl}`] : []),
    ...textFooter(props.site),
  ].join("\n");
}

export const shippingNotificationSample: Omit<ShippingNotificationProps, "site"> = {
  customerName: "Ola Nowak",
  orderNumber: "A1B2C3D4",
  trackingNumber: "620123456789012345678901",
  trackingUrl: "https://inpost.pl/sledzenie-przesylek?number=620123456789012345678901",
  items: [
    { name: "Koszulka NOKTURN Logo", size: "M", quantity: 1 },
    { name: "Naklejki Pack Vol. 1", size: null, quantity: 2 },
  ],
};
