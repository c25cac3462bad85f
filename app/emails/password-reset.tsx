/** The password-reset link: valid 1 hour, works once (SPEC §2, §9). */
import { textFooter } from "./email-items";
import { EmailDivider, EmailLink, EmailNote, type EmailSite, EmailText } from "./email-layout";
import { LinkEmail } from "./link-email";

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
      footer={
        <>
          <EmailDivider />
          <EmailNote>
            To nie Ty? Zignoruj tę wiadomość — Twoje hasło pozostanie bez zmian. Jeśli takie e-maile się
            powtarzają, napisz do nas: <EmailLink href={`mailto:${site.email}`}>{site.email}</EmailLink>.
          </EmailNote>
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
  return [
    "Zmiana hasła",
    "",
    `Ktoś — mamy nadzieję, że Ty — poprosił o zmianę hasła do konta ${props.email} w ${props.site.name}.`,
    "Otwórz ten link, aby ustawić nowe hasło:",
    props.resetUrl,
    "",
    `Link jest ważny przez ${validity(props.validMinutes)} i działa tylko raz.`,
    "To nie Ty? Zignoruj tę wiadomość — Twoje hasło pozostanie bez zmian.",
    ...textFooter(props.site),
  ].join("\n");
}

export const passwordResetSample: Omit<PasswordResetEmailProps, "site"> = {
  email: "ola@example.com",
  resetUrl: "http://localhost:3000/update-password?token=przyklad",
  validMinutes: 60,
};
