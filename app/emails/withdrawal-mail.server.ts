/** The withdrawal e-mails rendered for the outbox (subject, HTML, plain text). */
import { mailRenderer } from "./render.server";
import { withdrawalConfirmationMail, withdrawalReceivedMail } from "./withdrawal";

export const WITHDRAWAL_MAIL_KINDS = {
  received: "withdrawal-received",
  confirmation: "withdrawal-confirmation",
} as const;

/** To the shop's mailbox. */
export const renderWithdrawalReceived = mailRenderer(withdrawalReceivedMail);

/** To the customer. */
export const renderWithdrawalConfirmation = mailRenderer(withdrawalConfirmationMail);
