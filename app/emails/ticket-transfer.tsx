/**
 * To the new holder of a transferred ticket (issue #40, "Przekaż bilet"): whose ticket it is now, for
 * which night, that the PDF with the QR is attached (made when the e-mail is sent, at the ticket's new
 * version), the door's 18+ rule, and that an account with this address shows it in "Moje bilety".
 */
import { formatDateTime } from "~/lib/dates";
import { TICKET_ENTRY_TEXT } from "~/modules/tickets/ticket-terms";
import { textMessage } from "./email-items";
import { EmailAction, EmailDetails, EmailLayout, EmailNote, type EmailSite, EmailText } from "./email-layout";
import type { MailTemplate } from "./render.server";

export type TicketTransferProps = {
  site: EmailSite;
  firstName: string;
  lastName: string;
  /** The new holder's address (signing up with it shows the ticket in "Moje bilety"). */
  email: string;
  nightTitle: string;
  startsAt: Date;
  /** "Klub Test, ul. Ruska 51, Wrocław" */
  place: string;
  typeName: string;
};

export function ticketTransferSubject({
  firstName,
  nightTitle,
}: Pick<TicketTransferProps, "firstName" | "nightTitle">) {
  return `${firstName}, masz bilet na ${nightTitle}`;
}

function rows(props: TicketTransferProps) {
  return [
    { label: "Wydarzenie", value: props.nightTitle },
    { label: "Termin", value: formatDateTime(props.startsAt) },
    { label: "Miejsce", value: props.place },
    { label: "Bilet", value: props.typeName },
    { label: "Imię i nazwisko", value: `${props.firstName} ${props.lastName}` },
  ];
}

const attachedText =
  "Bilet z kodem QR jest w załączniku (PDF) — pokaż go przy wejściu na telefonie albo wydrukowany. Dołączyliśmy też wydarzenie do kalendarza.";

function accountText(email: string) {
  return `Załóż konto w naszym sklepie z adresem ${email}, a bilet pojawi się w zakładce „Moje bilety”.`;
}

export function TicketTransferEmail(props: TicketTransferProps) {
  return (
    <EmailLayout
      site={props.site}
      preview={`Bilet na ${props.nightTitle} jest teraz Twój.`}
      heading={ticketTransferSubject(props)}
    >
      <EmailText>
        Ktoś przekazał Ci bilet na <strong>{props.nightTitle}</strong>. Bilet jest imienny — wystawiony na
        Ciebie.
      </EmailText>
      <EmailDetails rows={rows(props)} />
      <EmailText>{attachedText}</EmailText>
      <EmailText>
        <strong>{TICKET_ENTRY_TEXT}</strong>
      </EmailText>
      <EmailText>{accountText(props.email)}</EmailText>
      <EmailAction href={`${props.site.url}/account/bilety`}>Moje bilety</EmailAction>
      <EmailNote>Pytania? Odpisz na tę wiadomość albo napisz na {props.site.email}.</EmailNote>
    </EmailLayout>
  );
}

export function ticketTransferText(props: TicketTransferProps) {
  return textMessage(props.site, ticketTransferSubject(props), [
    `Ktoś przekazał Ci bilet na ${props.nightTitle}. Bilet jest imienny — wystawiony na Ciebie.`,
    "",
    ...rows(props).map((row) => `${row.label}: ${row.value}`),
    "",
    attachedText,
    TICKET_ENTRY_TEXT,
    "",
    accountText(props.email),
    `Moje bilety: ${props.site.url}/account/bilety`,
    "",
    `Pytania? Napisz na ${props.site.email}.`,
  ]);
}

export const ticketTransferMail: MailTemplate<TicketTransferProps> = {
  Email: TicketTransferEmail,
  subject: ticketTransferSubject,
  text: ticketTransferText,
};
