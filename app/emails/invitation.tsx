/** An invitation from the team (admin panel): join with a role, through a single-use link (7 days). */
import { formatDateTime } from "~/lib/dates";
import type { Role } from "../../db/schema";
import { textMessage } from "./email-items";
import { type EmailSite, EmailText } from "./email-layout";
import { LinkEmail } from "./link-email";
import type { MailTemplate } from "./render.server";

export const invitationRoleLabels: Record<Role, string> = {
  admin: "administrator",
  moderator: "moderator",
  user: "użytkownik",
  door: "bramka",
};

export type InvitationEmailProps = {
  site: EmailSite;
  email: string;
  role: Role;
  acceptUrl: string;
  expiresAt: Date;
};

/** The subject, and the heading of both parts. */
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
      heading={invitationSubject(props)}
      link={{ href: props.acceptUrl, label: "Przyjmij zaproszenie" }}
      validity={`Zaproszenie jest ważne do ${formatDateTime(props.expiresAt)} i działa tylko dla adresu ${props.email}.`}
      smallPrint="Nie spodziewałeś(-aś) się zaproszenia? Zignoruj tę wiadomość."
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
  return textMessage(props.site, invitationSubject(props), [
    `Zespół ${props.site.name} zaprasza Cię do serwisu z rolą: ${role}.`,
    `Załóż konto lub zaloguj się adresem ${props.email} przez ten link — rola zostanie przypisana automatycznie:`,
    props.acceptUrl,
    "",
    `Zaproszenie jest ważne do ${formatDateTime(props.expiresAt)} i działa tylko dla adresu ${props.email}.`,
    "Nie spodziewałeś(-aś) się zaproszenia? Zignoruj tę wiadomość.",
  ]);
}

export const invitationMail: MailTemplate<InvitationEmailProps> = {
  Email: InvitationEmail,
  subject: invitationSubject,
  text: invitationText,
};
