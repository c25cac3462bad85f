/** The password-reset link: valid 1 hour, works once (SPEC §2, §9). */
import { textMessage } from "./email-items";
import { EmailLink, type EmailSite, EmailText } from "./email-layout";
import { LinkEmail } from "./link-email";
import type { MailTemplate } from "./render.server";

export type PasswordResetEmailProps = {
  site: EmailSite;
  email: string;
  resetUrl: string;
  /** How long the link works, in minutes (60). */
  validMinutes: number;
};

export function passwordResetSubject({ site }: Pick<PasswordResetEmailProps, "site">) {
  return `${site.name}: ustaw nowe hasło`;
}

function validity(minutes: number) {
  return minutes % 60 === 0 ? `${minutes / 60} godz.` : `${minutes} min`;
}

export function PasswordResetEmail(props: PasswordResetEmailProps) {
  const { site } = props;
  return (
    <LinkEmail
      site={site}
      preview={`Link do zmiany hasła — ważny ${validity(props.validMinutes)}.`}
      heading="Zmiana hasła"
      link={{ href: props.resetUrl, label: "Ustaw nowe hasło" }}
      validity={`Link jest ważny przez ${validity(props.validMinutes)} i działa tylko raz.`}
      ruled
      smallPrint={
        <>
          To nie Ty? Zignoruj tę wiadomość — Twoje hasło pozostanie bez zmian. Jeśli takie e-maile się
          powtarzają, napisz do nas: <EmailLink href={`mailto:${site.email}`}>{site.email}</EmailLink>.
        </>
      }
    >
      <EmailText>
        Ktoś — mamy nadzieję, że Ty — poprosił o zmianę hasła do konta <strong>{props.email}</strong> w{" "}
        {site.name}. Kliknij przycisk, aby ustawić nowe hasło.
      </EmailText>
    </LinkEmail>
  );
}

export function passwordResetText(props: PasswordResetEmailProps) {
  return textMessage(props.site, "Zmiana hasła", [
    `Ktoś — mamy nadzieję, że Ty — poprosił o zmianę hasła do konta ${props.email} w ${props.site.name}.`,
    "Otwórz ten link, aby ustawić nowe hasło:",
    props.resetUrl,
    "",
    `Link jest ważny przez ${validity(props.validMinutes)} i działa tylko raz.`,
    "To nie Ty? Zignoruj tę wiadomość — Twoje hasło pozostanie bez zmian.",
  ]);
}

export const passwordResetMail: MailTemplate<PasswordResetEmailProps> = {
  Email: PasswordResetEmail,
  subject: passwordResetSubject,
  text: passwordResetText,
};
