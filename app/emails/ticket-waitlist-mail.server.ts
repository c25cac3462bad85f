/** The waiting list's e-mails rendered for the outbox (subject, HTML, plain text). */
import { mailRenderer } from "./render.server";
import { ticketOfferMail, ticketResoldMail, waitlistConfirmMail } from "./ticket-waitlist";

export const TICKET_WAITLIST_MAIL_KINDS = {
  confirm: "waitlist-confirm",
  offer: "ticket-offer",
  resold: "ticket-resold",
} as const;

export const renderWaitlistConfirm = mailRenderer(waitlistConfirmMail);
export const renderTicketOffer = mailRenderer(ticketOfferMail);
export const renderTicketResold = mailRenderer(ticketResoldMail);
