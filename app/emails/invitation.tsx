/** An invitation from the team (admin panel): join with a role, through a single-use link (7 days). */
import { Link, Section } from "@react-email/components";
import { formatDateTime } from "~/lib/dates";
import type { Role } from "../../db/schema";
import { textFooter } from "./email-items";
import {
  EmailButton,
  EmailHeading,
  EmailLayout,
  type EmailSite,
  EmailText,
  emailColors,
} from "./email-layout";

export const invitationRoleLabels: Record<Role, string> = {
  admin: "administrator",
  moderator: "moderator",
  user: "użytkownik",
};

export type InvitationEmailProps = {
  site: EmailSite;
  email: string;
  role: Role;
  acceptUrl: string;
  expiresAt: Date;
};

export function invitationSubject({ site }: Pick<InvitationEmailProps, "site">) {
  return `Zaproszenie do ${site.name}`;
}

export function InvitationEmail(props: InvitationEmailProps) {
  const { site } = props;
  const role = invitationRoleLabels[props.role];
  return (
    <EmailLayout site={site} preview={`Dołącz do ${site.name} jako ${role}.`}>
      <EmailHeading>Zaproszenie do {site.name}</EmailHeading>
      <EmailText>
        Zespół {site.name} zaprasza Cię do serwisu z rolą <strong>{role}</strong>. Załóż konto lub zaloguj się
        adresem <strong>{props.email}</strong> przez przycisk poniżej — rola zostanie przypisana
        automatycznie.
      </EmailText>
      <Section style={{ margin: "8px 0 24px" }}>
        <EmailButton href={props.acceptUrl}>Przyjmij zaproszenie</EmailButton>
      </Section>
      <EmailText style={{ fontSize: "13px", color: emailColors.muted }}>
        Zaproszenie jest ważne do {formatDateTime(props.expiresAt)} i działa tylko dla adresu {props.email}.
        Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:
        <br />
        <Link href={props.acceptUrl} style={{ color: emailColors.text, wordBreak: "break-all" }}>
          {props.acceptUrl}
        </Link>
      </EmailText>
      <EmailText style={{ fontSize: "13px", color: emailColors.muted }}>
        Nie spodziewałeś(-aś) się zaproszenia? Zignoruj tę wiadomość.
      </EmailText>
    </EmailLayout>
  );
}

export function invitationText(props: InvitationEmailProps) {
  const role = invitationRoleLabels[props.role];
  return [
    `Zaproszenie do ${props.site.name}`,
    "",
    `Zespół ${props.site.name} zaprasza Cię do serwisu z rolą: ${role}.`,
    `Załóż konto lub zaloguj się adresem ${props.email} przez ten link — rola zostanie przypisana automatycznie:`,
    props.acceptUrl,
    "",
    `Zaproszenie jest ważne do ${formatDateTime(props.expiresAt)} i działa tylko dla adresu ${props.email}.`,
    "Nie spodziewałeś(-aś) się zaproszenia? Zignoruj tę wiadomość.",
    ...textFooter(props.site),
  ].join("\n");
}

export const invitationSample: Omit<InvitationEmailProps, "site"> = {
  email: "nowa.osoba@example.com",
  role: "moderator",
  acceptUrl: "http://localhost:3000/auth?invitation=przyklad",
  expiresAt: new Date("2026-01-17T23:00:00+01:00"),
};
