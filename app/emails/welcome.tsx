/** To a new customer after sign-up: welcome, and the link that confirms the address. */
import { textMessage } from "./email-items";
import { EmailLink, type EmailSite, EmailText } from "./email-layout";
import { LinkEmail } from "./link-email";
import type { MailTemplate } from "./render.server";

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
    <LinkEmail
      site={site}
      preview={`Twoje konto ${site.name} jest gotowe. Potwierdź adres e-mail.`}
      heading={`Witaj na pokładzie, ${props.name}!`}
      link={{ href: props.verifyUrl, label: "Potwierdź adres e-mail" }}
      validity={`Link jest ważny przez ${props.verifyValidHours} godz.`}
      ruled
      smallPrint={
        <>
          {/* The sentence as one string: the HTML stays byte for byte what it was. */}
          {
            "Nie zakładałeś(-aś) konta? Zignoruj tę wiadomość — bez potwierdzenia nikt nie zobaczy Twoich zamówień. Do zobaczenia na parkiecie!"
          }{" "}
          <EmailLink href={`${site.url}/merch`}>Zobacz merch</EmailLink>
        </>
      }
    >
      <EmailText>
        Twoje konto w {site.name} jest gotowe. Możesz się już logować adresem <strong>{props.email}</strong>,
        śledzić zamówienia i zostawiać opinie o merchu.
      </EmailText>
      <EmailText>
        Potwierdź jeszcze, że ten adres należy do Ciebie. Zamówienia złożone wcześniej bez konta na ten adres
        pojawią się wtedy w historii Twojego konta.
      </EmailText>
    </LinkEmail>
  );
}

export function welcomeText(props: WelcomeEmailProps) {
  const { site } = props;
  return textMessage(site, `Witaj na pokładzie, ${props.name}!`, [
    `Twoje konto w ${site.name} jest gotowe. Możesz się już logować adresem ${props.email}, śledzić zamówienia i zostawiać opinie o merchu.`,
    "",
    "Potwierdź jeszcze, że ten adres należy do Ciebie. Zamówienia złożone wcześniej bez konta na ten adres pojawią się wtedy w historii Twojego konta:",
    props.verifyUrl,
    `(link jest ważny przez ${props.verifyValidHours} godz.)`,
    "",
    "Nie zakładałeś(-aś) konta? Zignoruj tę wiadomość — bez potwierdzenia nikt nie zobaczy Twoich zamówień.",
    `Merch: ${site.url}/merch`,
  ]);
}

export const welcomeMail: MailTemplate<WelcomeEmailProps> = {
  Email: WelcomeEmail,
  subject: welcomeSubject,
  text: welcomeText,
};
