/**
 * Sent instead of a welcome when someone signs up with an address that already has an account. The
 * sign-up form answers the same either way, so it never tells a stranger which addresses are customers.
 */
import { textMessage } from "./email-items";
import { EmailAction, EmailLayout, EmailNote, type EmailSite, EmailText } from "./email-layout";
import type { MailTemplate } from "./render.server";

export type AccountExistsEmailProps = { site: EmailSite; email: string; loginUrl: string; resetUrl: string };

export function accountExistsSubject({ site }: Pick<AccountExistsEmailProps, "site">) {
  return `${site.name}: masz już u nas konto`;
}

export function AccountExistsEmail(props: AccountExistsEmailProps) {
  const { site } = props;
  return (
    <EmailLayout
      site={site}
      preview="Ktoś próbował założyć konto na Twój adres — masz już u nas konto."
      heading="Masz już u nas konto"
    >
      <EmailText>
        Ktoś (może Ty) próbował założyć nowe konto w {site.name} na adres <strong>{props.email}</strong>. To
        konto już istnieje, więc niczego nie zmieniliśmy.
      </EmailText>
      <EmailAction href={props.loginUrl}>Zaloguj się</EmailAction>
      <EmailNote>
        Nie pamiętasz hasła? Ustaw nowe: {props.resetUrl}
        <br />
        To nie Ty? Możesz spokojnie zignorować tę wiadomość.
      </EmailNote>
    </EmailLayout>
  );
}

export function accountExistsText(props: AccountExistsEmailProps) {
  return textMessage(props.site, "Masz już u nas konto", [
    `Ktoś (może Ty) próbował założyć nowe konto w ${props.site.name} na adres ${props.email}. To konto już istnieje, więc niczego nie zmieniliśmy.`,
    "",
    `Zaloguj się: ${props.loginUrl}`,
    `Nie pamiętasz hasła? Ustaw nowe: ${props.resetUrl}`,
    "To nie Ty? Możesz spokojnie zignorować tę wiadomość.",
  ]);
}

export const accountExistsMail: MailTemplate<AccountExistsEmailProps> = {
  Email: AccountExistsEmail,
  subject: accountExistsSubject,
  text: accountExistsText,
};
