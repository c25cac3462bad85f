/**
 * Events over time (issue #17, decision 022): the suite's server on the test clock
 * (tests/support/clock-server.ts, seeded on 5.01.2026), moved before, during and after the spec's night (17.01.2026, 23:00–07:00
 * Warsaw) and past every night. The landing page, the event pages, the archive, the .ics file and the
 * JSON-LD follow by themselves — through the page cache, which must not keep a past night up front —
 * and a past night offers no ticket anywhere. At the end the panel's warning when no night is coming,
 * and a night cancelled, then moved, from the panel as a visitor sees it.
 */
import { expect, type Page, test } from "@playwright/test";
import { clockAdmin, clockUrl, setClock } from "../support/clock-server";
import { waitForHydration } from "../support/fixtures";

test.describe.configure({ mode: "serial" });

const SPEC = "/wydarzenia/nokturn-17-01-2026";
const SPEC_TICKETS = "https://www.biletomat.example/nokturn-17-01-2026";
// The seeded nights sell on the site (issue #40): the list links to the night's own tickets, its hero
// to the section below it, and its JSON-LD has one Offer per ticket type at its page.
const HANGAR = "/wydarzenia/nokturn-hangar";
const HANGAR_TICKETS = `${HANGAR}#bilety`;
const TICKETS_HERE = "#bilety";

const url = (p: string) => `${clockUrl()}${p}`;

async function musicEvent(page: Page) {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text)).find((json) => json["@type"] === "MusicEvent");
}

/** An anonymous request as the page cache sees it. */
async function anonymous(p: string) {
  const response = await fetch(url(p));
  return { status: response.status, cache: response.headers.get("x-cache"), text: await response.text() };
}

/** The JSON-LD offers of a night sold on the site: one per type (three seeded), each at the night's page. */
function expectOffersAt(json: { offers?: { url: string }[] }, page: string) {
  expect(json.offers?.map((offer) => offer.url)).toEqual([url(page), url(page), url(page)]);
}

async function scrollForFloatingButton(page: Page) {
  await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2));
}

test("before the night: it leads the landing page and sells; the coming nights are listed", async ({
  page,
}) => {
  setClock("2026-01-10T12:00:00Z");
  // Warm the page cache with this answer: the moves below must not be served from it.
  expect((await anonymous("/")).status).toBe(200);
  expect((await anonymous("/")).cache).toBe("HIT");

  await page.goto(url("/"));
  const hero = page.getByTestId("event-hero");
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText("NOKTURN");
  await expect(hero.getByTestId("hero-date-place")).toContainText("17 stycznia 2026, 23:00");
  await expect(hero.getByTestId("hero-ticket")).toHaveAttribute("href", SPEC_TICKETS);
  await expect(hero.getByTestId("add-to-calendar")).toBeVisible();
  await expect(hero.getByTestId("hero-status")).toHaveCount(0);
  const upcoming = page.getByTestId("upcoming-night");
  await expect(upcoming).toHaveCount(2);
  await expect(upcoming.nth(0)).toContainText("NOKTURN: Hangar");
  await expect(upcoming.nth(0)).toContainText("26.01.2026");
  await expect(upcoming.nth(0)).toContainText("Hangar Nadodrze, Wrocław");
  await expect(upcoming.nth(0).getByRole("link", { name: /Bilety/ })).toHaveAttribute("href", HANGAR_TICKETS);
  await expect(upcoming.nth(1)).toContainText("NOKTURN: Zajezdnia");
  await expect(upcoming.nth(1)).toContainText("23.02.2026");
  const json = await musicEvent(page);
  expect(json).toMatchObject({
    name: "NOKTURN",
    startDate: "2026-01-17T23:00:00+01:00",
    eventStatus: "https://schema.org/EventScheduled",
    url: url(SPEC),
    offers: { url: SPEC_TICKETS, availability: "https://schema.org/InStock" },
  });
  await scrollForFloatingButton(page);
  await expect(page.getByTestId("floating-ticket")).toHaveAttribute("href", SPEC_TICKETS);

  // Each night has its own page; the next one's, from the list.
  await upcoming.nth(0).getByRole("link", { name: "NOKTURN: Hangar" }).click();
  await expect(page).toHaveURL(/\/wydarzenia\/nokturn-hangar$/);
  await expect(page.getByTestId("event-hero").getByRole("heading", { level: 1 })).toHaveText(
    "NOKTURN: Hangar",
  );
  await expect(page.getByTestId("hero-ticket")).toHaveAttribute("href", TICKETS_HERE);
  await expect(page.getByTestId("timetable-entry").first()).toBeVisible();
  await expect(page.getByTestId("faq")).toBeVisible();
  await expect(page).toHaveTitle(
    /^NOKTURN: Hangar — 26\.01\.2026, Hangar Nadodrze, Wrocław, bilety i timetable \| NOKTURN$/,
  );
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    "content",
    url("/wydarzenia/nokturn-hangar"),
  );
  const hangarJson = await musicEvent(page);
  expect(hangarJson).toMatchObject({ name: "NOKTURN: Hangar" });
  expectOffersAt(hangarJson, HANGAR);

  const ics = await fetch(url("/events/nokturn-17-01-2026.ics"));
  expect(ics.status).toBe(200);
  expect(await ics.text()).toContain("DTSTART;TZID=Europe/Warsaw:20260117T230000");
  // Not over yet: not in the archive.
  expect((await fetch(url("/archive/nokturn-17-01-2026"))).status).toBe(404);
  const sitemap = await (await fetch(url("/sitemap.xml"))).text();
  for (const slug of ["nokturn-17-01-2026", "nokturn-hangar", "nokturn-zajezdnia"]) {
    expect(sitemap).toContain(url(`/wydarzenia/${slug}`));
  }
});

test("at 02:00 during the night it still leads, under way, and still sells", async ({ page }) => {
  setClock("2026-01-18T01:00:00Z"); // 02:00 in Warsaw
  await page.goto(url("/"));
  const hero = page.getByTestId("event-hero");
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText("NOKTURN");
  await expect(hero.getByTestId("hero-status")).toHaveText("Trwa teraz");
  await expect(hero.getByTestId("hero-ticket")).toHaveAttribute("href", SPEC_TICKETS);
  expect((await musicEvent(page))?.offers).toBeDefined();
});

test("once it has ended the next night takes its place, and the past night offers no ticket anywhere", async ({
  page,
}) => {
  setClock("2026-01-18T06:00:00Z"); // 07:00 in Warsaw: the night is over
  const fresh = await anonymous("/");
  expect(fresh.cache).toBe("MISS");
  expect(fresh.text).not.toContain(SPEC_TICKETS);

  await page.goto(url("/"));
  const hero = page.getByTestId("event-hero");
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText("NOKTURN: Hangar");
  await expect(hero.getByTestId("hero-ticket")).toHaveAttribute("href", TICKETS_HERE);
  const upcoming = page.getByTestId("upcoming-night");
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming).toContainText("NOKTURN: Zajezdnia");
  const nextJson = await musicEvent(page);
  expect(nextJson).toMatchObject({ name: "NOKTURN: Hangar" });
  expectOffersAt(nextJson, HANGAR);
  // The past night is in the archive list now.
  await expect(
    page.locator("#archiwum").getByRole("link", { name: /NOKTURN.*17\.01\.2026/ }),
  ).toHaveAttribute("href", "/archive/nokturn-17-01-2026");

  // The past night's own page: said to be over, its gallery, nothing to buy or add.
  await page.goto(url(SPEC));
  const pastHero = page.getByTestId("event-hero");
  await expect(pastHero.getByRole("heading", { level: 1 })).toHaveText("NOKTURN");
  await expect(pastHero.getByTestId("hero-status")).toHaveText("Ta noc już się odbyła");
  await expect(pastHero.getByTestId("hero-gallery")).toHaveAttribute("href", "/gallery/nokturn-styczen-2026");
  await expect(page.getByTestId("hero-ticket")).toHaveCount(0);
  await expect(page.getByTestId("add-to-calendar")).toHaveCount(0);
  await expect(page.getByText("KUP BILET")).toHaveCount(0);
  await scrollForFloatingButton(page);
  await expect(page.getByTestId("floating-ticket")).toHaveCount(0);
  await expect(page.locator(`a[href="${SPEC_TICKETS}"]`)).toHaveCount(0);
  const json = await musicEvent(page);
  expect(json).toMatchObject({ name: "NOKTURN", eventStatus: "https://schema.org/EventScheduled" });
  expect(json).not.toHaveProperty("offers");
  await expect(page).toHaveTitle(/NOKTURN 17\.01\.2026 — Klub Transformator, Wrocław/);
  // The other nights are still offered from it.
  await expect(page.getByTestId("upcoming-night")).toHaveCount(2);

  const ics = await fetch(url("/events/nokturn-17-01-2026.ics"));
  expect(ics.status).toBe(410);
  expect(await ics.text()).toBe("To wydarzenie już się odbyło.");

  // The archive has the night with its gallery.
  await page.goto(url("/archive/nokturn-17-01-2026"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("NOKTURN");
  await expect(page.locator('a[href="/gallery/nokturn-styczen-2026"]').first()).toBeVisible();
  await expect(page.locator(`a[href="${SPEC_TICKETS}"]`)).toHaveCount(0);
});

test("with no night coming the hero says so, links the residents and sells nothing", async ({ page }) => {
  setClock("2026-03-01T12:00:00Z");
  await page.goto(url("/"));
  const hero = page.getByTestId("no-night-hero");
  await expect(hero).toContainText("Nowa data wkrótce");
  await expect(hero.getByRole("link", { name: /REZYDENCI/ })).toHaveAttribute("href", "/rezydenci");
  await expect(page.getByTestId("event-hero")).toHaveCount(0);
  await expect(page.getByTestId("upcoming-night")).toHaveCount(0);
  await expect(page.getByText("KUP BILET")).toHaveCount(0);
  await expect(page.getByTestId("add-to-calendar")).toHaveCount(0);
  await scrollForFloatingButton(page);
  await expect(page.getByTestId("floating-ticket")).toHaveCount(0);
  expect(await musicEvent(page)).toBeUndefined();
  for (const slug of ["nokturn-17-01-2026", "nokturn-hangar", "nokturn-zajezdnia"]) {
    expect((await fetch(url(`/events/${slug}.ics`))).status).toBe(410);
    await page.goto(url(`/wydarzenia/${slug}`));
    await expect(page.getByTestId("hero-status")).toHaveText("Ta noc już się odbyła");
    await expect(page.getByTestId("hero-ticket")).toHaveCount(0);
    expect(await musicEvent(page)).not.toHaveProperty("offers");
  }
  // No ticket on any other page either (the floating button comes from the root data).
  await page.goto(url("/merch"));
  await scrollForFloatingButton(page);
  await expect(page.getByTestId("floating-ticket")).toHaveCount(0);
});

test("an unknown night's page is a Polish 404", async ({ page }) => {
  const response = await page.goto(url("/wydarzenia/nie-ma-takiej-nocy"));
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/Nie znaleziono/);
  await expect(page.getByRole("link", { name: "Wróć na stronę główną" })).toBeVisible();
  expect((await fetch(url("/events/nie-ma.ics"))).status).toBe(404);
});

/** Signs the page's context in as the demo admin of the clock server (a session seeded before it started). */
async function signInAsAdmin(page: Page) {
  await page.context().addCookies(clockAdmin().cookies);
}

function adminEventRow(page: Page, title: string) {
  return page
    .getByTestId("event-row")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/** Sets a night's status from the panel's event form, as an admin does. */
async function setStatusInPanel(
  page: Page,
  title: string,
  status: "Planowane" | "Odwołane" | "Przeniesione",
) {
  await page.goto(url("/admin/events"));
  await waitForHydration(page);
  await adminEventRow(page, title)
    .getByRole("link", { name: `Edytuj: ${title}` })
    .click();
  await page.getByLabel("Status").selectOption({ label: status });
  await page.getByRole("button", { name: "Zapisz zmiany" }).click();
  // Saved: the list it returns to shows the new status (its toast is admin-events.test.ts's).
  await expect(adminEventRow(page, title).getByTestId("event-status")).toHaveText(status, {
    timeout: 30_000,
  });
}

test("the panel warns when the featured night is over and no published night is coming", async ({ page }) => {
  setClock("2026-03-01T12:00:00Z");
  await signInAsAdmin(page);
  await page.goto(url("/admin/events"));
  const warning = page.getByTestId("no-next-night");
  await expect(warning).toHaveAttribute("role", "alert");
  await expect(warning).toContainText(
    "Wyróżnione wydarzenie już się odbyło, a nie ma opublikowanego kolejnego.",
  );
  await expect(warning).toContainText("Dodaj i opublikuj następne wydarzenie.");
  // Every demo night is in the past list now.
  await expect(page.getByTestId("events-upcoming").getByTestId("event-row")).toHaveCount(0);
});

test("a cancelled night is never the hero and sells nothing; a moved one is marked and still sells", async ({
  page,
}) => {
  test.setTimeout(180_000);
  setClock("2026-01-10T12:00:00Z");
  await signInAsAdmin(page);

  // The featured night is cancelled in the panel: the landing page leads with the next night that takes place.
  await setStatusInPanel(page, "NOKTURN", "Odwołane");
  const visitor = await page.context().browser()!.newContext();
  const anonymousPage = await visitor.newPage();
  await anonymousPage.goto(url("/"));
  const hero = anonymousPage.getByTestId("event-hero");
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText("NOKTURN: Hangar");
  await expect(hero.getByTestId("hero-ticket")).toHaveAttribute("href", TICKETS_HERE);
  expect(await musicEvent(anonymousPage)).toMatchObject({ name: "NOKTURN: Hangar" });
  // It stays listed, marked cancelled, with no ticket.
  const cancelledRow = anonymousPage.getByTestId("upcoming-night").filter({ hasText: "17.01" });
  await expect(cancelledRow).toContainText("Wydarzenie odwołane");
  await expect(cancelledRow.getByText("Bilety")).toHaveCount(0);
  await expect(anonymousPage.locator(`a[href="${SPEC_TICKETS}"]`)).toHaveCount(0);

  // Its own page says so and offers no ticket, calendar or Offer.
  await anonymousPage.goto(url(SPEC));
  await expect(anonymousPage.getByTestId("hero-status")).toHaveText("Wydarzenie odwołane");
  await expect(anonymousPage.getByTestId("hero-ticket")).toHaveCount(0);
  await expect(anonymousPage.getByTestId("add-to-calendar")).toHaveCount(0);
  await expect(anonymousPage.locator(`a[href="${SPEC_TICKETS}"]`)).toHaveCount(0);
  const cancelled = await musicEvent(anonymousPage);
  expect(cancelled).toMatchObject({ eventStatus: "https://schema.org/EventCancelled" });
  expect(cancelled).not.toHaveProperty("offers");
  expect((await fetch(url("/events/nokturn-17-01-2026.ics"))).status).toBe(410);

  // A moved night counts like a planned one: marked "Nowy termin", and it still sells.
  await setStatusInPanel(page, "NOKTURN: Zajezdnia", "Przeniesione");
  await anonymousPage.goto(url("/wydarzenia/nokturn-zajezdnia"));
  await expect(anonymousPage.getByTestId("hero-status")).toHaveText("Nowy termin");
  await expect(anonymousPage.getByTestId("hero-ticket")).toBeVisible();
  const moved = await musicEvent(anonymousPage);
  expect(moved).toMatchObject({ eventStatus: "https://schema.org/EventRescheduled" });
  expect(moved).toHaveProperty("offers");
  expect((await fetch(url("/events/nokturn-zajezdnia.ics"))).status).toBe(200);
  await anonymousPage.goto(url("/"));
  await expect(
    anonymousPage.getByTestId("upcoming-night").filter({ hasText: "NOKTURN: Zajezdnia" }),
  ).toContainText("Nowy termin");

  // Planned again: the featured night leads and sells once more.
  await setStatusInPanel(page, "NOKTURN", "Planowane");
  await anonymousPage.goto(url("/"));
  await expect(anonymousPage.getByTestId("event-hero").getByRole("heading", { level: 1 })).toHaveText(
    "NOKTURN",
  );
  await expect(anonymousPage.getByTestId("hero-ticket")).toHaveAttribute("href", SPEC_TICKETS);
  await visitor.close();
});
