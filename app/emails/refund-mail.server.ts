/** Subject, HTML and text of the refund e-mails, ready for `enqueueMail` (and the panel's test e-mails). */
import { refundIssuedMail } from "./refund-issued";
import { mailRenderer } from "./render.server";
import { soldOutRefundMail } from "./sold-out-refund";

export const renderRefundIssued = mailRenderer(refundIssuedMail);
export const renderSoldOutRefund = mailRenderer(soldOutRefundMail);
