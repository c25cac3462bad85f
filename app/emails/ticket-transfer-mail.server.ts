/** The transferred ticket's e-mail to its new holder, ready for `enqueueMail` (and the test e-mails). */
import { mailRenderer } from "./render.server";
import { ticketTransferMail } from "./ticket-transfer";

export const TICKET_TRANSFER_MAIL_KIND = "ticket-transfer";

export const renderTicketTransfer = mailRenderer(ticketTransferMail);
