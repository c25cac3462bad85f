/** To the brand mailbox: a message from the contact form. Replying goes to the sender. */
import { Link, Section } from "@react-email/components";
import { formatDateTime } from "~/lib/dates";
import {
  EmailButton,
  EmailDetails,
  EmailDivider,
  EmailLayout,
  type EmailSite,
  EmailText,
  emailColors,
} from "./email-layout";
import type { MailTemplate } from "./render.server";

export type ContactNotificationProps = {
  site: EmailSite;
  name: string;
  email: string;
  orderNumber?: string | null;
  /** The topic as the form names it ("Zamówienie", …). */
  subjectLabel: string;
  message: string;
  receivedAt: Date;
};

export function contactNotificationSubject({
  name,
  subjectLabel,
}: Pick<ContactNotificationProps, "name" | "subjectLabel">) {
  return `Formularz kontaktowy: ${subjectLabel} (${name})`;
}

export function replyHref({ email, subjectLabel }: Pick<ContactNotificationProps, "email" | "subjectLabel">) {
  const replySubject = `Re: ${subjectLabel}`;
  return `mailto:${email}?subject=${encodeURIComponent(replySubject)}`;
}

export function ContactNotificationEmail(props: ContactNotificationProps) {
  const { site, name, email, orderNumber, subjectLabel, message, receivedAt } = props;
  return (
    <EmailLayout
      site={site}
      preview={`${name}: ${message.slice(0, 90)}`}
      heading="Nowa wiadomość z formularza kontaktowego"
    >
      <EmailText>
        {name} napisał(a) przez formularz na stronie {site.name}. Odpowiedz bezpośrednio na adres nadawcy.
      </EmailText>
      <EmailDetails
        rows={[
          { label: "Temat", value: subjectLabel },
          { label: "Imię", value: name },
          {
            label: "E-mail",
            value: (
              <Link href={`mailto:${email}`} style={{ color: emailColors.text, textDecoration: "underline" }}>
                {email}
              </Link>
            ),
          },
          ...(orderNumber ? [{ label: "Nr zamówienia", value: orderNumber }] : []),
          { label: "Otrzymano", value: formatDateTime(receivedAt) },
        ]}
      />
      <EmailDivider />
      <Section
        style={{
          backgroundColor: "#f7f6fa",
          borderLeft: `4px solid ${emailColors.accent}`,
          padding: "16px 20px",
          marginBottom: "24px",
        }}
      >
        <EmailText style={{ margin: 0, whiteSpace: "pre-wrap" }}>{message}</EmailText>
      </Section>
      <EmailButton href={replyHref({ email, subjectLabel })}>Odpowiedz</EmailButton>
    </EmailLayout>
  );
}

/** The plain-text part, written by hand so it reads well in text-only clients. */
export function contactNotificationText(props: ContactNotificationProps): string {
  const { site, name, email, orderNumber, subjectLabel, message, receivedAt } = props;
  return [
    "Nowa wiadomość z formularza kontaktowego",
    "",
    `Temat: ${subjectLabel}`,
    `Imię: ${name}`,
    `E-mail: ${email}`,
    ...(orderNumber ? [`Nr zamówienia: ${orderNumber}`] : []),
    `Otrzymano: ${formatDateTime(receivedAt)}`,
    "",
    "Wiadomość:",
    message,
    "",
    `Odpowiedz na adres: ${email}`,
    "",
    "--",
    `${site.seller.company}, ${site.seller.address}`,
    site.url,
  ].join("\n");
}

export const contactNotificationMail: MailTemplate<ContactNotificationProps> = {
  Email: ContactNotificationEmail,
  subject: contactNotificationSubject,
  text: contactNotificationText,
};
