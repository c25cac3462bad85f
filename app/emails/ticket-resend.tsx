/**
 * A ticket sent again from the panel (issue #40): to its holder, with the ticket's PDF and the night's
 * .ics attached when the message is sent (so the file shows the ticket as it is then).
 */
import { formatDateTime } from "~/lib/dates";
import { greeting, textMessage } from "./email-items";
import { EmailDetails, EmailLayout, EmailNote, type EmailSite, EmailText } from "./email-layout";
import type { MailTemplate } from "./render.server";

export type TicketResendProps = {
  site: EmailSite;
  name: string | null;
  nightTitle: string;
  startsAt: Date;
  venue: string;
  city: string;
  typeName: string;
  orderNumber: string;
};

export function ticketResendSubject({ site, nightTitle }: Pick<TicketResendProps, "site" | "nightTitle">) {
  return `${site.name}: Twój bilet — ${nightTitle}`;
}

const ATTACHED =
  "Bilet jest w załączniku (PDF z kodem QR) razem z plikiem kalendarza. Pokaż kod QR przy wejściu — na telefonie albo wydrukowany — razem z dokumentem tożsamości.";

function sentence(props: TicketResendProps) {
  return `${greeting(props.name)} przesyłamy ponownie Twój bilet na ${props.nightTitle}.`;
}

export function TicketResendEmail(props: TicketResendProps) {
  const { site } = props;
  return (
    <EmailLayout site={site} preview={`Twój bilet na ${props.nightTitle}.`} heading="Twój bilet">
      <EmailText>{sentence(props)}</EmailText>
      <EmailDetails
        rows={[
          { label: "Wydarzenie", value: props.nightTitle },
          { label: "Termin", value: formatDateTime(props.startsAt) },
          { label: "Miejsce", value: `${props.venue}, ${props.city}` },
          { label: "Bilet", value: props.typeName },
          { label: "Zamówienie", value: `#${props.orderNumber}` },
        ]}
      />
      <EmailText>{ATTACHED}</EmailText>
      <EmailNote>Pytania? Odpisz na tę wiadomość albo napisz na {site.email}.</EmailNote>
    </EmailLayout>
  );
}

export function ticketResendText(props: TicketResendProps) {
  return textMessage(props.site, "Twój bilet", [
    sentence(props),
    "",
    `Wydarzenie: ${props.nightTitle}`,
    `Termin: ${formatDateTime(props.startsAt)}`,
    `Miejsce: ${props.venue}, ${props.city}`,
    `Bilet: ${props.typeName}`,
    `Zamówienie: #${props.orderNumber}`,
    "",
    ATTACHED,
    "",
    `Pytania? Napisz na ${props.site.email}.`,
  ]);
}

export const ticketResendMail: MailTemplate<TicketResendProps> = {
  Email: TicketResendEmail,
  subject: ticketResendSubject,
  text: ticketResendText,
};
