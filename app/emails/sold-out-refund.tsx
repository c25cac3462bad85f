/**
 * To the buyer whose payment arrived after the products sold out (a delayed bank or Przelewy24 payment
 * confirmed after the reservation expired): no order was created and the whole amount goes back.
 */
import { formatPrice } from "~/lib/money";
import { EmailItems, type EmailOrderItem, emailItemLines, greeting, textMessage } from "./email-items";
import { EmailAction, EmailDetails, EmailLayout, EmailNote, type EmailSite, EmailText } from "./email-layout";
import { REFUND_ARRIVAL_TEXT } from "./refund-issued";
import type { MailTemplate } from "./render.server";

export type SoldOutRefundProps = {
  site: EmailSite;
  customerName: string | null;
  /** Grosze paid and given back in full. */
  amount: number;
  items: EmailOrderItem[];
  paidAt: Date;
};

export function soldOutRefundSubject({ site }: Pick<SoldOutRefundProps, "site">) {
  return `${site.name}: zwracamy Twoją płatność — produkty zostały wyprzedane`;
}

const EXPLANATION =
  "Twoja płatność dotarła do nas po czasie, na który zarezerwowaliśmy produkty, a w międzyczasie zostały one wyprzedane. Dlatego nie utworzyliśmy zamówienia i zwracamy całą kwotę.";

export function SoldOutRefundEmail(props: SoldOutRefundProps) {
  const { site } = props;
  return (
    <EmailLayout
      site={site}
      preview={`Zwracamy ${formatPrice(props.amount)} — produkty zostały wyprzedane.`}
      heading="Zwracamy Twoją płatność"
    >
      <EmailText>
        {greeting(props.customerName)} {EXPLANATION} Przepraszamy!
      </EmailText>
      <EmailDetails rows={[{ label: "Kwota zwrotu", value: <strong>{formatPrice(props.amount)}</strong> }]} />
      <EmailItems items={props.items} />
      <EmailText>{REFUND_ARRIVAL_TEXT}</EmailText>
      <EmailAction href={`${site.url}/merch`}>Zobacz, co jest dostępne</EmailAction>
      <EmailNote>Pytania? Odpisz na tę wiadomość albo napisz na {site.email}.</EmailNote>
    </EmailLayout>
  );
}

export function soldOutRefundText(props: SoldOutRefundProps) {
  return textMessage(props.site, "Zwracamy Twoją płatność", [
    `${greeting(props.customerName)} ${EXPLANATION} Przepraszamy!`,
    "",
    `Kwota zwrotu: ${formatPrice(props.amount)}`,
    "",
    ...emailItemLines(props.items),
    "",
    REFUND_ARRIVAL_TEXT,
    "",
    `Zobacz, co jest dostępne: ${props.site.url}/merch`,
    `Pytania? Napisz na ${props.site.email}.`,
  ]);
}

export const soldOutRefundMail: MailTemplate<SoldOutRefundProps> = {
  Email: SoldOutRefundEmail,
  subject: soldOutRefundSubject,
  text: soldOutRefundText,
};
