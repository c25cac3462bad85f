/**
 * Subject, HTML and plain-text part of the transactional e-mails, ready for `enqueueMail`. Callers
 * queue the result in the transaction of whatever caused the message.
 */
import { type RenderedMail, renderEmail } from "~/modules/mail/render.server";
import {
  AccountExistsEmail,
  type AccountExistsEmailProps,
  accountExistsSubject,
  accountExistsText,
} from "./account-exists";
import {
  ContactNotificationEmail,
  type ContactNotificationProps,
  contactNotificationSubject,
  contactNotificationText,
} from "./contact-notification";
import {
  DeliveryConfirmationEmail,
  type DeliveryConfirmationProps,
  deliveryConfirmationSubject,
  deliveryConfirmationText,
} from "./delivery-confirmation";
import { InvitationEmail, type InvitationEmailProps, invitationSubject, invitationText } from "./invitation";
import {
  PasswordResetEmail,
  type PasswordResetEmailProps,
  passwordResetSubject,
  passwordResetText,
} from "./password-reset";
import {
  ShippingNotificationEmail,
  type ShippingNotificationProps,
  shippingNotificationSubject,
  shippingNotificationText,
} from "./shipping-notification";
import { VerifyEmailEmail, type VerifyEmailProps, verifyEmailSubject, verifyEmailText } from "./verify-email";
import { WelcomeEmail, type WelcomeEmailProps, welcomeSubject, welcomeText } from "./welcome";

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

export function renderWelcomeEmail(props: WelcomeEmailProps): Promise<RenderedMail> {
  return renderEmail(<WelcomeEmail {...props} />, welcomeSubject(props), welcomeText(props));
}

export function renderVerifyEmail(props: VerifyEmailProps): Promise<RenderedMail> {
  return renderEmail(<VerifyEmailEmail {...props} />, verifyEmailSubject(props), verifyEmailText(props));
}

export function renderAccountExistsEmail(props: AccountExistsEmailProps): Promise<RenderedMail> {
  return renderEmail(
    <AccountExistsEmail {...props} />,
    accountExistsSubject(props),
    accountExistsText(props),
  );
}

export function renderPasswordResetEmail(props: PasswordResetEmailProps): Promise<RenderedMail> {
  return renderEmail(
    <PasswordResetEmail {...props} />,
    passwordResetSubject(props),
    passwordResetText(props),
  );
}

export function renderShippingNotification(props: ShippingNotificationProps): Promise<RenderedMail> {
  return renderEmail(
    <ShippingNotificationEmail {...props} />,
    shippingNotificationSubject(props),
    shippingNotificationText(props),
  );
}

export function renderDeliveryConfirmation(props: DeliveryConfirmationProps): Promise<RenderedMail> {
  return renderEmail(
    <DeliveryConfirmationEmail {...props} />,
    deliveryConfirmationSubject(props),
    deliveryConfirmationText(props),
  );
}

export function renderInvitationEmail(props: InvitationEmailProps): Promise<RenderedMail> {
  return renderEmail(<InvitationEmail {...props} />, invitationSubject(props), invitationText(props));
}

export function renderContactNotification(props: ContactNotificationProps): Promise<RenderedMail> {
  return renderEmail(
    <ContactNotificationEmail {...props} />,
    contactNotificationSubject(props),
    contactNotificationText(props),
  );
}
