/** The withdrawal e-mails rendered for the outbox (subject, HTML, plain text). */
import { renderEmail } from "./render.server";
import {
  WithdrawalConfirmationEmail,
  type WithdrawalMailProps,
  WithdrawalReceivedEmail,
  withdrawalConfirmationSubject,
  withdrawalConfirmationText,
  withdrawalReceivedSubject,
  withdrawalReceivedText,
} from "./withdrawal";

export const WITHDRAWAL_MAIL_KINDS = {
  received: "withdrawal-received",
  confirmation: "withdrawal-confirmation",
} as const;

/** To the shop's mailbox. */
export const renderWithdrawalReceived = (props: WithdrawalMailProps) =>
  renderEmail(
    <WithdrawalReceivedEmail {...props} />,
    withdrawalReceivedSubject(props),
    withdrawalReceivedText(props),
  );

/** To the customer. */
export const renderWithdrawalConfirmation = (props: WithdrawalMailProps) =>
  renderEmail(
    <WithdrawalConfirmationEmail {...props} />,
    withdrawalConfirmationSubject(props),
    withdrawalConfirmationText(props),
  );
