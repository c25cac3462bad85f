/** The password-reset link: valid 1 hour, works once (SPEC §2, §9). */
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
    <EmailLayout site={site} preview={`Link do zmiany hasła — ważny ${validity(props.validMinutes)}.`}>
      <EmailHeading>Zmiana hasła</EmailHeading>
      <EmailText>
        Ktoś — mamy nadzieję, że Ty — poprosił o zmianę hasła do konta <strong>{props.email}</strong> w{" "}
        {site.name}. Kliknij przycisk, aby ustawić nowe hasło.
      </EmailText>
      <Section style={{ margin: "8px 0 24px" }}>
        <EmailButton href={props.resetUrl}>Ustaw nowe hasło</EmailButton>
      </Section>
      <EmailText style={{ fontSize: "13px", color: emailColors.muted }}>
        Link jest ważny przez {validity(props.validMinutes)} i działa tylko raz. Jeśli przycisk nie działa,
        skopiuj ten adres do przeglądarki:
        <br />
        <Link href={props.resetUrl} style={{ color: emailColors.text, wordBreak: "break-all" }}>
          {props.resetUrl}
        </Link>
      </EmailText>
      <EmailDivider />
      <EmailText style={{ fontSize: "13px", color: emailColors.muted }}>
        To nie Ty? Zignoruj tę wiadomość — Twoje hasło pozostanie bez zmian. Jeśli takie e-maile się
        powtarzają, napisz do nas:{" "}
        <Link href={`mailto:${site.email}`} style={{ color: emailColors.text }}>
          {site.email}
        </Link>
        .
      </EmailText>
    </EmailLayout>
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
