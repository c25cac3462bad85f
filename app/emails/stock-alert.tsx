/**
 * "Powiadom mnie" (issue #27): the confirmation of an alert (double opt-in) and the one notice sent
 * when the product or size can be bought. The notice carries its unsubscribe link in the text as well
 * as in the List-Unsubscribe header.
 */
import { textMessage } from "./email-items";
import { EmailActionWithSmallPrint, EmailLayout, EmailLink, type EmailSite, EmailText } from "./email-layout";
import { LinkEmail } from "./link-email";
import type { MailTemplate } from "./render.server";

type AlertSubject = {
  site: EmailSite;
  productName: string;
  /** The size waited for ("M", "M, czarny"), or null for the product as a whole. */
  sizeLabel: string | null;
};

/** „Bluza” or „Bluza” (rozmiar M). */
function quotedProduct({ productName, sizeLabel }: Pick<AlertSubject, "productName" | "sizeLabel">) {
  return sizeLabel ? `„${productName}” (rozmiar ${sizeLabel})` : `„${productName}”`;
}

export type StockAlertConfirmProps = AlertSubject & {
  email: string;
  confirmUrl: string;
  validDays: number;
};

export function stockAlertConfirmSubject(props: Pick<StockAlertConfirmProps, "productName" | "sizeLabel">) {
  return `Potwierdź powiadomienie: ${quotedProduct(props)}`;
}

const IGNORE_NOTE = "To nie Ty? Zignoruj tę wiadomość — bez potwierdzenia nie wyślemy nic więcej.";

export function StockAlertConfirmEmail(props: StockAlertConfirmProps) {
  return (
    <LinkEmail
      site={props.site}
      preview={`Potwierdź, a napiszemy, gdy ${quotedProduct(props)} będzie dostępny.`}
      heading="Potwierdź powiadomienie"
      link={{ href: props.confirmUrl, label: "Potwierdzam" }}
      validity={`Link jest ważny przez ${props.validDays} dni.`}
      smallPrint={IGNORE_NOTE}
    >
      <EmailText>
        Na adres <strong>{props.email}</strong> zamówiono powiadomienie o produkcie {quotedProduct(props)}.
        Potwierdź je, a napiszemy jeden raz, gdy będzie można go kupić.
      </EmailText>
    </LinkEmail>
  );
}

export function stockAlertConfirmText(props: StockAlertConfirmProps) {
  return textMessage(props.site, "Potwierdź powiadomienie", [
    `Na adres ${props.email} zamówiono powiadomienie o produkcie ${quotedProduct(props)}. Potwierdź je, a napiszemy jeden raz, gdy będzie można go kupić:`,
    props.confirmUrl,
    `(link jest ważny przez ${props.validDays} dni)`,
    "",
    IGNORE_NOTE,
  ]);
}

export const stockAlertConfirmMail: MailTemplate<StockAlertConfirmProps> = {
  Email: StockAlertConfirmEmail,
  subject: stockAlertConfirmSubject,
  text: stockAlertConfirmText,
};

export type StockAlertNoticeProps = AlertSubject & {
  productUrl: string;
  unsubscribeUrl: string;
};

export function stockAlertNoticeSubject(props: Pick<StockAlertNoticeProps, "productName" | "sizeLabel">) {
  return `„${props.productName}” jest już dostępny${props.sizeLabel ? ` (rozmiar ${props.sizeLabel})` : ""}`;
}

const ONCE_NOTE = "To jedyna wiadomość w tej sprawie: powiadomienie wysyłamy raz.";

export function StockAlertNoticeEmail(props: StockAlertNoticeProps) {
  return (
    <EmailLayout
      site={props.site}
      preview={`${quotedProduct(props)} można już kupić. Liczba sztuk jest ograniczona.`}
      heading={stockAlertNoticeSubject(props)}
    >
      <EmailText>
        Dajemy znać, jak obiecaliśmy: {quotedProduct(props)} można już kupić. Liczba sztuk jest ograniczona.
      </EmailText>
      <EmailActionWithSmallPrint action={{ href: props.productUrl, label: "Zobacz produkt" }}>
        {ONCE_NOTE} Nie chcesz takich wiadomości?{" "}
        <EmailLink href={props.unsubscribeUrl}>Wypisz się</EmailLink>.
      </EmailActionWithSmallPrint>
    </EmailLayout>
  );
}

export function stockAlertNoticeText(props: StockAlertNoticeProps) {
  return textMessage(props.site, stockAlertNoticeSubject(props), [
    `Dajemy znać, jak obiecaliśmy: ${quotedProduct(props)} można już kupić. Liczba sztuk jest ograniczona.`,
    "",
    `Zobacz produkt: ${props.productUrl}`,
    "",
    `${ONCE_NOTE} Nie chcesz takich wiadomości? Wypisz się: ${props.unsubscribeUrl}`,
  ]);
}

export const stockAlertNoticeMail: MailTemplate<StockAlertNoticeProps> = {
  Email: StockAlertNoticeEmail,
  subject: stockAlertNoticeSubject,
  text: stockAlertNoticeText,
};
