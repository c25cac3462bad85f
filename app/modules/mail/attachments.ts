/** The kinds of files an e-mail of the outbox may carry, made when it is sent (attachments.server.ts). */

/** The order's valid e-tickets as one PDF (ref: the order's id). */
export const ORDER_TICKETS_ATTACHMENT = "order-tickets";
/** A night's .ics (ref: the event's id). */
export const NIGHT_ICS_ATTACHMENT = "night-ics";
/** One ticket's PDF, as it is at sending (ref: the ticket's id): the e-mail to a transferred ticket's holder. */
export const TICKET_PDF_ATTACHMENT = "ticket-pdf";
