/**
 * A holder's tickets end to end (issue #40): a guest buys two named tickets of the first upcoming demo
 * night and gives one to a friend from the order's page ("Przekaż bilet"). The friend's e-mail carries
 * a PDF whose QR verifies with the server's key and bears the ticket's next version, so the door
 * refuses the old code (no door endpoint yet: the version inside the signature is what it compares);
 * the order's page names the new holder. And the waiting list: a night made in the panel's forms sells
 * its one ticket; a fan on the sold-out page joins the list and confirms from the e-mail; the holder
 * gives the ticket back; the fan's offer e-mail leads to its face value, paid on the test page; the
 * fan's e-mailed QR verifies and the holder is told of the refund.
 */
import { expect, type Page, test } from "@playwright/test";
import { verifyTicketCode } from "../../app/modules/tickets/ticket-code";
import { upcomingNightData } from "../../db/seed";
import { waitForHydration } from "../support/fixtures";
import { mailAttachments, rawMailsIn } from "../support/mail-files";
import { qrCodesOfPdf } from "../support/pdf-qr";
import { payOnTestPage } from "../support/test-payment";
import { mailsTo, uniqueEmail } from "./accounts-support";
import { asAdmin, nightIdInPanel, serverPublicKey } from "./ticket-support";

const night = upcomingNightData[0];
const dataDir = () => process.env.E2E_DATA_DIR ?? "";

/** The QR codes of the PDF in the one e-mail of `kind` to `to` (waits for it). */
async function ticketCodesMailed(to: string, kind: string) {
  await expect.poll(() => rawMailsIn(dataDir(), to, kind).length, { timeout: 25_000 }).toBe(1);
  const pdfs = mailAttachments(rawMailsIn(dataDir(), to, kind)[0]).filter(
    (file) => file.contentType === "application/pdf",
  );
  expect(pdfs).toHaveLength(1);
  return (await qrCodesOfPdf(pdfs[0].content)).map((code) => code ?? "");
}

/** A guest buys `attendees.length` tickets of the night's ticket on sale and pays on the test page. */
async function guestBuysTickets(page: Page, email: string, attendees: string[][], slug: string = night.slug) {
  await page.goto(`/wydarzenia/${slug}`);
  await waitForHydration(page);
  const onSale = page
    .getByTestId("night-tickets")
    .locator('[data-testid="ticket-type"][data-state="on_sale"]');
  if (attendees.length > 1)
    await onSale.locator('select[name="quantity"]').selectOption(String(attendees.length));
  const added = page.waitForResponse(
    (response) => response.url().includes("/cart.data") && response.request().method() === "POST",
  );
  await onSale.getByTestId("add-ticket").click();
  expect((await added).ok()).toBe(true);

  await page.goto("/cart");
  await waitForHydration(page);
  const names = page.getByTestId("cart-ticket-line").getByTestId("attendees-form");
  for (const [index, [firstName, lastName]] of attendees.entries()) {
    await names.locator(`input[name="attendees[${index}].firstName"]`).fill(firstName);
    await names.locator(`input[name="attendees[${index}].lastName"]`).fill(lastName);
  }
  await names.getByTestId("save-attendees").click();
  await expect(names.getByTestId("attendees-state")).toHaveText("Uzupełnione");
  await page.getByTestId("checkout-email").getByRole("textbox").fill(email);
  await page.getByTestId("adult-confirmation").getByRole("checkbox").check();
  await page.getByTestId("checkout-button").click();
  await expect(page).toHaveURL(/\/platnosc-testowa\/[0-9a-f-]{36}$/);
  await payOnTestPage(page, { name: attendees[0].join(" ") });
  await expect(page.getByTestId("order-created")).toBeVisible();
}

test("a holder gives one of two tickets to a friend: the friend's QR verifies with the next version; the order names the friend", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("przekaz");
  const friend = uniqueEmail("przyjaciel");
  await guestBuysTickets(page, email, [
    ["Adam", "Nowak"],
    ["Ewa", "Nowak"],
  ]);
  const [nightId, firstCodes] = await Promise.all([
    asAdmin(browser, (admin) => nightIdInPanel(admin, night.title)),
    ticketCodesMailed(email, "order-confirmation"),
  ]);
  const key = serverPublicKey();
  const originals = firstCodes.map((code) => verifyTicketCode(code, nightId, [key]));
  expect(originals).toHaveLength(2);
  for (const ticket of originals) expect(ticket).toMatchObject({ version: 1 });

  // The order's page (the guest's private link from the e-mail): "Przekaż bilet" on Ewa's ticket.
  const [confirmation] = mailsTo(email, "order-confirmation");
  const orderLink = /\/zamowienie\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]+/.exec(confirmation)![0];
  await page.goto(orderLink);
  await waitForHydration(page);
  const cards = page.getByTestId("order-tickets").getByTestId("ticket-card");
  await expect(cards).toHaveCount(2);
  const ewa = cards.filter({ has: page.getByTestId("ticket-holder").filter({ hasText: "Ewa Nowak" }) });
  const ticketId = await ewa.getAttribute("data-ticket-id");
  const transfer = ewa.getByTestId("ticket-transfer");
  await transfer.locator("summary").click();
  await transfer.getByLabel("Imię").fill("Łucja");
  await transfer.getByLabel("Nazwisko").fill("Wiśniewska");
  await transfer.getByLabel("E-mail nowej osoby").fill(friend);
  await transfer.getByRole("button", { name: "Przekaż bilet" }).click();
  // Back on the page (post/redirect/get) with the flash as a toast; the card says who has it now.
  await expect(page.locator("[data-sonner-toast]")).toContainText("Bilet przekazany");
  await expect(
    cards.and(page.locator(`[data-ticket-id="${ticketId}"]`)).getByTestId("ticket-given"),
  ).toHaveText("Przekazany: Łucja Wiśniewska");
  expect((await cards.getByTestId("ticket-holder").allInnerTexts()).sort()).toEqual([
    "Adam Nowak",
    "Łucja Wiśniewska",
  ]);

  // The friend's e-mail: one ticket, the same id, the next version — the old QR no longer opens the door.
  const [friendCode] = await ticketCodesMailed(friend, "ticket-transfer");
  const given = verifyTicketCode(friendCode, nightId, [key]);
  expect(given).toMatchObject({ ticketId, version: 2 });
  const old = originals.find((ticket) => ticket?.ticketId === ticketId);
  expect(old).toMatchObject({ version: 1 });
  expect(firstCodes).not.toContain(friendCode);
});

/** Waits for the e-mail and returns its link's path `prefix` + a 43-character token. */
async function tokenLinkFromMail(to: string, kind: string, prefix: string) {
  await expect.poll(() => mailsTo(to, kind).length, { timeout: 25_000, message: `${kind} to ${to}` }).toBe(1);
  const match = new RegExp(`${prefix}[A-Za-z0-9_-]{43}`).exec(mailsTo(to, kind)[0]);
  if (!match) throw new Error(`no ${prefix} link in the ${kind} e-mail to ${to}`);
  return match[0];
}

/** A published night ~a year ahead selling one ticket on the site, made through the panel's forms. */
async function soldOnSiteNight(admin: Page) {
  const title = `Noc z listą ${Date.now().toString(36)}`;
  const slug = `noc-z-lista-${Date.now().toString(36)}`;
  const year = new Date().getFullYear() + 1;
  const created = await admin.request.post("/admin/events/new", {
    form: {
      title,
      slug,
      startsAt: `${year}-03-13T22:00`,
      endsAt: `${year}-03-14T05:00`,
      venue: "Klub Lista",
      city: "Wrocław",
      salesMode: "site",
      published: "on",
      status: "planned",
    },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(303);
  const eventId = await nightIdInPanel(admin, title);
  const tickets = `/admin/events/${eventId}/tickets`;
  const forms: Record<string, string>[] = [
    { intent: "settings", capacity: "1", maxPerCustomer: "2" },
    { intent: "save", name: "Pula 1", price: "59,00", vatRate: "8", quota: "1", maxPerOrder: "1" },
  ];
  for (const form of forms) {
    const saved = await admin.request.post(tickets, { form, maxRedirects: 0 });
    expect(saved.status(), await saved.text()).toBeLessThan(400);
  }
  return { eventId, slug };
}

test("a sold-out night: a fan joins the waiting list, the holder gives the ticket back, the fan buys it from the offer at its price", async ({
  page,
  browser,
}) => {
  const holder = uniqueEmail("oddaje");
  const fan = uniqueEmail("lista");
  const { eventId, slug } = await asAdmin(browser, soldOnSiteNight);

  // The holder buys the night's one ticket.
  await guestBuysTickets(page, holder, [["Olga", "Oddająca"]], slug);

  // Sold out: the fan (a browser of their own) joins the waiting list and confirms from the e-mail.
  const fanContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const fanPage = await fanContext.newPage();
  await fanPage.goto(`/wydarzenia/${slug}`);
  await waitForHydration(fanPage);
  const list = fanPage.getByTestId("waitlist-form");
  await list.getByRole("textbox", { name: "E-mail" }).fill(fan);
  await list.getByRole("checkbox").check();
  await list.getByRole("button", { name: "Zapisz mnie na listę" }).click();
  await fanPage.goto(await tokenLinkFromMail(fan, "waitlist-confirm", "/bilety/lista/potwierdz/"));
  await waitForHydration(fanPage);
  await fanPage.getByRole("button", { name: "Potwierdzam" }).click();
  await expect(fanPage.getByRole("button", { name: "Potwierdzam" })).toHaveCount(0);

  // The holder gives the ticket back from the order's private link.
  const orderLink = /\/zamowienie\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]+/.exec(
    mailsTo(holder, "order-confirmation")[0],
  )![0];
  await page.goto(orderLink);
  await waitForHydration(page);
  const giveBack = page.getByTestId("ticket-return-form");
  await giveBack.getByRole("button", { name: "Oddaj bilet" }).click();
  await expect(giveBack.getByTestId("ticket-returned")).toBeVisible();

  // The first in line gets the offer: face value, a name, 18+, paid on the test page.
  await fanPage.goto(await tokenLinkFromMail(fan, "ticket-offer", "/bilety/oferta/"));
  await waitForHydration(fanPage);
  await expect(fanPage.getByTestId("ticket-offer-price")).toHaveText(/^59,00\szł$/);
  const offer = fanPage.getByTestId("ticket-offer-form");
  await offer.getByLabel("Imię osoby z biletem").fill("Lena");
  await offer.getByLabel("Nazwisko osoby z biletem").fill("Zlisty");
  await offer.getByRole("checkbox").check();
  await offer.getByRole("button", { name: "Przejdź do płatności" }).click();
  await expect(fanPage).toHaveURL(/\/platnosc-testowa\/[0-9a-f-]{36}$/);
  await payOnTestPage(fanPage, { name: "Lena Zlisty" });
  await expect(fanPage.getByTestId("order-created")).toBeVisible();

  // The fan's ticket opens the door; the holder is told of the refund of the full price.
  const [code] = await ticketCodesMailed(fan, "order-confirmation");
  expect(verifyTicketCode(code, eventId, [serverPublicKey()])).toMatchObject({ version: 1 });
  await expect.poll(() => mailsTo(holder, "ticket-resold").length, { timeout: 25_000 }).toBe(1);
  expect(mailsTo(holder, "ticket-resold")[0]).toContain("59,00");
  await fanContext.close();
});
