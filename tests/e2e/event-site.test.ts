import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";
// The landing page is checked a week before SPEC's night (17.01.2026), on a server of its own run on
// the test clock, so it leads with that night and sells it (issue #17: on the real clock the night is
// over; tests/e2e/events-over-time.test.ts covers before, during and after).
import { test as beforeSpecNight } from "../support/spec-night-server";

const TICKET_URL = "https://www.biletomat.example/nokturn-17-01-2026";

/** Unfolds an .ics file and splits it into [name with parameters, value] pairs. */
function parseIcs(text: string) {
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon), line.slice(colon + 1)] as const;
    });
}

async function metaContent(page: Page, selector: string) {
  return page.locator(selector).first().getAttribute("content");
}

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
      await aftermovie.getByRole("button", { name: /Odtwórz aftermovie/ }).click();
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

test.describe("residents, artists, ambassadors", () => {
  // Production server, real images and animations: several steps each, so more time than the default.
  test.slow();

  test("/rezydenci lists the residents linking to their pages", async ({ page }) => {
    await page.goto("/rezydenci");
    await expect(page.getByRole("heading", { level: 1, name: "REZYDENCI" })).toBeVisible();
    await expect(page.getByText("Regularnie grający DJ-e")).toBeVisible();
    const cards = page.getByTestId("residents").getByRole("link");
    await expect(cards).toHaveCount(4);
    await expect(cards.first()).toContainText("MIRA VOLT");
    await expect(cards.first()).toContainText("RESIDENT DJ");
    await expect(cards.first()).toHaveAttribute("href", "/artist/mira-volt");
    await expect(cards.first().locator("img")).toHaveAttribute("srcset", /artist-mira-volt-240\.webp 240w/);
    await expect(page).toHaveTitle("Rezydenci | NOKTURN");
  });

  test("a client-side navigation shows three skeleton tiles while /rezydenci loads", async ({ page }) => {
    await page.goto("/ambasadorzy");
    await waitForHydration(page);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/rezydenci\.data/, async (route) => {
      await gate;
      await route.continue();
    });
    await page
      .getByRole("navigation", { name: "Główna nawigacja" })
      .getByRole("link", { name: "Rezydenci" })
      .click();
    const skeleton = page.getByTestId("page-skeleton");
    await expect(skeleton).toBeVisible();
    await expect(skeleton.getByTestId("skeleton-tile")).toHaveCount(3);
    await expect(skeleton).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByRole("heading", { level: 1, name: "REZYDENCI" })).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });

  test("the first load is complete server-rendered HTML", async ({ request }) => {
    const html = await (await request.get("/rezydenci")).text();
    expect(html).toContain("MIRA VOLT");
    expect(html).not.toContain('data-testid="page-skeleton"');
  });

  test("artist page: hero, profile, age, bio, hobbies, dates and social links, Person JSON-LD", async ({
    page,
  }) => {
    await page.goto("/artist/mira-volt");
    await expect(page.getByRole("heading", { level: 1, name: "MIRA VOLT" })).toBeVisible();
    await expect(page.getByTestId("artist-hero").locator("img").first()).toHaveAttribute(
      "fetchpriority",
      "high",
    );
    await expect(page.getByText("29 lat").first()).toBeVisible();
    await expect(page.getByText(/Rezydentka NOKTURN od pierwszej edycji/)).toBeVisible();
    await expect(page.getByTestId("artist-hobbies").getByRole("listitem")).toHaveCount(3);
    // From the nights' timetables (issue #17): the upcoming demo night first, SPEC's past night after it.
    const dates = page.getByTestId("performance-dates").getByRole("link");
    await expect(dates).toHaveCount(2);
    await expect(dates.first()).toHaveAttribute("href", "/wydarzenia/nokturn-zajezdnia");
    await expect(dates.first()).toContainText("01:00 · Zajezdnia Kultury, Wrocław");
    await expect(dates.nth(1)).toHaveAttribute("href", "/archive/nokturn-17-01-2026");
    await expect(dates.nth(1)).toContainText("17 stycznia 2026");
    await expect(dates.nth(1)).toContainText("Klub Transformator, Wrocław");
    const socials = page.getByTestId("artist-socials").getByRole("link");
    await expect(socials).toHaveCount(3);
    await expect(socials.nth(0)).toHaveAttribute("href", "https://www.instagram.com/mira.volt");
    await expect(socials.nth(1)).toHaveAttribute("href", "https://soundcloud.com/mira-volt");
    await expect(socials.nth(2)).toHaveAttribute("href", "https://www.facebook.com/miravolt");
    await expect(page).toHaveTitle("MIRA VOLT — Resident DJ | NOKTURN");
    const person = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text))
      .find((json) => json["@type"] === "Person");
    expect(person).toMatchObject({
      name: "MIRA VOLT",
      sameAs: expect.arrayContaining(["https://soundcloud.com/mira-volt"]),
    });
  });

  test("unknown artist: ARTYSTA NIE ZNALEZIONY with a link to /#agenda and status 404", async ({ page }) => {
    const response = await page.goto("/artist/nie-ma-takiego");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "ARTYSTA NIE ZNALEZIONY" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Zobacz timetable" })).toHaveAttribute("href", "/#agenda");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  test("/ambasadorzy: cards link out to Instagram with @name, bio and label", async ({ page }) => {
    await page.goto("/ambasadorzy");
    await expect(page.getByRole("heading", { level: 1, name: "AMBASADORZY" })).toBeVisible();
    const cards = page.getByTestId("ambassador-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toHaveAttribute("href", "https://www.instagram.com/zuza.rave");
    await expect(cards.first()).toHaveAttribute("target", "_blank");
    await expect(cards.first()).toContainText("@zuza.rave");
    await expect(cards.first()).toContainText("Zbieram ekipę na każdą edycję.");
    await expect(cards.first()).toContainText("Instagram");
    await expect(cards.nth(2)).toContainText("@natalia.bpm");
  });
});

test.describe("archive and galleries", () => {
  // Production server, real images and animations: several steps each, so more time than the default.
  test.slow();

  test("archive page: hero, breadcrumb, back link, count, grayscale grid, lightbox with wrap-around", async ({
    page,
  }) => {
    await page.goto("/archive/nokturn-wroclaw-2025");
    await expect(page.getByRole("heading", { level: 1, name: "NOKTURN Wrocław 2025" })).toBeVisible();
    const crumbs = page.getByTestId("breadcrumbs");
    await expect(crumbs.getByRole("link", { name: "Strona główna" })).toHaveAttribute("href", "/");
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText("NOKTURN Wrocław 2025");
    await expect(page.getByRole("link", { name: "Wróć do timetable" })).toHaveAttribute("href", "/#agenda");
    await expect(page.getByTestId("photo-count")).toHaveText("9 zdjęć");
    const tiles = page.getByTestId("photo-tile");
    await expect(tiles).toHaveCount(9);
    await expect(tiles.first().locator("img")).toHaveCSS("filter", /grayscale\(1\)/);

    await waitForHydration(page);
    await tiles.first().click();
    const counter = page.getByTestId("lightbox-counter");
    await expect(counter).toHaveText("1 / 9");
    const viewer = page.getByTestId("lightbox");
    await viewer.getByRole("button", { name: "Poprzednie zdjęcie" }).click();
    await expect(counter).toHaveText("9 / 9");
    await viewer.getByRole("button", { name: "Następne zdjęcie" }).click();
    await expect(counter).toHaveText("1 / 9");
    await viewer.getByRole("button", { name: "Następne zdjęcie" }).click();
    await expect(counter).toHaveText("2 / 9");
    await viewer.getByRole("button", { name: "Zamknij" }).click();
    await expect(viewer).toBeHidden();
    await expect(tiles.first()).toBeFocused();
  });

  test("unknown archive slug: 'Wydarzenie nie znalezione' with a link back, status 404", async ({ page }) => {
    const response = await page.goto("/archive/nie-ma-takiego");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Wydarzenie nie znalezione" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Wróć do archiwum" })).toHaveAttribute("href", "/#archiwum");
  });

  test("gallery page: hero facts, breadcrumb, ordered grid with ZOBACZ, keyboard lightbox", async ({
    page,
  }) => {
    await page.goto("/gallery/nokturn-listopad-2025");
    await expect(page.getByRole("heading", { level: 1, name: "NOKTURN: Listopad 2025" })).toBeVisible();
    await expect(page.getByTestId("gallery-description")).toContainText("Osiem godzin w dymie i laserach");
    await expect(page.getByTestId("gallery-date")).toHaveText("15.11.2025");
    await expect(page.getByTestId("gallery-location")).toHaveText("Wrocław, Ruska 51");
    await expect(page.getByTestId("breadcrumbs").locator('[aria-current="page"]')).toHaveText(
      "NOKTURN: Listopad 2025",
    );
    const tiles = page.getByTestId("photo-tile");
    await expect(tiles).toHaveCount(10);
    await expect(tiles.first()).toContainText("ZOBACZ");
    // By order_index: photo n is gallery-…-n.
    await expect(tiles.nth(0).locator("img")).toHaveAttribute("src", /nokturn-listopad-2025-1-\d+\.webp$/);
    await expect(tiles.nth(9).locator("img")).toHaveAttribute("src", /nokturn-listopad-2025-10-\d+\.webp$/);
    await expect(tiles.nth(0).locator("img")).toHaveAttribute("loading", "lazy");

    await waitForHydration(page);
    // The neighbours of the opened photo are preloaded.
    const preloadNext = page.waitForRequest(/gallery-nokturn-listopad-2025-2-\d+\.webp/);
    const preloadPrevious = page.waitForRequest(/gallery-nokturn-listopad-2025-10-\d+\.webp/);
    await tiles.first().click();
    await Promise.all([preloadNext, preloadPrevious]);

    const counter = page.getByTestId("lightbox-counter");
    await expect(counter).toHaveText("1 / 10");
    await expect(page.getByTestId("lightbox-image")).toHaveAttribute("src", /nokturn-listopad-2025-1-/);
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText("10 / 10");
    await expect(page.getByTestId("lightbox-image")).toHaveAttribute("src", /nokturn-listopad-2025-10-/);
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("1 / 10");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("3 / 10");

    // Focus stays inside the viewer.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest("[data-testid='lightbox']"))),
      ).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("lightbox")).toBeHidden();
    await expect(tiles.first()).toBeFocused();
  });

  test("unpublished and unknown galleries redirect to the landing page", async ({ page }) => {
    await page.goto("/gallery/nokturn-backstage");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("event-hero")).toBeVisible();
    await page.goto("/gallery/nie-ma-takiej");
    await expect(page).toHaveURL(/\/$/);
  });

  test("the gallery button of a carousel slide opens the gallery", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page
      .getByTestId("archive-slide")
      .first()
      .getByRole("link", { name: /Zobacz galerię/ })
      .click();
    await expect(page).toHaveURL(/\/gallery\/nokturn-listopad-2025$/);
    await expect(page.getByRole("heading", { level: 1, name: "NOKTURN: Listopad 2025" })).toBeVisible();
  });
});

test.describe("SEO files and tags", () => {
  // Production server, real images and animations: several steps each, so more time than the default.
  test.slow();

  test("every page has its own title, description, canonical URL and social tags with an image", async ({
    page,
  }) => {
    const titles = new Set<string>();
    for (const path of [
      "/",
      "/rezydenci",
      "/artist/mira-volt",
      "/ambasadorzy",
      "/archive/nokturn-wroclaw-2025",
      "/gallery/nokturn-listopad-2025",
      "/wydarzenia/nokturn-17-01-2026",
    ]) {
      await page.goto(path);
      const title = await page.title();
      expect(title, path).toMatch(/NOKTURN/);
      titles.add(title);
      const origin = new URL(page.url()).origin;
      await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", `${origin}${path}`);
      expect((await metaContent(page, 'meta[name="description"]'))?.length, path).toBeGreaterThan(50);
      expect(await metaContent(page, 'meta[property="og:title"]'), path).toBe(title);
      expect(await metaContent(page, 'meta[property="og:image"]'), path).toMatch(/^https?:\/\/.+\.webp$/);
      expect(await metaContent(page, 'meta[name="twitter:image"]'), path).toMatch(/^https?:\/\/.+\.webp$/);
      expect(await metaContent(page, 'meta[property="og:url"]'), path).toBe(`${origin}${path}`);
    }
    expect(titles.size).toBe(7);
  });

  test("sitemap.xml lists every public URL, robots.txt points to it and keeps private areas out", async ({
    request,
    baseURL,
  }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const xml = await sitemap.text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    for (const path of [
      "/",
      "/rezydenci",
      "/ambasadorzy",
      "/artist/mira-volt",
      "/artist/brzask",
      "/gallery/nokturn-listopad-2025",
      "/gallery/nokturn-wrzesien-2025",
      "/archive/nokturn-wroclaw-2025",
      "/archive/sesja-merch-nokturn",
      "/contact",
      "/wydarzenia/nokturn-17-01-2026",
      "/wydarzenia/nokturn-hangar",
      "/wydarzenia/nokturn-zajezdnia",
    ]) {
      expect(urls, path).toContain(path);
    }
    expect(urls).not.toContain("/gallery/nokturn-backstage");
    expect(new Set(urls).size).toBe(urls.length);

    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    for (const path of ["/admin", "/account"]) expect(robots).toContain(`Disallow: ${path}`);
    // The cart page is the same public page for everyone (decision 013).
    expect(robots).not.toContain("Disallow: /cart");
  });
});

test.describe("accessibility", () => {
  // Production server, real images and animations: several steps each, so more time than the default.
  test.slow();

  // The poster animations do not change what axe checks, but they make each of its style reads slow.
  test.use({ reducedMotion: "reduce" });

  for (const path of [
    "/",
    "/rezydenci",
    "/artist/mira-volt",
    "/ambasadorzy",
    "/archive/nokturn-wroclaw-2025",
    "/gallery/nokturn-listopad-2025",
    "/wydarzenia/nokturn-17-01-2026",
  ]) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("axe finds no serious violation in the open lightbox", async ({ page }) => {
    await page.goto("/gallery/nokturn-listopad-2025");
    await waitForHydration(page);
    await page.getByTestId("photo-tile").first().click();
    await expect(page.getByTestId("lightbox-image")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
