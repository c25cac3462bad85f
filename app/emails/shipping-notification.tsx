/** To the buyer when the parcel leaves: tracking number and link (SPEC §7 send-shipping-notification). */
import { EmailItems, type EmailOrderItem, emailItemLines, greeting, textMessage } from "./email-items";
import {
  EmailAction,
  EmailDetails,
  EmailLayout,
  EmailLink,
  EmailNote,
  type EmailSite,
  EmailText,
} from "./email-layout";
import type { MailTemplate } from "./render.server";

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
  return (
    <EmailLayout
      site={props.site}
      preview={`Zamówienie #${props.orderNumber} wysłane — numer przesyłki ${props.trackingNumber}.`}
      heading="Twoja paczka jest w drodze!"
    >
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
      <EmailItems title="W paczce" items={props.items} />
      {props.orderUrl ? (
        <EmailNote>
          Szczegóły zamówienia: <EmailLink href={props.orderUrl}>status zamówienia</EmailLink>
        </EmailNote>
      ) : null}
    </EmailLayout>
  );
}

export function shippingNotificationText(props: ShippingNotificationProps) {
  return textMessage(props.site, "Twoja paczka jest w drodze!", [
    `${greeting(props.customerName)} wysłaliśmy Twoje zamówienie #${props.orderNumber}. Zwykle dociera w 1–2 dni robocze.`,
    "",
    `Numer przesyłki: ${props.trackingNumber}`,
    ...(props.trackingUrl ? [`Śledź przesyłkę: ${props.trackingUrl}`] : []),
    "",
    ...emailItemLines(props.items, "W paczce"),
    ...(props.orderUrl ? ["", `Status zamówienia: ${props.orderUrl}`] : []),
  ]);
}

export const shippingNotificationMail: MailTemplate<ShippingNotificationProps> = {
  Email: ShippingNotificationEmail,
  subject: shippingNotificationSubject,
  text: shippingNotificationText,
};
