/**
 * The events tab of the admin panel (issues #9 and #17).
 *
 * Other tests (event-site*.test.ts, events-over-time) read the seeded nights in parallel against the
 * same server, so this file never changes what they assert: the night the landing page leads with (the
 * first upcoming demo night: SPEC's featured 17.01.2026 night is over by the demo's date) only gets a
 * timed slot on the bouncy stage (it sorts before its SOON slot) and a marker appended to one FAQ
 * answer, both reverted at the end. Titles, dates, status, publishing and the gallery are exercised on
 * events of this file's own (featured switching itself in tests/integration/admin-events.test.ts).
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";
import { expect, imageFile, openAdmin, test, unique } from "./admin-support";
import { parseIcs } from "./page-support";

test.describe.configure({ timeout: 150_000 });

const FEATURED_SLUG = "nokturn-17-01-2026";
/** The first upcoming demo night (seed day + 21): the landing page's hero while SPEC's night is over. */
const HERO_TITLE = "NOKTURN: Hangar";
const HERO_SLUG = "nokturn-hangar";
/**
 * The nights this file creates: December a year or more ahead (and the February after it), so after
 * the hero night (seed day + 21, the seed day being the run's day) whatever day the suite runs. A fixed
 * 2026-12-05 fell between the two from mid-November 2026: while it existed the landing page led with
 * it, and the landing test beside it (another worker) found the hero's bouncy stage empty.
 */
const OWN_YEAR = new Date().getFullYear() + 1;
/** A save or delete goes to the server and back: on a loaded 2-core machine that can take a while. */
const SERVER = { timeout: 30_000 };

/** A form control by its label, with or without the required asterisk. */
const fieldOf = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()]/g, "\\$&")}\\*?$`));

async function icsOf(page: Page, slug: string) {
  const response = await page.request.get(`/events/${slug}.ics`);
  expect(response.status()).toBe(200);
  const lines = parseIcs(await response.text());
  return (key: string) => lines.find(([name]) => name === key)?.[1];
}

async function musicEvent(page: Page) {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text)).find((json) => json["@type"] === "MusicEvent");
}

function eventRow(page: Page, title: string) {
  return page
    .getByTestId("event-row")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

test("a new event: created with timetable, FAQ and poster, refused on bad input keeping what was typed, edited, deleted", async ({
  page,
}) => {
  const title = unique("Nokturn Żółć");
  await openAdmin(page, "/admin/events");
  await expect(page.getByRole("heading", { name: "Wydarzenia", level: 2 })).toBeVisible();
  await expect(eventRow(page, "NOKTURN").getByText("Strona główna")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Dodaj wydarzenie" }).click();
  await expect(page.getByRole("heading", { name: "Nowe wydarzenie" })).toBeVisible();
  await fieldOf(page, "Tytuł").fill(title);
  const slug = await fieldOf(page, "Slug").inputValue();
  expect(slug).toMatch(/^nokturn-zolc-[a-z0-9]+$/);
  // Winter start, end before it: the browser refuses in Polish.
  await fieldOf(page, "Początek").fill(`${OWN_YEAR}-12-05T23:00`);
  await fieldOf(page, "Koniec").fill(`${OWN_YEAR}-12-05T22:00`);
  await fieldOf(page, "Miejsce (klub)").fill("Klub Próba");
  await fieldOf(page, "Link do biletów").fill("ftp://bilety.example");
  await page.getByRole("button", { name: "Dodaj wydarzenie" }).click();
  await expect(page.getByText("Koniec wydarzenia musi być po jego rozpoczęciu").first()).toBeVisible();
  await expect(
    page.getByText("Link do biletów musi zaczynać się od http:// lub https://").first(),
  ).toBeVisible();
  await fieldOf(page, "Koniec").fill(`${OWN_YEAR}-12-06T06:00`);
  await fieldOf(page, "Link do biletów").fill("https://bilety.example/zolc");

  // Timetable: two slots, the second moved up; one without time (SOON), one linked to an artist.
  await page.getByRole("button", { name: "Dodaj występ" }).click();
  await page.getByLabel("Scena — pozycja 1").selectOption("bouncy");
  await page.getByLabel("Nazwa — pozycja 1").fill("TBA");
  await page.getByRole("button", { name: "Dodaj występ" }).click();
  await page.getByLabel("Godzina — pozycja 2").fill("23:30");
  await page.getByLabel("Nazwa — pozycja 2").fill("MIRA VOLT");
  await page.getByLabel("Artysta — pozycja 2").selectOption({ label: "MIRA VOLT" });
  await page.getByRole("button", { name: "Przesuń w górę — pozycja 2" }).click();
  await expect(page.getByLabel("Nazwa — pozycja 1")).toHaveValue("MIRA VOLT");
  await expect(page.getByLabel("Nazwa — pozycja 2")).toHaveValue("TBA");

  await page.getByRole("button", { name: "Dodaj pytanie" }).click();
  await fieldOf(page, "Pytanie 1").fill("Czy jest szatnia?");
  await fieldOf(page, "Odpowiedź 1").fill("Tak,\nza 10 zł.");

  await page.getByLabel("Dodaj plakat").setInputFiles(await imageFile("plakat.jpg", "#6e5bff"));
  await expect(page.getByTestId("event-poster").locator("img")).toBeVisible();

  // The server refuses a taken slug: the message on the field, everything typed still there.
  await fieldOf(page, "Slug").fill(FEATURED_SLUG);
  await page.getByRole("button", { name: "Dodaj wydarzenie" }).click();
  await expect(page.getByText("Ten slug jest już zajęty przez inne wydarzenie").first()).toBeVisible(SERVER);
  await expect(fieldOf(page, "Tytuł")).toHaveValue(title);
  await expect(page.getByLabel("Nazwa — pozycja 1")).toHaveValue("MIRA VOLT");
  await expect(fieldOf(page, "Odpowiedź 1")).toHaveValue("Tak,\nza 10 zł.");
  await expect(page.getByTestId("event-poster").locator("img")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await fieldOf(page, "Slug").fill(slug);
  await page.getByRole("button", { name: "Dodaj wydarzenie" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(page.getByText("Wydarzenie dodane")).toBeVisible(SERVER);
  const row = eventRow(page, title);
  await expect(row).toContainText(`5 grudnia ${OWN_YEAR}, 23:00–06:00 · Klub Próba, Wrocław`);
  await expect(row).toContainText("2 w timetable");

  // Its calendar file exists at once, in Warsaw time.
  let ics = await icsOf(page, slug);
  expect(ics("SUMMARY")).toBe(title);
  expect(ics("DTSTART;TZID=Europe/Warsaw")).toBe(`${OWN_YEAR}1205T230000`);

  // Edit: a new title, the slot without time removed; the form starts from what was saved.
  await row.getByRole("link", { name: `Edytuj: ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edycja wydarzenia" })).toBeVisible();
  await expect(fieldOf(page, "Początek")).toHaveValue(`${OWN_YEAR}-12-05T23:00`);
  await expect(page.getByLabel("Artysta — pozycja 1")).toHaveValue(/[0-9a-f-]{36}/);
  await expect(fieldOf(page, "Odpowiedź 1")).toHaveValue("Tak,\nza 10 zł.");
  const renamed = `${title} Zima`;
  await fieldOf(page, "Tytuł").fill(renamed);
  await page.getByRole("button", { name: "Usuń — pozycja 2" }).click();
  await page.getByRole("button", { name: "Zapisz zmiany" }).click();
  await expect(page.getByText("Wydarzenie zapisane")).toBeVisible(SERVER);
  await expect(eventRow(page, renamed)).toContainText("1 w timetable");
  ics = await icsOf(page, slug);
  expect(ics("SUMMARY")).toBe(renamed);

  // The featured event cannot be deleted; this one can, after confirming.
  await eventRow(page, "NOKTURN").getByRole("button", { name: "Usuń: NOKTURN" }).click();
  await expect(
    page.getByText("Nie można usunąć wydarzenia ze strony głównej", { exact: false }),
  ).toBeVisible();
  await eventRow(page, renamed)
    .getByRole("button", { name: `Usuń: ${renamed}` })
    .click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Czy na pewno chcesz usunąć wydarzenie");
  await dialog.getByRole("button", { name: "Usuń wydarzenie" }).click();
  await expect(page.getByText("Wydarzenie usunięte")).toBeVisible(SERVER);
  await expect(eventRow(page, renamed)).toHaveCount(0);
  expect((await page.request.get(`/events/${slug}.ics`)).status()).toBe(404);
  await expect(eventRow(page, "NOKTURN")).toHaveCount(1);
});

test("editing the night the landing page leads with changes the landing page, its JSON-LD and its .ics (then restored)", async ({
  page,
}) => {
  const marker = unique("E2E").replace(/\s+/g, "-").toUpperCase();
  const answerNote = ` (${marker})`;
  const dtstampBefore = (await icsOf(page, HERO_SLUG))("DTSTAMP");

  // The featured event's form: Warsaw time as SPEC gives it, and it stays featured until another takes over.
  await openAdmin(page, "/admin/events");
  await eventRow(page, "NOKTURN").getByRole("link", { name: "Edytuj: NOKTURN" }).click();
  await expect(page.getByRole("heading", { name: "Edycja wydarzenia" })).toBeVisible();
  await expect(fieldOf(page, "Początek")).toHaveValue("2026-01-17T23:00");
  await expect(fieldOf(page, "Koniec")).toHaveValue("2026-01-18T07:00");
  await expect(page.getByLabel("Na stronie głównej")).toBeDisabled();

  await openAdmin(page, "/admin/events");
  await eventRow(page, HERO_TITLE)
    .getByRole("link", { name: `Edytuj: ${HERO_TITLE}` })
    .click();
  await expect(page.getByRole("heading", { name: "Edycja wydarzenia" })).toBeVisible();
  const startsAt = await fieldOf(page, "Początek").inputValue();
  expect(startsAt).toMatch(/^\d{4}-\d{2}-\d{2}T23:00$/);

  const slots = page.getByTestId("timetable-row");
  const before = await slots.count();
  await page.getByRole("button", { name: "Dodaj występ" }).click();
  const index = before + 1;
  await page.getByLabel(`Scena — pozycja ${index}`).selectOption("bouncy");
  await page.getByLabel(`Godzina — pozycja ${index}`).fill("04:00");
  await page.getByLabel(`Nazwa — pozycja ${index}`).fill(marker);
  const answer = fieldOf(page, "Odpowiedź 6");
  const originalAnswer = await answer.inputValue();
  await answer.fill(`${originalAnswer}${answerNote}`);
  await page.getByRole("button", { name: "Zapisz zmiany" }).click();
  await expect(page.getByText("Wydarzenie zapisane")).toBeVisible(SERVER);

  try {
    await page.goto("/");
    await expect(page.getByTestId("stage-bouncy").getByTestId("timetable-entry")).toContainText([
      new RegExp(`04:00\\s*${marker}`),
    ]);
    await expect(page.getByTestId("stage-bouncy").getByTestId("timetable-entry").last()).toHaveText(
      /SOON\s*TBA/,
    );
    await expect(page.getByTestId("faq")).toContainText(marker);
    const event = await musicEvent(page);
    expect(event.performer.map((p: { name: string }) => p.name)).toContain(marker);
    expect(event.name).toBe(HERO_TITLE);
    const ics = await icsOf(page, HERO_SLUG);
    expect(ics("DTSTAMP")).not.toBe(dtstampBefore);
    expect(ics("DTSTART;TZID=Europe/Warsaw")).toBe(`${startsAt.replace(/[-:]/g, "")}00`);
  } finally {
    // Restore: the added slot and the FAQ note go again.
    await openAdmin(page, "/admin/events");
    await eventRow(page, HERO_TITLE)
      .getByRole("link", { name: `Edytuj: ${HERO_TITLE}` })
      .click();
    await expect(page.getByRole("heading", { name: "Edycja wydarzenia" })).toBeVisible();
    const added = slots.filter({ has: page.locator(`input[value="${marker}"]`) });
    await added.getByRole("button", { name: /^Usuń — pozycja/ }).click();
    await expect(slots).toHaveCount(before);
    await fieldOf(page, "Odpowiedź 6").fill(originalAnswer);
    await page.getByRole("button", { name: "Zapisz zmiany" }).click();
    await expect(page.getByText("Wydarzenie zapisane")).toBeVisible(SERVER);
  }

  await page.goto("/");
  await expect(page.getByTestId("faq")).not.toContainText(marker);
  await expect(page.getByTestId("stage-bouncy")).not.toContainText(marker);
  expect((await musicEvent(page)).performer.map((p: { name: string }) => p.name)).not.toContain(marker);
});

test("the list and the form fit a phone (375 px)", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await openAdmin(page, "/admin/events");
  await expect(page.getByTestId("event-row").first()).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await openAdmin(page, "/admin/events/new");
  await page.getByRole("button", { name: "Dodaj występ" }).click();
  await page.getByRole("button", { name: "Dodaj pytanie" }).click();
  // Stacked on a phone, each timetable control shows its own label.
  await expect(page.getByText("Nazwa — pozycja 1", { exact: true })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

test("the list over time: upcoming and past nights, the featured one marked, status and gallery; no warning while a night is coming", async ({
  page,
}) => {
  await openAdmin(page, "/admin/events");
  const upcoming = page.getByTestId("events-upcoming");
  const past = page.getByTestId("events-past");
  await expect(upcoming.getByRole("heading", { name: /^Nadchodzące/ })).toBeVisible();
  await expect(past.getByRole("heading", { name: /^Minione/ })).toBeVisible();
  // The demo's two upcoming nights, soonest first; SPEC's night is past, still featured, with its gallery.
  // (Other tests add nights of their own in parallel: only the demo nights' order is checked.)
  await expect(upcoming.getByTestId("event-row").filter({ hasText: "NOKTURN: Zajezdnia" })).toHaveCount(1);
  const titles = await upcoming.getByTestId("event-row").getByRole("heading").allTextContents();
  expect(titles.indexOf(HERO_TITLE)).toBeGreaterThanOrEqual(0);
  expect(titles.indexOf(HERO_TITLE)).toBeLessThan(titles.indexOf("NOKTURN: Zajezdnia"));
  const spec = past
    .getByTestId("event-row")
    .filter({ has: page.getByRole("heading", { name: "NOKTURN", exact: true }) });
  await expect(spec.getByText("Strona główna")).toBeVisible();
  await expect(spec.getByTestId("event-status")).toHaveText("Planowane");
  await expect(spec).toContainText("Galeria: NOKTURN: Styczeń 2026");
  await expect(page.getByTestId("no-next-night")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("status, publishing and the gallery: saved from the form, an unknown gallery refused in Polish with nothing saved", async ({
  page,
}) => {
  const title = unique("Noc Przeniesiona");
  await openAdmin(page, "/admin/events/new");
  await fieldOf(page, "Tytuł").fill(title);
  const slug = await fieldOf(page, "Slug").inputValue();
  await fieldOf(page, "Początek").fill(`${OWN_YEAR + 1}-02-06T23:00`);
  await fieldOf(page, "Koniec").fill(`${OWN_YEAR + 1}-02-07T05:00`);
  await fieldOf(page, "Miejsce (klub)").fill("Klub Próba");
  await expect(page.getByLabel("Opublikowane")).toBeChecked();
  await page.getByLabel("Status").selectOption({ label: "Przeniesione" });
  await page.getByLabel("Galeria").selectOption({ label: "Backstage (nieopublikowana)" });

  // A forged gallery id (a request the form never sends): the server refuses it on its field.
  await page.getByLabel("Galeria").evaluate((select: HTMLSelectElement) => {
    const forged = new Option("Podrobiona", "00000000-0000-4000-8000-000000000000");
    select.append(forged);
    select.value = forged.value;
  });
  await page.getByRole("button", { name: "Dodaj wydarzenie" }).click();
  await expect(page.getByText("Wybrana galeria nie istnieje").first()).toBeVisible(SERVER);
  await expect(fieldOf(page, "Tytuł")).toHaveValue(title);
  expect((await page.request.get(`/events/${slug}.ics`)).status()).toBe(404);

  // A draft cannot be the landing page's night.
  await page.getByLabel("Galeria").selectOption({ label: "Bez galerii" });
  await page.getByLabel("Opublikowane").uncheck();
  await page.getByLabel("Na stronie głównej").check();
  await page.getByRole("button", { name: "Dodaj wydarzenie" }).click();
  await expect(page.getByText("Wydarzenie na stronie głównej musi być opublikowane").first()).toBeVisible();
  await page.getByLabel("Na stronie głównej").uncheck();
  await page.getByLabel("Opublikowane").check();

  await page.getByLabel("Galeria").selectOption({ label: "Backstage (nieopublikowana)" });
  await page.getByRole("button", { name: "Dodaj wydarzenie" }).click();
  await expect(page.getByText("Wydarzenie dodane")).toBeVisible(SERVER);
  const row = eventRow(page, title);
  await expect(page.getByTestId("events-upcoming").getByRole("heading", { name: title })).toBeVisible();
  await expect(row.getByTestId("event-status")).toHaveText("Przeniesione");
  await expect(row).toContainText("Galeria: Backstage (nieopublikowana)");

  // Unpublished: marked in the list; the form starts from what was saved.
  await row.getByRole("link", { name: `Edytuj: ${title}` }).click();
  await expect(page.getByLabel("Status")).toHaveValue("moved");
  await expect(page.getByLabel("Galeria")).not.toHaveValue("");
  await page.getByLabel("Opublikowane").uncheck();
  await page.getByLabel("Status").selectOption({ label: "Odwołane" });
  await page.getByRole("button", { name: "Zapisz zmiany" }).click();
  await expect(page.getByText("Wydarzenie zapisane")).toBeVisible(SERVER);
  await expect(eventRow(page, title).getByText("Nieopublikowane")).toBeVisible();
  await expect(eventRow(page, title).getByTestId("event-status")).toHaveText("Odwołane");

  await eventRow(page, title)
    .getByRole("button", { name: `Usuń: ${title}` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Usuń wydarzenie" }).click();
  await expect(page.getByText("Wydarzenie usunięte")).toBeVisible(SERVER);
  await expect(eventRow(page, title)).toHaveCount(0);
});
