/**
 * The landing page a week before SPEC's night (17.01.2026), on the suite's test-clock server
 * (tests/support/clock-server.ts), so it leads with that night and sells it (issue #17: on the real
 * clock the night is over; 2-events-over-time.clock.test.ts covers before, during and after).
 */
import { expect } from "@playwright/test";
import { test as beforeSpecNight, SPEC_NIGHT_CLOCK, setClock } from "../support/clock-server";
import { waitForHydration } from "../support/fixtures";
import { metaContent, parseIcs } from "./page-support";

const TICKET_URL = "https://www.biletomat.example/nokturn-17-01-2026";

beforeSpecNight.beforeAll(() => setClock(SPEC_NIGHT_CLOCK));

beforeSpecNight.describe("landing page", () => {
  // Production server, real images and animations: several steps each, so more time than the default.
  beforeSpecNight.slow();

  beforeSpecNight(
    "hero: title, Polish date and place, ticket and timetable buttons, calendar choice",
    async ({ page }) => {
      await page.goto("/");
      const hero = page.getByTestId("event-hero");
      await expect(hero.getByRole("heading", { level: 1, name: "NOKTURN" })).toBeVisible();
      await expect(page.getByTestId("hero-date-place")).toHaveText(
        "17 stycznia 2026, 23:00 · Klub Transformator, Wrocław",
      );
      const ticket = hero.getByRole("link", { name: /KUP BILET/ });
      await expect(ticket).toHaveAttribute("href", TICKET_URL);
      await expect(ticket).toHaveAttribute("target", "_blank");
      await expect(ticket).toHaveAttribute("rel", /noopener/);
      await expect(hero.getByRole("link", { name: "TIMETABLE" })).toHaveAttribute("href", "#agenda");

      // The poster is the LCP candidate: eager, high priority, responsive.
      const poster = page.getByTestId("hero-media").locator("img");
      await expect(poster).toHaveAttribute("fetchpriority", "high");
      await expect(poster).toHaveAttribute("loading", "eager");
      await expect(poster).toHaveAttribute("srcset", /event-hero-640\.webp 640w/);
      await expect(poster).toHaveAttribute("sizes", "100vw");
      await expect(poster).toHaveAttribute("width", "1920");
      // The demo event has no video: no <video> at all, the animated poster instead.
      await expect(page.getByTestId("hero-video")).toHaveCount(0);

      await waitForHydration(page);
      const calendar = page.getByTestId("add-to-calendar");
      await calendar.getByText("Dodaj do kalendarza").click();
      const ics = calendar.getByRole("link", { name: /Plik \.ics/ });
      await expect(ics).toBeVisible();
      await expect(ics).toHaveAttribute("href", "/events/nokturn-17-01-2026.ics");
      const google = calendar.getByRole("link", { name: /Kalendarz Google/ });
      const googleUrl = new URL((await google.getAttribute("href"))!);
      expect(googleUrl.hostname).toBe("calendar.google.com");
      expect(googleUrl.searchParams.get("dates")).toBe("20260117T220000Z/20260118T060000Z");
      await expect(google).toHaveAttribute("target", "_blank");
      await page.keyboard.press("Escape");
      await expect(ics).toBeHidden();
    },
  );

  beforeSpecNight("sections come in SPEC order", async ({ page }) => {
    await page.goto("/");
    const headings = await page.locator("main h1, main h2").allTextContents();
    const order = [
      "NOKTURN",
      "Manifest",
      "Timetable",
      "Archiwum",
      "Aftermovie",
      "Zdjęcia",
      "FAQ",
      "Napisz do nas",
    ];
    const positions = order.map((label) => headings.findIndex((text) => text.includes(label)));
    expect(
      positions.every((position) => position >= 0),
      headings.join(" | "),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await expect(page.locator("#agenda")).toHaveCount(1);
    await expect(page.locator("#about")).toHaveCount(1);
  });

  beforeSpecNight("the .ics file parses: one VEVENT starting 23:00 Europe/Warsaw", async ({ request }) => {
    const response = await request.get("/events/nokturn-17-01-2026.ics");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/calendar");
    expect(response.headers()["content-disposition"]).toContain('filename="nokturn-17-01-2026.ics"');
    const lines = parseIcs(await response.text());
    expect(lines[0]).toEqual(["BEGIN", "VCALENDAR"]);
    expect(lines.at(-1)).toEqual(["END", "VCALENDAR"]);
    expect(lines.filter(([name, value]) => name === "BEGIN" && value === "VEVENT")).toHaveLength(1);
    const get = (key: string) => lines.find(([name]) => name === key)?.[1];
    expect(get("DTSTART;TZID=Europe/Warsaw")).toBe("20260117T230000");
    expect(get("DTEND;TZID=Europe/Warsaw")).toBe("20260118T070000");
    expect(get("TZID")).toBe("Europe/Warsaw");
    expect(get("SUMMARY")).toBe("NOKTURN");
    expect(get("LOCATION")).toContain("Klub Transformator");
    // The time zone block says January is UTC+1, so the start is 22:00 UTC.
    const offsets = lines.filter(([name]) => name === "TZOFFSETTO").map(([, value]) => value);
    expect(offsets).toContain("+0100");

    expect((await request.get("/events/nie-ma-takiego.ics")).status()).toBe(404);
    expect((await request.get("/events/nokturn-17-01-2026.txt")).status()).toBe(404);
  });

  beforeSpecNight(
    "timetable: both stages, times, SOON, artist links and the event's date",
    async ({ page }) => {
      await page.goto("/");
      const main = page.getByTestId("stage-main");
      const bouncy = page.getByTestId("stage-bouncy");
      await expect(main.getByRole("heading", { name: "Main stage" })).toBeVisible();
      await expect(bouncy.getByRole("heading", { name: "Bouncy stage" })).toBeVisible();
      await expect(main.getByTestId("timetable-entry")).toHaveText([
        /23:00\s*KACPER NOIR/,
        /01:00\s*MIRA VOLT/,
        /03:00\s*Special guest/i,
        /05:00\s*BRZASK/,
      ]);
      await expect(bouncy.getByTestId("timetable-entry").last()).toHaveText(/SOON\s*TBA/);
      await expect(main.getByRole("link", { name: "MIRA VOLT" })).toHaveAttribute(
        "href",
        "/artist/mira-volt",
      );
      await expect(main.getByRole("link", { name: /Special guest/i })).toHaveCount(0);
      await expect(page.getByTestId("timetable-footer")).toContainText("17.01.2026");
      await expect(page.getByTestId("timetable-footer")).toContainText("Ostatnie wejście 03:00");

      await waitForHydration(page);
      await main.getByRole("link", { name: "KACPER NOIR" }).click();
      await expect(page).toHaveURL(/\/artist\/kacper-noir$/);
      await expect(page.getByRole("heading", { level: 1, name: "KACPER NOIR" })).toBeVisible();
      // The artist's performance dates link to the nights (issue #17): the next one's page first.
      await page.getByTestId("performance-dates").getByRole("link").first().click();
      await expect(page).toHaveURL(/\/wydarzenia\/[a-z0-9-]+$/);
    },
  );

  beforeSpecNight(
    "archive carousel: loops both ways, dots select slides, keys and drag work",
    async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      const carousel = page.getByTestId("archive-carousel");
      await carousel.scrollIntoViewIfNeeded();
      await expect(carousel).toHaveAttribute("data-ready", "true");
      const slides = carousel.getByTestId("archive-slide");
      await expect(slides).toHaveCount(2);
      await expect(slides.nth(0)).toContainText("NOKTURN: Listopad 2025");
      await expect(slides.nth(0)).toContainText("15.11.2025 · Wrocław, Ruska 51");
      await expect(slides.nth(0).getByRole("link", { name: /Zobacz galerię/ })).toHaveAttribute(
        "href",
        "/gallery/nokturn-listopad-2025",
      );
      // Only published and featured galleries, by order_index.
      await expect(slides.nth(1)).toContainText("NOKTURN Open Air 2025");
      await expect(carousel).not.toContainText("Wrzesień");
      await expect(carousel).not.toContainText("Backstage");

      const dots = carousel.getByTestId("carousel-dots").getByRole("button");
      const selected = () => carousel.locator("[data-testid='archive-slide'][data-selected='true']");

      // Previous from the first slide wraps to the last one, next from the last wraps to the first.
      await carousel.getByRole("button", { name: "Poprzedni slajd" }).click();
      await expect(selected()).toContainText("Open Air");
      await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
      await expect(slides.nth(1)).toBeInViewport();
      await carousel.getByRole("button", { name: "Następny slajd" }).click();
      await expect(selected()).toContainText("Listopad");
      await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");

      // Dots jump to their slide.
      await dots.nth(1).click();
      await expect(selected()).toContainText("Open Air");
      await dots.nth(0).click();
      await expect(selected()).toContainText("Listopad");

      // Keyboard: arrows on the focused carousel; focus follows to the visible slide.
      await slides.nth(0).getByRole("link").focus();
      await page.keyboard.press("ArrowRight");
      await expect(selected()).toContainText("Open Air");
      await expect(slides.nth(1).getByRole("link")).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await expect(selected()).toContainText("Listopad");
      // The hidden slide is out of the tab order.
      await expect(slides.nth(1)).toHaveAttribute("inert", "");
    },
  );

  beforeSpecNight("archive carousel follows a mouse drag", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const carousel = page.getByTestId("archive-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute("data-ready", "true");
    const selected = () => carousel.locator("[data-testid='archive-slide'][data-selected='true']");
    await expect(selected()).toContainText("Listopad");
    const box = (await carousel.getByTestId("archive-slide").first().boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.4, { steps: 8 });
    await page.mouse.up();
    await expect(selected()).toContainText("Open Air");
  });

  beforeSpecNight(
    "aftermovie loads nothing from YouTube until the play button is clicked",
    async ({ page, context }) => {
      const youtube: string[] = [];
      await context.route(/youtube(-nocookie)?\.com|ytimg\.com|googlevideo\.com/, (route) => {
        youtube.push(route.request().url());
        return route.fulfill({ contentType: "text/html", body: "<title>player</title>" });
      });
      await page.goto("/");
      await waitForHydration(page);
      const aftermovie = page.getByTestId("aftermovie");
      await aftermovie.scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      expect(youtube).toEqual([]);
      await expect(page.getByTestId("aftermovie-iframe")).toHaveCount(0);
      // A link to the player's page (what a tap before the scripts, or without them, opens)…
      const play = aftermovie.getByRole("link", { name: /Odtwórz aftermovie/ });
      await expect(play).toHaveAttribute(
        "href",
        /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?autoplay=1/,
      );
      // …which the script plays in place.
      await play.click();
      await expect(page).toHaveURL(/\/$/);
      const iframe = page.getByTestId("aftermovie-iframe");
      await expect(iframe).toHaveAttribute(
        "src",
        /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?autoplay=1/,
      );
      await expect.poll(() => youtube.length).toBeGreaterThan(0);
    },
  );

  beforeSpecNight(
    "photo grid: 9 photos, the viewer closes by a click and by Escape, focus returns",
    async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      const tiles = page.getByTestId("photo-grid").getByTestId("photo-tile");
      await expect(tiles).toHaveCount(9);
      // Below the fold: lazy, with sizes for a third of the page.
      const firstImage = tiles.first().locator("img");
      await expect(firstImage).toHaveAttribute("loading", "lazy");
      await expect(firstImage).toHaveAttribute("sizes", /33vw/);

      await tiles.nth(4).click();
      const viewer = page.getByTestId("lightbox");
      await expect(viewer).toBeVisible();
      await expect(page.getByTestId("lightbox-counter")).toHaveText("5 / 9");
      // A click on the photo closes the landing viewer.
      await page.getByTestId("lightbox-image").click();
      await expect(viewer).toBeHidden();
      await expect(tiles.nth(4)).toBeFocused();

      await tiles.nth(0).click();
      await expect(viewer).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(viewer).toBeHidden();
      await expect(tiles.nth(0)).toBeFocused();

      // A click on the backdrop closes it too.
      await tiles.nth(2).click();
      await expect(viewer).toBeVisible();
      await page.getByTestId("lightbox-stage").click({ position: { x: 5, y: 5 } });
      await expect(viewer).toBeHidden();
    },
  );

  beforeSpecNight("FAQ keeps one item open at a time and collapses", async ({ page }) => {
    await page.goto("/");
    const faq = page.getByTestId("faq");
    const items = faq.getByTestId("faq-item");
    await expect(items).toHaveCount(6);
    for (const fact of [
      "10 zł",
      "23:00 do 7:00",
      "3:00",
      "18 lat",
      "ponownego wejścia",
      "jedna cena",
      "przy wejściu",
    ]) {
      await expect(faq).toContainText(fact);
    }
    const openItems = faq.locator("details[open]");
    await expect(openItems).toHaveCount(0);
    await faq.getByText("Ile kosztuje szatnia?").click();
    await expect(openItems).toHaveCount(1);
    await expect(faq.getByText(/Szatnia kosztuje 10 zł/)).toBeVisible();
    await faq.getByText("Czy jest limit wieku?").click();
    await expect(openItems).toHaveCount(1);
    await expect(faq.getByText(/Szatnia kosztuje 10 zł/)).toBeHidden();
    await expect(faq.getByText(/wyłącznie od 18 lat/)).toBeVisible();
    // A second click collapses the open item.
    await faq.getByText("Czy jest limit wieku?").click();
    await expect(openItems).toHaveCount(0);
  });

  beforeSpecNight("#about has the contact mailbox and social links", async ({ page }) => {
    await page.goto("/#about");
    const about = page.locator("#about");
    await expect(about.getByTestId("about-email")).toHaveAttribute("href", "mailto:kontakt@nokturn.example");
    const socials = about.getByTestId("about-socials").getByRole("link");
    await expect(socials).toHaveCount(5);
    await expect(socials.first()).toHaveAttribute("href", /instagram\.com/);
    await expect(socials.first()).toHaveAttribute("target", "_blank");
  });

  beforeSpecNight(
    "SEO: own title, description, canonical, Open Graph, Twitter and MusicEvent JSON-LD",
    async ({ page }) => {
      const cspViolations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
      });
      await page.goto("/");
      await waitForHydration(page);
      await expect(page).toHaveTitle(/17\.01\.2026 .*\| NOKTURN$/);
      const origin = new URL(page.url()).origin;
      expect(await metaContent(page, 'meta[name="description"]')).toMatch(/17 stycznia 2026/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/`);
      expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(/^http.*event-hero-\d+\.webp$/);
      expect(await metaContent(page, 'meta[name="twitter:card"]')).toBe("summary_large_image");
      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
      const event = scripts.map((text) => JSON.parse(text)).find((json) => json["@type"] === "MusicEvent");
      expect(event).toMatchObject({
        name: "NOKTURN",
        startDate: "2026-01-17T23:00:00+01:00",
        endDate: "2026-01-18T07:00:00+01:00",
        eventStatus: "https://schema.org/EventScheduled",
        location: { "@type": "Place", name: "Klub Transformator", address: { addressLocality: "Wrocław" } },
        offers: { url: TICKET_URL, priceCurrency: "PLN" },
        organizer: { name: "NOKTURN" },
      });
      expect(event.performer.map((p: { name: string }) => p.name)).toContain("MIRA VOLT");
      expect(event.image[0]).toMatch(/event-hero/);
      expect(cspViolations).toEqual([]);
    },
  );
});
