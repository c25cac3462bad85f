/** To the buyer when the parcel arrived (SPEC §7 send-delivery-confirmation): what now, returns, a review. */
import { EmailItems, type EmailOrderItem, emailItemLines, greeting, textMessage } from "./email-items";
import { EmailActionWithSmallPrint, EmailLayout, EmailLink, type EmailSite, EmailText } from "./email-layout";
import type { MailTemplate } from "./render.server";

export type DeliveryConfirmationProps = {
  site: EmailSite;
  customerName: string | null;
  orderNumber: string;
  items: EmailOrderItem[];
};

export function deliveryConfirmationSubject({
  site,
  orderNumber,
}: Pick<DeliveryConfirmationProps, "site" | "orderNumber">) {
  return `${site.name}: zamówienie #${orderNumber} dostarczone`;
}

export function DeliveryConfirmationEmail(props: DeliveryConfirmationProps) {
  const { site } = props;
  return (
    <EmailLayout
      site={site}
      preview={`Zamówienie #${props.orderNumber} dotarło. Miłego noszenia!`}
      heading="Paczka dotarła!"
    >
      <EmailText>
        {greeting(props.customerName)} Twoje zamówienie <strong>#{props.orderNumber}</strong> zostało
        dostarczone. Mamy nadzieję, że merch pasuje jak ulał — do zobaczenia na parkiecie!
      </EmailText>
      <EmailItems items={props.items} />
      <EmailText>Podoba Ci się? Zostaw opinię przy produkcie — pomagasz innym wybrać rozmiar.</EmailText>
      <EmailActionWithSmallPrint action={{ href: `${site.url}/account/orders`, label: "Moje zamówienia" }}>
        Coś nie tak? Masz 14 dni na odstąpienie od umowy bez podania przyczyny, a na reklamacje — 2 lata.{" "}
        <EmailLink href={`${site.url}/returns`}>Zwroty i reklamacje</EmailLink> ·{" "}
        <EmailLink href={`${site.url}/formularz-odstapienia`}>formularz odstąpienia</EmailLink>
      </EmailActionWithSmallPrint>
    </EmailLayout>
  );
}

export function deliveryConfirmationText(props: DeliveryConfirmationProps) {
  const { site } = props;
  return textMessage(site, "Paczka dotarła!", [
    `${greeting(props.customerName)} Twoje zamówienie #${props.orderNumber} zostało dostarczone.`,
    "",
    ...emailItemLines(props.items),
    "",
    `Zostaw opinię przy produkcie: ${site.url}/account/orders`,
    "",
    "Masz 14 dni na odstąpienie od umowy bez podania przyczyny, a na reklamacje — 2 lata.",
    `Zwroty i reklamacje: ${site.url}/returns`,
    `Formularz odstąpienia: ${site.url}/formularz-odstapienia`,
  ]);
}

export const deliveryConfirmationMail: MailTemplate<DeliveryConfirmationProps> = {
  Email: DeliveryConfirmationEmail,
  subject: deliveryConfirmationSubject,
  text: deliveryConfirmationText,
};
