/**
 * Subject, HTML and plain-text part of the transactional e-mails, ready for `enqueueMail`. Callers
 * queue the result in the transaction of whatever caused the message.
 */
import type { ReactElement } from "react";
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
  OrderConfirmationEmail,
  type OrderConfirmationProps,
  orderConfirmationSubject,
  orderConfirmationText,
} from "./order-confirmation";
import {
  PasswordResetEmail,
  type PasswordResetEmailProps,
  passwordResetSubject,
  passwordResetText,
} from "./password-reset";
import { type RenderedMail, renderEmail } from "./render.server";
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

/** The three parts of one template: the HTML component, the subject line and the plain-text part. */
type MailTemplate<Props> = {
  Email: (props: Props) => ReactElement;
  subject: (props: Props) => string;
  text: (props: Props) => string;
};

function renderTemplate<Props extends object>(
  { Email, subject, text }: MailTemplate<Props>,
  props: Props,
): Promise<RenderedMail> {
  return renderEmail(<Email {...props} />, subject(props), text(props));
}

export const renderWelcomeEmail = (props: WelcomeEmailProps) =>
  renderTemplate({ Email: WelcomeEmail, subject: welcomeSubject, text: welcomeText }, props);

export const renderVerifyEmail = (props: VerifyEmailProps) =>
  renderTemplate({ Email: VerifyEmailEmail, subject: verifyEmailSubject, text: verifyEmailText }, props);

export const renderAccountExistsEmail = (props: AccountExistsEmailProps) =>
  renderTemplate(
    { Email: AccountExistsEmail, subject: accountExistsSubject, text: accountExistsText },
    props,
  );

export const renderPasswordResetEmail = (props: PasswordResetEmailProps) =>
  renderTemplate(
    { Email: PasswordResetEmail, subject: passwordResetSubject, text: passwordResetText },
    props,
  );

export const renderOrderConfirmation = (props: OrderConfirmationProps) =>
  renderTemplate(
    { Email: OrderConfirmationEmail, subject: orderConfirmationSubject, text: orderConfirmationText },
    props,
  );

export const renderShippingNotification = (props: ShippingNotificationProps) =>
  renderTemplate(
    {
      Email: ShippingNotificationEmail,
      subject: shippingNotificationSubject,
      text: shippingNotificationText,
    },
    props,
  );

export const renderDeliveryConfirmation = (props: DeliveryConfirmationProps) =>
  renderTemplate(
    {
      Email: DeliveryConfirmationEmail,
      subject: deliveryConfirmationSubject,
      text: deliveryConfirmationText,
    },
    props,
  );

export const renderInvitationEmail = (props: InvitationEmailProps) =>
  renderTemplate({ Email: InvitationEmail, subject: invitationSubject, text: invitationText }, props);

export const renderContactNotification = (props: ContactNotificationProps) =>
  renderTemplate(
    { Email: ContactNotificationEmail, subject: contactNotificationSubject, text: contactNotificationText },
    props,
  );
