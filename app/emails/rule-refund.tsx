/**
 * To the address a payment was made with, when the payment is refunded because a rule of the shop
 * about that address's own history stops it (decision 037): a product's "max N per customer" already
 * reached by the address's orders, or a first-order code for an address that has ordered. The checkout
 * never told whoever typed the address; only the mailbox learns why.
 */
import { formatPrice } from "~/lib/money";
import { EmailItems, type EmailOrderItem, emailItemLines, greeting, textMessage } from "./email-items";
import { EmailAction, EmailDetails, EmailLayout, EmailNote, type EmailSite, EmailText } from "./email-layout";
import { REFUND_ARRIVAL_TEXT } from "./refund-issued";
import type { MailTemplate } from "./render.server";

export type RuleRefundProps = {
  site: EmailSite;
  customerName: string | null;
  /** Grosze paid and given back in full. */
  amount: number;
  items: EmailOrderItem[];
  /** Which rule: the limit (with the products and their limits) or the first-order code. */
  rule:
    | { kind: "limit"; products: { name: string; limit: number }[] }
    | { kind: "first_order"; code: string };
};

export function ruleRefundSubject({ site }: Pick<RuleRefundProps, "site">) {
  return `${site.name}: zwracamy Twoją płatność`;
}

function explanation({ rule }: Pick<RuleRefundProps, "rule">) {
  if (rule.kind === "first_order") {
    return `Kod ${rule.code} obowiązuje tylko przy pierwszym zamówieniu, a na ten adres e-mail było już zamówienie. Dlatego nie utworzyliśmy zamówienia i zwracamy całą kwotę — możesz zamówić ponownie bez tego kodu.`;
  }
  const limits = rule.products.map((product) => `${product.name} — ${product.limit} szt.`).join(", ");
  return `Zamówienia na ten adres e-mail mają już tyle sztuk, ile wynosi limit na klienta (${limits}). Dlatego nie utworzyliśmy zamówienia i zwracamy całą kwotę.`;
}

export function RuleRefundEmail(props: RuleRefundProps) {
  const { site } = props;
  return (
    <EmailLayout
      site={site}
      preview={`Zwracamy ${formatPrice(props.amount)}.`}
      heading="Zwracamy Twoją płatność"
    >
      <EmailText>
        {greeting(props.customerName)} {explanation(props)}
      </EmailText>
      <EmailDetails rows={[{ label: "Kwota zwrotu", value: <strong>{formatPrice(props.amount)}</strong> }]} />
      <EmailItems items={props.items} />
      <EmailText>{REFUND_ARRIVAL_TEXT}</EmailText>
      <EmailAction href={`${site.url}/merch`}>Wróć do sklepu</EmailAction>
      <EmailNote>
        To nie Ty płaciłeś? Ktoś podał Twój adres przy zakupie — pieniądze wracają do płacącego. Pytania?
        Napisz na {site.email}.
      </EmailNote>
    </EmailLayout>
  );
}

export function ruleRefundText(props: RuleRefundProps) {
  return textMessage(props.site, "Zwracamy Twoją płatność", [
    `${greeting(props.customerName)} ${explanation(props)}`,
    "",
    `Kwota zwrotu: ${formatPrice(props.amount)}`,
    "",
    ...emailItemLines(props.items),
    "",
    REFUND_ARRIVAL_TEXT,
    "",
    "To nie Ty płaciłeś? Ktoś podał Twój adres przy zakupie — pieniądze wracają do płacącego.",
    `Pytania? Napisz na ${props.site.email}.`,
  ]);
}

export const ruleRefundMail: MailTemplate<RuleRefundProps> = {
  Email: RuleRefundEmail,
  subject: ruleRefundSubject,
  text: ruleRefundText,
};
