/** A new link confirming the address (asked for from the account page). */
import { Link, Section } from "@react-email/components";
import { textFooter } from "./email-items";
import {
  EmailButton,
  EmailHeading,
  EmailLayout,
  type EmailSite,
  EmailText,
  emailColors,
} from "./email-layout";

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
  const { site } = props;
  return (
    <EmailLayout site={site} preview="Potwierdź swój adres e-mail jednym kliknięciem.">
      <EmailHeading>Potwierdź adres e-mail</EmailHeading>
      <EmailText>
        Kliknij przycisk, aby potwierdzić, że adres <strong>{props.email}</strong> należy do Ciebie.
        Zamówienia złożone na ten adres bez konta pojawią się wtedy w historii Twojego konta.
      </EmailText>
      <Section style={{ margin: "8px 0 24px" }}>
        <EmailButton href={props.verifyUrl}>Potwierdź adres e-mail</EmailButton>
      </Section>
      <EmailText style={{ fontSize: "13px", color: emailColors.muted }}>
        Link jest ważny przez {props.verifyValidHours} godz. Jeśli przycisk nie działa, skopiuj ten adres do
        przeglądarki:
        <br />
        <Link href={props.verifyUrl} style={{ color: emailColors.text, wordBreak: "break-all" }}>
          {props.verifyUrl}
        </Link>
      </EmailText>
    </EmailLayout>
  );
}

export function verifyEmailText(props: VerifyEmailProps) {
  return [
    "Potwierdź adres e-mail",
    "",
    `Otwórz ten link, aby potwierdzić, że adres ${props.email} należy do Ciebie. Zamówienia złożone na ten adres bez konta pojawią się wtedy w historii Twojego konta:`,
    props.verifyUrl,
    `(link jest ważny przez ${props.verifyValidHours} godz.)`,
    ...textFooter(props.site),
  ].join("\n");
}
