/** Subject, HTML and text of the ticket e-mails of the panel, ready for `enqueueMail` (and the test e-mails). */
import { nightCancelledMail } from "./night-cancelled";
import { mailRenderer } from "./render.server";
import { ticketResendMail } from "./ticket-resend";

export const renderNightCancelled = mailRenderer(nightCancelledMail);
export const renderTicketResend = mailRenderer(ticketResendMail);
