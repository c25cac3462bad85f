/** To the buyer when the parcel arrived (SPEC §7 send-delivery-confirmation): what now, returns, a review. */
import { EmailItems, type EmailOrderItem, emailItemLines, greeting, textFooter } from "./email-items";
import {
  EmailAction,
  EmailDivider,
  EmailHeading,
  EmailLayout,
  EmailLink,
  EmailNote,
  type EmailSite,
  EmailText,
} from "./email-layout";

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
    <EmailLayout site={site} preview={`Zamówienie #${props.orderNumber} dotarło. Miłego noszenia!`}>
      <EmailHeading>Paczka dotarła!</EmailHeading>
      <EmailText>
        {greeting(props.customerName)} Twoje zamówienie <strong>#{props.orderNumber}</strong> zostało
        dostarczone. Mamy nadzieję, że merch pasuje jak ulał — do zobaczenia na parkiecie!
      </EmailText>
      <EmailItems items={props.items} />
      <EmailText>Podoba Ci się? Zostaw opinię przy produkcie — pomagasz innym wybrać rozmiar.</EmailText>
      <EmailAction href={`${site.url}/account/orders`}>Moje zamówienia</EmailAction>
      <EmailDivider />
      <EmailNote>
        Coś nie tak? Masz 14 dni na odstąpienie od umowy bez podania przyczyny, a na reklamacje — 2 lata.{" "}
        <EmailLink href={`${site.url}/returns`}>Zwroty i reklamacje</EmailLink> ·{" "}
        <EmailLink href={`${site.url}/formularz-odstapienia`}>formularz odstąpienia</EmailLink>
      </EmailNote>
    </EmailLayout>
  );
}

export function deliveryConfirmationText(props: DeliveryConfirmationProps) {
  const { site } = props;
  return [
    "Paczka dotarła!",
    "",
    `${greeting(props.customerName)} Twoje zamówienie #${props.orderNumber} zostało dostarczone.`,
    "",
    ...emailItemLines(props.items),
    "",
    `Zostaw opinię przy produkcie: ${site.url}/account/orders`,
    "",
    "Masz 14 dni na odstąpienie od umowy bez podania przyczyny, a na reklamacje — 2 lata.",
    `Zwroty i reklamacje: ${site.url}/returns`,
    `Formularz odstąpienia: ${site.url}/formularz-odstapienia`,
    ...textFooter(site),
  ].join("\n");
}

export const deliveryConfirmationSample: Omit<DeliveryConfirmationProps, "site"> = {
  customerName: "Ola Nowak",
  orderNumber: "A1B2C3D4",
  items: [
    { name: "Koszulka NOKTURN Logo", size: "M", quantity: 1 },
    { name: "Naklejki Pack Vol. 1", size: null, quantity: 2 },
  ],
};
