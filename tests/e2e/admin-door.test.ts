/**
 * The night at the door in the panel (issue #41): two phones that admitted the same ticket offline
 * sync, and the open "Bramka" page shows the check-in and lists the conflict by itself (no reload); a
 * door sale lowers the capacity left; the door's settings are saved; without JavaScript the check-in
 * chart and the tables are in the HTML. The phones here are the API's clients, as the door app is
 * (its own flow, camera and offline, is tests/e2e/door.test.ts).
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { upcomingNightData } from "../../db/seed";
import { signedIn } from "../support/fixtures";
import { expect, openAdmin, test, unique } from "./admin-support";
import { nightIdInPanel } from "./ticket-support";

// The second demo night: the ticket flows buy on the first.
const night = upcomingNightData[1];
const base = () => process.env.E2E_BASE_URL ?? "";

type DoorNight = { tickets: { id: string; name: string; version: number; state: string }[] };

async function download(request: APIRequestContext, nightId: string, deviceId: string, name: string) {
  const answer = await request.get(
    `/api/bramka/${nightId}/noc?urzadzenie=${deviceId}&nazwa=${encodeURIComponent(name)}`,
  );
  expect(answer.status()).toBe(200);
  return (await answer.json()) as DoorNight;
}

function post(request: APIRequestContext, path: string, data: unknown) {
  return request.post(path, { data, headers: { origin: base() } });
}

async function statValue(page: Page, testId: string) {
  return Number(((await page.getByTestId(testId).textContent()) ?? "").split(" ")[0]);
}

test("two phones' offline admissions show as a check-in and a conflict, live; a door sale lowers the capacity", async ({
  page,
}) => {
  const nightId = await nightIdInPanel(page, night.title);
  const phoneA = { id: randomUUID(), name: unique("Telefon A") };
  const phoneB = { id: randomUUID(), name: unique("Telefon B") };
  const list = await download(page.request, nightId, phoneA.id, phoneA.name);
  await download(page.request, nightId, phoneB.id, phoneB.name);
  const ticket = list.tickets.find((candidate) => candidate.state === "valid");
  if (!ticket) throw new Error("the demo night has no valid ticket");

  await openAdmin(page, `/admin/events/${nightId}/bramka`);
  await expect(page.getByRole("heading", { name: `Bramka: ${night.title}` })).toBeVisible();
  const soldBefore = await statValue(page, "door-sold");
  const leftBefore = await statValue(page, "door-capacity-left");

  // Both phones admitted the ticket while offline, then came back and synced.
  const now = Date.now();
  for (const [phone, at] of [
    [phoneA, now - 60_000],
    [phoneB, now - 30_000],
  ] as const) {
    const scan = {
      nonce: randomUUID(),
      ticketId: ticket.id,
      version: ticket.version,
      direction: "in",
      at,
      deviceId: phone.id,
    };
    const answer = await post(page.request, `/api/bramka/${nightId}/sync`, {
      deviceId: phone.id,
      scans: [scan],
      sales: [],
      cursor: null,
    });
    expect(answer.status()).toBe(200);
    expect((await answer.json()).stored).toEqual([scan.nonce]);
  }

  // The page reads the night again by itself: the conflict appears with both phones.
  const conflict = page.getByTestId("door-conflict").filter({ hasText: phoneB.name });
  await expect(conflict).toBeVisible({ timeout: 15_000 });
  await expect(conflict).toContainText(ticket.name);
  await expect(conflict).toContainText(phoneA.name);
  expect(await statValue(page, "door-admitted")).toBeGreaterThanOrEqual(1);

  // A door sale, online, from phone A: counted at once in the capacity.
  const sale = await post(page.request, `/api/bramka/${nightId}/sprzedaz`, {
    nonce: randomUUID(),
    deviceId: phoneA.id,
    quantity: 1,
    method: "card",
    at: Date.now(),
    blockId: null,
  });
  expect(sale.status()).toBe(200);
  await page.reload();
  expect(await statValue(page, "door-sold")).toBe(soldBefore + 1);
  expect(await statValue(page, "door-capacity-left")).toBeLessThanOrEqual(leftBefore - 1);
  await expect(page.getByRole("row").filter({ hasText: phoneA.name }).first()).toBeVisible();
});

test("the door's settings are saved: re-entry and the door price", async ({ page }) => {
  const nightId = await nightIdInPanel(page, night.title);
  await openAdmin(page, `/admin/events/${nightId}/bramka`);
  const price = page.getByLabel("Cena biletu na bramce (zł)");
  const original = await price.inputValue();
  await price.fill("abc");
  await page.getByRole("button", { name: "Zapisz ustawienia bramki" }).click();
  await expect(
    page.getByText("Cena na bramce musi być kwotą od 1 zł, np. 80 lub 80,00").first(),
  ).toBeVisible();
  await price.fill("95");
  await page.getByRole("button", { name: "Zapisz ustawienia bramki" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Zapisano ustawienia bramki" }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Cena biletu na bramce (zł)")).toHaveValue("95.00");
  // Back as it was, for the other tests of this night.
  await page.getByLabel("Cena biletu na bramce (zł)").fill(original);
  await page.getByRole("button", { name: "Zapisz ustawienia bramki" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Zapisano ustawienia bramki" }),
  ).toBeVisible();
});

test("without JavaScript the live page and the report are in the HTML", async ({ browser }) => {
  const context = await browser.newContext({
    storageState: signedIn("admin", base()),
    baseURL: base(),
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    const nightId = await nightIdInPanel(page, night.title);
    await page.goto(`/admin/events/${nightId}/bramka`);
    await expect(page.getByRole("table", { name: "Wejścia według puli biletów" })).toBeAttached();
    // The conflicts: their table, or the line saying there are none.
    await expect(
      page
        .getByRole("table", { name: "Bilety wpuszczone dwa razy (telefony offline)" })
        .or(page.getByText("Brak konfliktów")),
    ).toBeAttached();
    await page.goto(`/admin/events/${nightId}/raport`);
    await expect(page.getByRole("heading", { name: `Raport: ${night.title}` })).toBeVisible();
    await expect(page.getByRole("table", { name: "Sprzedaż online" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Nie przyszło (no-show)" })).toBeVisible();
    const csv = await context.request.get(`/admin/events/${nightId}/raport.csv`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain("Sekcja;Pozycja;Liczba;Kwota (zł)");
  } finally {
    await context.close();
  }
});
