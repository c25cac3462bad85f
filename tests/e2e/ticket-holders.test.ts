/**
 * A holder's tickets end to end (issue #40): a guest buys two named tickets of the first upcoming demo
 * night and gives one to a friend from the order's page ("Przekaż bilet"). The friend's e-mail carries
 * a PDF whose QR verifies with the server's key and bears the ticket's next version, so the door
 * refuses the old code (no door endpoint yet: the version inside the signature is what it compares);
 * the order's page names the new holder.
 */
import { createPrivateKey, createPublicKey } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { verifyTicketCode } from "../../app/modules/tickets/ticket-code";
import { upcomingNightData } from "../../db/seed";
import { signedIn, waitForHydration } from "../support/fixtures";
import { mailAttachments, rawMailsIn } from "../support/mail-files";
import { qrCodesOfPdf } from "../support/pdf-qr";
import { payOnTestPage } from "../support/test-payment";
import { mailsTo, uniqueEmail } from "./accounts-support";

const night = upcomingNightData[0];
const dataDir = () => process.env.E2E_DATA_DIR ?? "";

/** The public half of the key the e2e server signs tickets with (generated in its DATA_DIR). */
function serverPublicKey() {
  const file = path.join(dataDir(), "ticket-signing-key.pem");
  return createPublicKey(createPrivateKey(fs.readFileSync(file, "utf8")));
}

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
async function guestBuysTickets(page: Page, email: string, attendees: string[][]) {
  await page.goto(`/wydarzenia/${night.slug}`);
  await waitForHydration(page);
  const onSale = page
    .getByTestId("night-tickets")
    .locator('[data-testid="ticket-type"][data-state="on_sale"]');
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

/** The night's id (the ticket's signature covers it), as the panel links to its tickets. */
async function nightIdFromPanel(page: Page) {
  const admin = await page
    .context()
    .browser()!
    .newContext({
      storageState: signedIn("admin"),
      baseURL: process.env.E2E_BASE_URL,
    });
  const panel = await admin.newPage();
  await panel.goto("/admin/events");
  const href = await panel.getByRole("link", { name: `Bilety: ${night.title}` }).getAttribute("href");
  await admin.close();
  return /\/admin\/events\/([0-9a-f-]{36})\/tickets/.exec(href ?? "")?.[1] ?? "";
}

test("a holder gives one of two tickets to a friend: the friend's QR verifies with the next version; the order names the friend", async ({
  page,
}) => {
  const email = uniqueEmail("przekaz");
  const friend = uniqueEmail("przyjaciel");
  await guestBuysTickets(page, email, [
    ["Adam", "Nowak"],
    ["Ewa", "Nowak"],
  ]);
  const [nightId, firstCodes] = await Promise.all([
    nightIdFromPanel(page),
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
