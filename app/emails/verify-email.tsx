/** A new link confirming the address (asked for from the account page). */
import { textMessage } from "./email-items";
import { type EmailSite, EmailText } from "./email-layout";
import { LinkEmail } from "./link-email";
import type { MailTemplate } from "./render.server";

export type VerifyEmailProps = {
  site: EmailSite;
  email: string;
  verifyUrl: string;
  verifyValidHours: number;
};

export function verifyEmailSubject({ site }: Pick<VerifyEmailProps, "site">) {
  return `${site.name}: potwierdź swój adres e-mail`;
}

export function VerifyEmailEmail(props: VerifyEmailProps) {
  return (
    <LinkEmail
      site={props.site}
      preview="Potwierdź swój adres e-mail jednym kliknięciem."
      heading="Potwierdź adres e-mail"
      link={{ href: props.verifyUrl, label: "Potwierdź adres e-mail" }}
      validity={`Link jest ważny przez ${props.verifyValidHours} godz.`}
    >
      <EmailText>
        Kliknij przycisk, aby potwierdzić, że adres <strong>{props.email}</strong> należy do Ciebie.
        Zamówienia złożone na ten adres bez konta pojawią się wtedy w historii Twojego konta.
      </EmailText>
    </LinkEmail>
  );
}

export function verifyEmailText(props: VerifyEmailProps) {
  return textMessage(props.site, "Potwierdź adres e-mail", [
    `Otwórz ten link, aby potwierdzić, że adres ${props.email} należy do Ciebie. Zamówienia złożone na ten adres bez konta pojawią się wtedy w historii Twojego konta:`,
    props.verifyUrl,
    `(link jest ważny przez ${props.verifyValidHours} godz.)`,
  ]);
}

export const verifyEmailMail: MailTemplate<VerifyEmailProps> = {
  Email: VerifyEmailEmail,
  subject: verifyEmailSubject,
  text: verifyEmailText,
};
