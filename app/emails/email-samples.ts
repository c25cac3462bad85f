/**
 * Sample data of the e-mails: one customer, one order and its lines, shared by the template tests and
 * the panel's test e-mails (whose editable JSON starts from them). Plain data, safe in the browser.
 */
import type { ContactNotificationProps } from "./contact-notification";
import type { DeliveryConfirmationProps } from "./delivery-confirmation";
import type { InvitationEmailProps } from "./invitation";
import type { PasswordResetEmailProps } from "./password-reset";
import type { ShippingNotificationProps } from "./shipping-notification";
import type { WelcomeEmailProps } from "./welcome";

export const SAMPLE_CUSTOMER_NAME = "Ola Nowak";
export const SAMPLE_EMAIL = "ola@example.com";
export const SAMPLE_ORDER_NUMBER = "A1B2C3D4";
/** The sample order's private status page. */
export const SAMPLE_ORDER_URL = "http://localhost:3000/zamowienie/przyklad?token=przyklad";

/** The sample order's lines, without prices (each e-mail adds the amounts it shows). */
export const sampleTShirt = { name: "Koszulka NOKTURN Logo", size: "M", quantity: 1 };
export const sampleStickers = { name: "Naklejki Pack Vol. 1", size: null, quantity: 2 };

export const welcomeSample: Omit<WelcomeEmailProps, "site"> = {
  email: SAMPLE_EMAIL,
  name: "ola",
  verifyUrl: "http://localhost:3000/verify-email?token=przyklad",
  verifyValidHours: 24,
};

export const passwordResetSample: Omit<PasswordResetEmailProps, "site"> = {
  email: SAMPLE_EMAIL,
  resetUrl: "http://localhost:3000/update-password?token=przyklad",
  validMinutes: 60,
};

/** When the sample invitation expires, as the panel's JSON spells it. */
export const SAMPLE_INVITATION_EXPIRES = "2026-01-17T23:00:00+01:00";

export const invitationSample: Omit<InvitationEmailProps, "site"> = {
  email: "nowa.osoba@example.com",
  role: "moderator",
  acceptUrl: "http://localhost:3000/auth?invitation=przyklad",
  expiresAt: new Date(SAMPLE_INVITATION_EXPIRES),
};

export const shippingNotificationSample: Omit<ShippingNotificationProps, "site"> = {
  customerName: SAMPLE_CUSTOMER_NAME,
  orderNumber: SAMPLE_ORDER_NUMBER,
  trackingNumber: "620123456789012345678901",
  trackingUrl: "https://inpost.pl/sledzenie-przesylek?number=620123456789012345678901",
  items: [sampleTShirt, sampleStickers],
};

export const deliveryConfirmationSample: Omit<DeliveryConfirmationProps, "site"> = {
  customerName: SAMPLE_CUSTOMER_NAME,
  orderNumber: SAMPLE_ORDER_NUMBER,
  items: [sampleTShirt, sampleStickers],
};

export const contactNotificationSample: Omit<ContactNotificationProps, "site"> = {
  name: SAMPLE_CUSTOMER_NAME,
  email: SAMPLE_EMAIL,
  orderNumber: `#${SAMPLE_ORDER_NUMBER}`,
  subjectLabel: "Zamówienie",
  message: "Cześć!\nZamówiłam bluzę w rozmiarze M, czy mogę jeszcze zmienić rozmiar na L?\nDzięki, Ola",
  receivedAt: new Date("2026-01-10T12:30:00Z"),
};
