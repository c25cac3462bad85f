/**
 * Subject, HTML and plain-text part of the transactional e-mails, ready for `enqueueMail`. Callers
 * queue the result in the transaction of whatever caused the message.
 */
import { accountExistsMail } from "./account-exists";
import { contactNotificationMail } from "./contact-notification";
import { deliveryConfirmationMail } from "./delivery-confirmation";
import { invitationMail } from "./invitation";
import { orderConfirmationMail } from "./order-confirmation";
import { passwordResetMail } from "./password-reset";
import { mailRenderer } from "./render.server";
import { shippingNotificationMail } from "./shipping-notification";
import { verifyEmailMail } from "./verify-email";
import { welcomeMail } from "./welcome";

/** Mail kinds (the outbox's `kind`, the X-Mail-Kind header). */
export const MAIL_KINDS = {
  welcome: "welcome",
  verifyEmail: "verify-email",
  accountExists: "account-exists",
  passwordReset: "password-reset",
  shippingNotification: "shipping-notification",
  deliveryConfirmation: "delivery-confirmation",
  invitation: "invitation",
} as const;

export const renderWelcomeEmail = mailRenderer(welcomeMail);
export const renderVerifyEmail = mailRenderer(verifyEmailMail);
export const renderAccountExistsEmail = mailRenderer(accountExistsMail);
export const renderPasswordResetEmail = mailRenderer(passwordResetMail);
export const renderOrderConfirmation = mailRenderer(orderConfirmationMail);
export const renderShippingNotification = mailRenderer(shippingNotificationMail);
export const renderDeliveryConfirmation = mailRenderer(deliveryConfirmationMail);
export const renderInvitationEmail = mailRenderer(invitationMail);
export const renderContactNotification = mailRenderer(contactNotificationMail);
