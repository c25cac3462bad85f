import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";
import { metaContent } from "./page-support";

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
