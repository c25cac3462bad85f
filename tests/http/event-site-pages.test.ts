/**
 * The event site's pages as the production server renders them (issue #37: moved from
 * tests/e2e/event-site.test.ts and tests/e2e/archive.test.ts): residents, artists, ambassadors, the
 * archive and the galleries, their 404s and redirects, the SEO tags, sitemap.xml and robots.txt.
 * What needs a browser (hydration, the skeletons of a client navigation, the lightbox and its keyboard,
 * the grayscale filter, axe) stays in tests/e2e/event-site.test.ts.
 *
 * The shared server is written to by other files: lists another test could add to (ambassadors,
 * galleries, past nights) are read filtered to the seeded items.
 */
import { describe, expect, test } from "vitest";
import {
  featuredEventGallerySlug,
  featuredEventSlug,
  galleryData,
  upcomingNightData,
} from "../../db/demo-data/events";
import { ambassadorData } from "../../db/demo-data/people";
import { baseUrl, collapse, fetchPage, type HtmlPage, jsonLd, metaContent } from "../support/html";

/** The elements' collapsed texts. */
function textsOf(elements: Element[]) {
  return elements.map((element) => collapse(element.textContent));
}

/**
 * An attribute as a browser reads it: HTML attribute names are case-insensitive, and React writes
 * some in camel case (`srcSet`, `fetchPriority`), which linkedom keeps as written.
 */
function attribute(element: Element | null | undefined, name: string) {
  const found = [...(element?.attributes ?? [])].find((a) => a.name.toLowerCase() === name);
  return found?.value ?? null;
}

/** The one `h1` of the page, its text collapsed. */
function heading(page: HtmlPage) {
  const headings = page.all("h1");
  expect(headings, page.url).toHaveLength(1);
  return collapse(headings[0].textContent);
}

/** The links of the page (or of an element) whose collapsed text is the label. */
function linksNamed(page: HtmlPage, label: string, within = "body") {
  return page.all(`${within} a[href]`).filter((a) => collapse(a.textContent) === label);
}

describe("residents, artists, ambassadors", () => {
  test("/rezydenci lists the residents linking to their pages", async () => {
    const page = await fetchPage("/rezydenci");
    expect(page.status).toBe(200);
    expect(heading(page)).toBe("REZYDENCI");
    expect(page.text()).toContain("Regularnie grający DJ-e");
    const cards = page.all('[data-testid="residents"] a[href]');
    expect(cards).toHaveLength(4);
    expect(collapse(cards[0].textContent)).toContain("MIRA VOLT");
    expect(collapse(cards[0].textContent)).toContain("RESIDENT DJ");
    expect(cards[0].getAttribute("href")).toBe("/artist/mira-volt");
    expect(attribute(cards[0].querySelector("img"), "srcset")).toMatch(/artist-mira-volt-240\.webp 240w/);
    expect(collapse(page.one("title").textContent)).toBe("Rezydenci | NOKTURN");
  });

  test("the first load is complete server-rendered HTML", async () => {
    const page = await fetchPage("/rezydenci");
    expect(page.html).toContain("MIRA VOLT");
    expect(page.html).not.toContain('data-testid="page-skeleton"');
  });

  test("artist page: hero, profile, age, bio, hobbies, dates and social links, Person JSON-LD", async () => {
    const page = await fetchPage("/artist/mira-volt");
    expect(page.status).toBe(200);
    expect(heading(page)).toBe("MIRA VOLT");
    expect(attribute(page.one('[data-testid="artist-hero"] img'), "fetchpriority")).toBe("high");
    expect(page.text()).toContain("29 lat");
    expect(page.text()).toMatch(/Rezydentka NOKTURN od pierwszej edycji/);
    expect(page.all('[data-testid="artist-hobbies"] li')).toHaveLength(3);
    // From the nights' timetables (issue #17): the upcoming demo night first, SPEC's past night after it.
    const dates = page.all('[data-testid="performance-dates"] a[href]');
    expect(dates).toHaveLength(2);
    expect(dates[0].getAttribute("href")).toBe("/wydarzenia/nokturn-zajezdnia");
    expect(collapse(dates[0].textContent)).toContain("01:00 · Zajezdnia Kultury, Wrocław");
    expect(dates[1].getAttribute("href")).toBe("/archive/nokturn-17-01-2026");
    expect(collapse(dates[1].textContent)).toContain("17 stycznia 2026");
    expect(collapse(dates[1].textContent)).toContain("Klub Transformator, Wrocław");
    const socials = page.all('[data-testid="artist-socials"] a[href]').map((a) => a.getAttribute("href"));
    expect(socials).toEqual([
      "https://www.instagram.com/mira.volt",
      "https://soundcloud.com/mira-volt",
      "https://www.facebook.com/miravolt",
    ]);
    expect(collapse(page.one("title").textContent)).toBe("MIRA VOLT — Resident DJ | NOKTURN");
    const person = jsonLd(page).find((json) => json["@type"] === "Person");
    expect(person).toMatchObject({
      name: "MIRA VOLT",
      sameAs: expect.arrayContaining(["https://soundcloud.com/mira-volt"]),
    });
  });

  test("unknown artist: ARTYSTA NIE ZNALEZIONY with a link to /#agenda and status 404", async () => {
    const page = await fetchPage("/artist/nie-ma-takiego");
    expect(page.status).toBe(404);
    expect(textsOf(page.all("h1, h2, h3, h4, h5, h6"))).toContain("ARTYSTA NIE ZNALEZIONY");
    expect(linksNamed(page, "Zobacz timetable").map((a) => a.getAttribute("href"))).toEqual(["/#agenda"]);
    expect(metaContent(page, "robots")).toBe("noindex");
  });

  test("/ambasadorzy: cards link out to Instagram with @name, bio and label", async () => {
    const page = await fetchPage("/ambasadorzy");
    expect(page.status).toBe(200);
    expect(heading(page)).toBe("AMBASADORZY");
    // The seeded ambassadors (another test may add its own), in the page's order.
    const seeded = new Set(ambassadorData.map((a) => `https://www.instagram.com/${a.name}`));
    const cards = page
      .all('[data-testid="ambassador-card"]')
      .filter((card) => seeded.has(card.getAttribute("href") ?? ""));
    expect(cards).toHaveLength(3);
    expect(cards[0].getAttribute("href")).toBe("https://www.instagram.com/zuza.rave");
    expect(cards[0].getAttribute("target")).toBe("_blank");
    expect(collapse(cards[0].textContent)).toContain("@zuza.rave");
    expect(collapse(cards[0].textContent)).toContain("Zbieram ekipę na każdą edycję.");
    expect(collapse(cards[0].textContent)).toContain("Instagram");
    expect(collapse(cards[2].textContent)).toContain("@natalia.bpm");
  });
});

describe("archive and galleries", () => {
  test("archive page: hero, breadcrumb, back link, count, grid", async () => {
    const page = await fetchPage("/archive/nokturn-wroclaw-2025");
    expect(page.status).toBe(200);
    expect(heading(page)).toBe("NOKTURN Wrocław 2025");
    expect(
      linksNamed(page, "Strona główna", '[data-testid="breadcrumbs"]').map((a) => a.getAttribute("href")),
    ).toEqual(["/"]);
    expect(collapse(page.one('[data-testid="breadcrumbs"] [aria-current="page"]').textContent)).toBe(
      "NOKTURN Wrocław 2025",
    );
    expect(linksNamed(page, "Wróć do timetable").map((a) => a.getAttribute("href"))).toEqual(["/#agenda"]);
    expect(collapse(page.one('[data-testid="photo-count"]').textContent)).toBe("9 zdjęć");
    expect(page.all('[data-testid="photo-tile"]')).toHaveLength(9);
  });

  test("unknown archive slug: 'Wydarzenie nie znalezione' with a link back, status 404", async () => {
    const page = await fetchPage("/archive/nie-ma-takiego");
    expect(page.status).toBe(404);
    expect(textsOf(page.all("h1, h2, h3, h4, h5, h6"))).toContain("Wydarzenie nie znalezione");
    expect(linksNamed(page, "Wróć do archiwum").map((a) => a.getAttribute("href"))).toEqual(["/#archiwum"]);
  });

  test("gallery page: hero facts, breadcrumb, ordered grid with ZOBACZ", async () => {
    const page = await fetchPage("/gallery/nokturn-listopad-2025");
    expect(page.status).toBe(200);
    expect(heading(page)).toBe("NOKTURN: Listopad 2025");
    expect(collapse(page.one('[data-testid="gallery-description"]').textContent)).toContain(
      "Osiem godzin w dymie i laserach",
    );
    expect(collapse(page.one('[data-testid="gallery-date"]').textContent)).toBe("15.11.2025");
    expect(collapse(page.one('[data-testid="gallery-location"]').textContent)).toBe("Wrocław, Ruska 51");
    expect(collapse(page.one('[data-testid="breadcrumbs"] [aria-current="page"]').textContent)).toBe(
      "NOKTURN: Listopad 2025",
    );
    const tiles = page.all('[data-testid="photo-tile"]');
    expect(tiles).toHaveLength(10);
    expect(collapse(tiles[0].textContent)).toContain("ZOBACZ");
    // By order_index: photo n is gallery-…-n.
    const image = (tile: Element) => tile.querySelector("img");
    expect(image(tiles[0])?.getAttribute("src")).toMatch(/nokturn-listopad-2025-1-\d+\.webp$/);
    expect(image(tiles[9])?.getAttribute("src")).toMatch(/nokturn-listopad-2025-10-\d+\.webp$/);
    expect(image(tiles[0])?.getAttribute("loading")).toBe("lazy");
  });

  test("unpublished and unknown galleries redirect to the landing page", async () => {
    for (const path of ["/gallery/nokturn-backstage", "/gallery/nie-ma-takiej"]) {
      const redirect = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
      expect(redirect.status, path).toBe(302);
      expect(new URL(redirect.headers.get("location") ?? "", baseUrl()).pathname, path).toBe("/");
    }
    const landing = await fetchPage("/gallery/nokturn-backstage");
    expect(landing.url).toBe("/");
    expect(landing.all('[data-testid="event-hero"]')).toHaveLength(1);
    expect((await fetchPage("/gallery/nie-ma-takiej")).url).toBe("/");
  });

  // From tests/e2e/archive.test.ts (issue #17): SPEC's 17.01.2026 night is over by the demo's date, so
  // it is in the archive with its date, venue and its gallery; SPEC's two built-in entries stay at their
  // URLs; an upcoming night is not in the archive; the landing's carousel shows the featured galleries.
  test("a past night's archive page: date, venue, city, its gallery's photos and link", async () => {
    const page = await fetchPage("/archive/nokturn-17-01-2026");
    expect(page.status).toBe(200);
    expect(heading(page)).toBe("NOKTURN");
    expect(collapse(page.one('[data-testid="archive-date"]').textContent)).toBe("17.01.2026");
    expect(collapse(page.one('[data-testid="archive-place"]').textContent)).toBe(
      "Klub Transformator, Wrocław",
    );
    expect(page.all('[data-testid="photo-grid"] li')).toHaveLength(9);
    const gallery = page.one('[data-testid="archive-gallery-link"]').getAttribute("href");
    expect(gallery).toBe("/gallery/nokturn-styczen-2026");
    const galleryPage = await fetchPage(gallery ?? "");
    expect(galleryPage.url).toBe("/gallery/nokturn-styczen-2026");
    expect(heading(galleryPage)).toBe("NOKTURN: Styczeń 2026");
  });

  test("SPEC's built-in entries stay at their URLs; an upcoming night is not in the archive", async () => {
    for (const slug of ["nokturn-wroclaw-2025", "sesja-merch-nokturn"]) {
      expect((await fetchPage(`/archive/${slug}`)).status, slug).toBe(200);
    }
    const upcoming = await fetchPage("/archive/nokturn-hangar");
    expect(upcoming.status).toBe(404);
    expect(upcoming.text()).toContain("Wydarzenie nie znalezione");
  });

  test("the landing's archive: featured galleries in the carousel, the past nights and SPEC's entries listed newest first", async () => {
    const page = await fetchPage("/");
    // The seeded galleries and nights (another test may add its own), in the page's order.
    const seededGalleries = new Set(
      [...galleryData.map((g) => g.slug), featuredEventGallerySlug].map((slug) => `/gallery/${slug}`),
    );
    const slides = page
      .all('#archiwum [data-testid="archive-slide"]')
      .filter((slide) =>
        [...slide.querySelectorAll("a[href]")].some((a) => seededGalleries.has(a.getAttribute("href") ?? "")),
      );
    expect(slides).toHaveLength(2);
    const seededEntries = new Set(
      [
        featuredEventSlug,
        ...upcomingNightData.map((night) => night.slug),
        "nokturn-wroclaw-2025",
        "sesja-merch-nokturn",
      ].map((slug) => `/archive/${slug}`),
    );
    const entries = page
      .all("#archiwum a[href^='/archive/']")
      .filter((a) => seededEntries.has(a.getAttribute("href") ?? ""));
    expect(entries).toHaveLength(3);
    expect(entries[0].getAttribute("href")).toBe("/archive/nokturn-17-01-2026");
    expect(collapse(entries[0].textContent)).toContain("17.01.2026 · Klub Transformator, Wrocław");
    expect(entries[1].getAttribute("href")).toBe("/archive/nokturn-wroclaw-2025");
    expect(entries[2].getAttribute("href")).toBe("/archive/sesja-merch-nokturn");
  });
});

describe("SEO files and tags", () => {
  test("every page has its own title, description, canonical URL and social tags with an image", async () => {
    const origin = baseUrl();
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
      const page = await fetchPage(path);
      expect(page.status, path).toBe(200);
      const title = collapse(page.one("title").textContent);
      expect(title, path).toMatch(/NOKTURN/);
      titles.add(title);
      expect(page.one('link[rel="canonical"]').getAttribute("href"), path).toBe(`${origin}${path}`);
      expect(metaContent(page, "description")?.length, path).toBeGreaterThan(50);
      expect(metaContent(page, "og:title"), path).toBe(title);
      expect(metaContent(page, "og:image"), path).toMatch(/^https?:\/\/.+\.webp$/);
      expect(metaContent(page, "twitter:image"), path).toMatch(/^https?:\/\/.+\.webp$/);
      expect(metaContent(page, "og:url"), path).toBe(`${origin}${path}`);
    }
    expect(titles.size).toBe(7);
  });

  test("sitemap.xml lists every public URL, robots.txt points to it and keeps private areas out", async () => {
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toContain("xml");
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

    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    for (const path of ["/admin", "/account"]) expect(robots).toContain(`Disallow: ${path}`);
    // The cart page is the same public page for everyone (decision 013).
    expect(robots).not.toContain("Disallow: /cart");
  });
});
