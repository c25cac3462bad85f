/**
 * The buyer's tickets end to end (issue #40): a guest takes two tickets of the first upcoming demo
 * night from its page and a T-shirt from /merch into one cart, names both attendees, confirms 18+,
 * pays on the test page; the confirmation e-mail's PDF holds two QR codes that verify with the server's
 * key (the one it generated in its DATA_DIR: no key in the repository); signed up and verified with the
 * same address, the fan finds both tickets in "Moje bilety". Axe on the event page and on the cart with
 * tickets, and both at 360 px without a horizontal scroll, in the same run. The forms without
 * scripts are tests/http/no-script-forms-cart.test.ts's.
 */
import { expect, type Page, test } from "@playwright/test";
import { verifyTicketCode } from "../../app/modules/tickets/ticket-code";
import { upcomingNightData } from "../../db/seed";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";
import { mailAttachments, rawMailsIn } from "../support/mail-files";
import { qrCodesOfPdf } from "../support/pdf-qr";
import { payOnTestPage } from "../support/test-payment";
import { linkFromMail, login, signUp, uniqueEmail } from "./accounts-support";
import { asAdmin, nightIdInPanel, serverPublicKey } from "./ticket-support";

const night = upcomingNightData[0];
const money = (text: string) => new RegExp(`^${text.replace(/ /g, "\\s")}$`);

/** The page at a 360 px wide phone scrolls only down (then back to the desktop size). */
async function expectNoSidewaysScrollAt360(page: Page, alsoThere?: () => Promise<void>) {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 780 });
  await alsoThere?.();
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBe(0);
  if (desktop) await page.setViewportSize(desktop);
}

test("a guest buys two named tickets and a T-shirt in one order; the e-mail's QR codes verify; 'Moje bilety' after sign-up", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("bilety");

  // The night's page: the early bird struck through, Pula 1 on sale, the next tier announced.
  await page.goto(`/wydarzenia/${night.slug}`);
  const section = page.getByTestId("night-tickets");
  await expect(section.getByTestId("ticket-type")).toHaveCount(3);
  const [earlyBird, first] = night.tickets.types;
  await expect(section.locator('[data-testid="ticket-type"][data-state="sold_out"]')).toContainText(
    earlyBird.name,
  );
  await expect(section.getByTestId("tickets-next")).toBeVisible();
  const onSale = section.locator('[data-testid="ticket-type"][data-state="on_sale"]');
  await expect(onSale).toHaveCount(1);
  await expect(onSale).toContainText(first.name);
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScrollAt360(page);
  await onSale.locator('select[name="quantity"]').selectOption("2");
  const added = page.waitForResponse(
    (response) => response.url().includes("/cart.data") && response.request().method() === "POST",
  );
  await onSale.getByTestId("add-ticket").click();
  expect((await added).ok()).toBe(true);
  await expect(page.getByTestId("cart-badge")).toHaveText("2");

  // A T-shirt in size M from the shop, into the same cart.
  await page.goto("/merch/koszulka-nokturn-logo");
  await waitForHydration(page);
  await page.getByTestId("size-picker").getByText("M", { exact: true }).click();
  const shirt = page.waitForResponse(
    (response) => response.url().includes("/cart.data") && response.request().method() === "POST",
  );
  await page.getByTestId("add-to-cart").click();
  expect((await shirt).ok()).toBe(true);
  await expect(page.getByTestId("cart-badge")).toHaveText("3");

  // The cart: both attendees named, courier for the shirt, the address (the night has a limit per
  // person), 18+.
  await page.goto("/cart");
  await waitForHydration(page);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  const tickets = page.getByTestId("cart-ticket-line");
  await expect(tickets).toHaveCount(1);
  await expect(tickets.getByTestId("ticket-quantity-value")).toHaveText("2");
  const names = tickets.getByTestId("attendees-form");
  await expect(names.getByTestId("attendees-state")).toHaveText("Do uzupełnienia przed płatnością");
  const attendees = [
    ["Zofia", "Żółkiewska"],
    ["Jan", "Kowalski"],
  ];
  for (const [index, [firstName, lastName]] of attendees.entries()) {
    await names.locator(`input[name="attendees[${index}].firstName"]`).fill(firstName);
    await names.locator(`input[name="attendees[${index}].lastName"]`).fill(lastName);
  }
  await names.getByTestId("save-attendees").click();
  await expect(names.getByTestId("attendees-state")).toHaveText("Uzupełnione");
  await page.getByTestId("delivery-courier").check();
  await expect(page.getByTestId("cart-totals")).toHaveAttribute("aria-busy", "false");
  // 2 × 59,00 zł + 129,00 zł + 16,99 zł courier.
  await expect(page.getByTestId("totals-total")).toHaveText(money("263,99 zł"));
  await page.getByTestId("checkout-email").getByRole("textbox").fill(email);
  await page.getByTestId("adult-confirmation").getByRole("checkbox").check();
  await expectNoSeriousA11yViolations(page);

  // A phone 360 px wide: the cart with tickets scrolls only down, its checkout bar at hand.
  await expectNoSidewaysScrollAt360(page, async () => {
    await expect(page.getByTestId("mobile-checkout-bar")).toBeVisible();
  });

  await page.getByTestId("checkout-button").click();
  await expect(page).toHaveURL(/\/platnosc-testowa\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("test-payment-total")).toHaveText(money("263,99 zł"));
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await payOnTestPage(page, { name: "Zofia Żółkiewska" });
  await expect(page).toHaveURL(/\/order-success\?session_id=test_cs_/);
  await expect(page.getByTestId("order-created")).toBeVisible();
  const orderNumber = (await page.getByTestId("order-number").textContent())!.replace("#", "").trim();

  // The confirmation e-mail carries the e-tickets: one PDF, a QR per ticket, signed by the server.
  await expect
    .poll(() => rawMailsIn(process.env.E2E_DATA_DIR ?? "", email, "order-confirmation").length, {
      timeout: 25_000,
    })
    .toBe(1);
  const [raw] = rawMailsIn(process.env.E2E_DATA_DIR ?? "", email, "order-confirmation");
  expect(raw).toContain(orderNumber);
  const pdfs = mailAttachments(raw).filter((file) => file.contentType === "application/pdf");
  expect(pdfs).toHaveLength(1);
  const codes = await qrCodesOfPdf(pdfs[0].content);
  expect(codes).toHaveLength(2);
  // The night's id (the signature covers it), as the panel links to its tickets.
  const nightId = await asAdmin(browser, (admin) => nightIdInPanel(admin, night.title));
  const key = serverPublicKey();
  const verified = codes.map((code) => verifyTicketCode(code ?? "", nightId, [key]));
  for (const ticket of verified) expect(ticket).toMatchObject({ version: 1 });
  const ids = verified.map((ticket) => ticket?.ticketId);
  expect(new Set(ids).size).toBe(2);

  // Signed up and verified with the same address: both tickets in "Moje bilety", each with its QR.
  await signUp(page, email, "bilety-sekret");
  await page.goto(await linkFromMail(email, "welcome", "/verify-email"));
  await expect(page.getByRole("heading", { name: "Adres potwierdzony!" })).toBeVisible();
  await login(page, email, "bilety-sekret", "/account/bilety");
  await expect(page).toHaveURL(/\/account\/bilety$/);
  const cards = page.getByTestId("ticket-card");
  await expect(cards).toHaveCount(2);
  // One order's tickets are listed by issue time, then id (random): the names in any order.
  const holders = await cards.getByTestId("ticket-holder").allInnerTexts();
  expect(holders.sort()).toEqual(attendees.map(([firstName, lastName]) => `${firstName} ${lastName}`).sort());
  await expect(cards.getByTestId("ticket-qr")).toHaveCount(2);
  expect(
    (await cards.evaluateAll((all) => all.map((card) => card.getAttribute("data-ticket-id")))).sort(),
  ).toEqual([...ids].sort());
});
