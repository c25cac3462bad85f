/** To a new customer after sign-up: welcome, and the link that confirms the address. */
import { Link, Section } from "@react-email/components";
import { textFooter } from "./email-items";
import {
  EmailButton,
  EmailDivider,
  EmailHeading,
  EmailLayout,
  type EmailSite,
  EmailText,
  emailColors,
} from "./email-layout";

export type WelcomeEmailProps = {
  site: EmailSite;
  email: string;
  /** The part of the address before "@" (SPEC §7: name). */
  name: string;
  /** Confirms the address; guest orders placed with it join the account after that. */
  verifyUrl: string;
  verifyValidHours: number;
};

export function welcomeSubject({ site }: Pick<WelcomeEmailProps, "site">) {
  return `Witaj w ${site.name}! Potwierdź swój adres e-mail`;
}

export function WelcomeEmail(props: WelcomeEmailProps) {
  const { site } = props;
  return (
    <EmailLayout site={site} preview={`Twoje konto ${site.name} jest gotowe. Potwierdź adres e-mail.`}>
      <EmailHeading>Witaj na pokładzie, {props.name}!</EmailHeading>
      <EmailText>
        Twoje konto w {site.name} jest gotowe. Możesz się już logować adresem <strong>{props.email}</strong>,
        śledzić zamówienia i zostawiać opinie o merchu.
      </EmailText>
      <EmailText>
        Potwierdź jeszcze, że ten adres należy do Ciebie. Zamówienia złożone wcześniej bez konta na ten adres
        pojawią się wtedy w historii Twojego konta.
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
      <EmailDivider />
      <EmailText style={{ fontSize: "13px", color: emailColors.muted }}>
        Nie zakładałeś(-aś) konta? Zignoruj tę wiadomość — bez potwierdzenia nikt nie zobaczy Twoich zamówień.
        Do zobaczenia na parkiecie!{" "}
        <Link href={`${site.url}/merch`} style={{ color: emailColors.text }}>
          Zobacz merch
        </Link>
      </EmailText>
    </EmailLayout>
  );
}

export function welcomeText(props: WelcomeEmailProps) {
  const { site } = props;
  return [
    `Witaj na pokładzie, ${props.name}!`,
    "",
    `Twoje konto w ${site.name} jest gotowe. Możesz się już logować adresem ${props.email}, śledzić zamówienia i zostawiać opinie o merchu.`,
    "",
    "Potwierdź jeszcze, że ten adres należy do Ciebie. Zamówienia złożone wcześniej bez konta na ten adres pojawią się wtedy w historii Twojego konta:",
    props.verifyUrl,
    `(link jest ważny przez ${props.verifyValidHours} godz.)`,
    "",
    "Nie zakładałeś(-aś) konta? Zignoruj tę wiadomość — bez potwierdzenia nikt nie zobaczy Twoich zamówień.",
    `Merch: ${site.url}/merch`,
    ...textFooter(site),
  ].join("\n");
}

export const welcomeSample: Omit<WelcomeEmailProps, "site"> = {
  email: "ola@example.com",
  name: "ola",
  verifyUrl: "http://localhost:3000/verify-email?token=przyklad",
  verifyValidHours: 24,
};
