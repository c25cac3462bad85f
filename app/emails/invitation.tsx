/** An invitation from the team (admin panel): join with a role, through a single-use link (7 days). */
import { formatDateTime } from "~/lib/dates";
import type { Role } from "../../db/schema";
import { textFooter } from "./email-items";
import { EmailNote, type EmailSite, EmailText } from "./email-layout";
import { LinkEmail } from "./link-email";

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
    <LinkEmail
      site={site}
      preview={`Dołącz do ${site.name} jako ${role}.`}
      heading={`Zaproszenie do ${site.name}`}
      link={{ href: props.acceptUrl, label: "Przyjmij zaproszenie" }}
      validity={`Zaproszenie jest ważne do ${formatDateTime(props.expiresAt)} i działa tylko dla adresu ${props.email}.`}
      footer={<EmailNote>Nie spodziewałeś(-aś) się zaproszenia? Zignoruj tę wiadomość.</EmailNote>}
    >
      <EmailText>
        Zespół {site.name} zaprasza Cię do serwisu z rolą <strong>{role}</strong>. Załóż konto lub zaloguj się
        adresem <strong>{props.email}</strong> przez przycisk poniżej — rola zostanie przypisana
        automatycznie.
      </EmailText>
    </LinkEmail>
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
