/**
 * Every transactional e-mail renders in Polish with the brand frame, a subject, and a hand-written
 * plain-text part carrying the same links. Set EMAIL_PREVIEW_DIR to also write the HTML for a look.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";
import { demoSite } from "~/lib/site";
import {
  deliveryConfirmationSample,
  invitationSample,
  passwordResetSample,
  shippingNotificationSample,
  welcomeSample,
} from "./email-samples";
import {
  renderAccountExistsEmail,
  renderDeliveryConfirmation,
  renderInvitationEmail,
  renderOrderConfirmation,
  renderPasswordResetEmail,
  renderShippingNotification,
  renderVerifyEmail,
  renderWelcomeEmail,
} from "./transactional.server";

const site = demoSite;

/** One line bought at a sale price (20% off 119,99 zł), one at its regular price. */
const orderWithSaleLine = {
  site,
  orderNumber: "A1B2C3D4",
  customerName: "Ola Nowak",
  createdAt: new Date("2026-11-27T18:30:00+01:00"),
  items: [
    {
      name: "Bluza NOKTURN",
      size: "M",
      quantity: 2,
      pricePerUnit: 9_599,
      sale: { regular: 11_999, percentOff: 20, lowestPrior: 10_999 },
    },
    { name: "Naklejki Pack Vol. 1", size: null, quantity: 2, pricePerUnit: 1_900, sale: null },
  ],
  subtotal: 22_998,
  discountAmount: 0,
  discountCode: null,
  deliveryLabel: "Kurier",
  deliveryCost: 0,
  total: 22_998,
  deliveryAddress: ["Ola Nowak", "ul. Świdnicka 12/4", "50-066 Wrocław"],
  orderUrl: `${site.url}/zamowienie/przyklad?token=przyklad`,
  shippingTime: "Wysyłka w 24 h",
};

const cases = {
  welcome: () => renderWelcomeEmail({ site, ...welcomeSample }),
  "verify-email": () =>
    renderVerifyEmail({
      site,
      email: "ola@example.com",
      verifyUrl: welcomeSample.verifyUrl,
      verifyValidHours: 24,
    }),
  "account-exists": () =>
    renderAccountExistsEmail({
      site,
      email: "ola@example.com",
      loginUrl: `${site.url}/auth`,
      resetUrl: `${site.url}/reset-password`,
    }),
  "password-reset": () => renderPasswordResetEmail({ site, ...passwordResetSample }),
  "shipping-notification": () => renderShippingNotification({ site, ...shippingNotificationSample }),
  "delivery-confirmation": () => renderDeliveryConfirmation({ site, ...deliveryConfirmationSample }),
  invitation: () => renderInvitationEmail({ site, ...invitationSample }),
  "order-confirmation": () => renderOrderConfirmation(orderWithSaleLine),
};

describe("transactional e-mails", () => {
  for (const [kind, render] of Object.entries(cases)) {
    it(`${kind}: Polish HTML in the brand frame and a plain-text part`, async () => {
      const mail = await render();
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).toContain('lang="pl"');
      expect(mail.html).toContain(site.seller.company);
      expect(mail.text).toContain(site.url);
      expect(mail.text).not.toMatch(/<[a-z]/i);
      if (process.env.EMAIL_PREVIEW_DIR) {
        fs.mkdirSync(process.env.EMAIL_PREVIEW_DIR, { recursive: true });
        fs.writeFileSync(path.join(process.env.EMAIL_PREVIEW_DIR, `${kind}.html`), mail.html);
        fs.writeFileSync(
          path.join(process.env.EMAIL_PREVIEW_DIR, `${kind}.txt`),
          `${mail.subject}\n\n${mail.text}`,
        );
      }
    });
  }

  it("puts the links where the reader needs them", async () => {
    const welcome = await cases.welcome();
    expect(welcome.text).toContain(welcomeSample.verifyUrl);
    expect(welcome.html).toContain("Potwierdź adres e-mail");
    const reset = await cases["password-reset"]();
    expect(reset.text).toContain(passwordResetSample.resetUrl);
    expect(reset.text).toContain("Link jest ważny przez 1 godz. i działa tylko raz.");
    const shipping = await cases["shipping-notification"]();
    expect(shipping.subject).toBe("NOKTURN: zamówienie #A1B2C3D4 jest w drodze");
    expect(shipping.text).toContain(`Numer przesyłki: ${shippingNotificationSample.trackingNumber}`);
    expect(shipping.text).toContain(`Śledź przesyłkę: ${shippingNotificationSample.trackingUrl}`);
    expect(shipping.text).toContain("- Koszulka NOKTURN Logo (rozmiar M) × 1");
    const delivery = await cases["delivery-confirmation"]();
    expect(delivery.text).toContain(`${site.url}/returns`);
    const invitation = await cases.invitation();
    expect(invitation.text).toContain("z rolą: moderator");
    expect(invitation.text).toContain(invitationSample.acceptUrl);
  });

  it("order confirmation: a line bought at a sale price shows the regular price, the reduction and the 30-day lowest", async () => {
    const mail = await cases["order-confirmation"]();
    const sold = `2 × ${formatPrice(9_599)} (cena regularna ${formatPrice(11_999)}, -20%)`;
    const lowest = `Najniższa cena z 30 dni przed obniżką: ${formatPrice(10_999)}`;
    expect(mail.text).toContain(
      `Bluza NOKTURN (rozmiar M) — ${sold} = ${formatPrice(19_198)}\n  ${lowest}\n`,
    );
    // The HTML strikes the regular price, as the shop's pages do; its words stay for screen readers.
    expect(mail.html).toContain(
      `2 × ${formatPrice(9_599)} (cena regularna <s style="text-decoration:line-through">${formatPrice(11_999)}</s>, -20%)`,
    );
    expect(mail.html).toContain(lowest);
    // A line at its regular price reads as before, with no sale words.
    expect(mail.text).toContain(`Naklejki Pack Vol. 1 — 2 × ${formatPrice(1_900)} = ${formatPrice(3_800)}\n`);
    expect(mail.text.match(/cena regularna/g)).toHaveLength(1);
    expect(mail.html.match(/cena regularna/g)).toHaveLength(1);
    expect(mail.html.match(/Najniższa cena/g)).toHaveLength(1);
  });
});
