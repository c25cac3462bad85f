import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { demoSite } from "../../app/lib/site";
import { listAmbassadors } from "../../app/modules/content/ambassadors.server";
import { getArtist, listResidents } from "../../app/modules/content/artists.server";
import { buildEventIcs } from "../../app/modules/content/calendar";
import { getCalendarEvent, getFeaturedEvent } from "../../app/modules/content/events.server";
import {
  DEFAULT_ARCHIVE_IMAGE,
  getPublishedGallery,
  listFeaturedGalleries,
} from "../../app/modules/content/galleries.server";
import { getLandingPage } from "../../app/modules/content/landing.server";
import { contentSitemapEntries } from "../../app/modules/content/sitemap.server";
import * as s from "../../db/schema";
import { seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  // The sitemap reads through the app's handle.
  setDatabase(database);
});
afterAll(async () => {
  setDatabase(undefined);
  await database?.dispose();
});

describe("event site content", () => {
  it("gives the landing page the featured event, both stages in playing order and Polish dates", async () => {
    const page = await getLandingPage(demoSite, database.db);
    expect(page.event).toMatchObject({ slug: "nokturn-17-01-2026", title: "NOKTURN", lastEntry: "03:00" });
    expect(page.when).toEqual({
      weekday: "sobota",
      shortDate: "17.01.2026",
      longDate: "17 stycznia 2026",
      startTime: "23:00",
      endTime: "07:00",
    });
    const [main, bouncy] = page.timetable;
    expect(main.entries.map((e) => [e.startTime, e.name, e.artistSlug])).toEqual([
      ["23:00", "KACPER NOIR", "kacper-noir"],
      ["01:00", "MIRA VOLT", "mira-volt"],
      ["03:00", "Special guest", null],
      ["05:00", "BRZASK", "brzask"],
    ]);
    expect(bouncy.entries.at(-1)).toMatchObject({ startTime: null, name: "TBA" });
    expect(page.calendar?.icsUrl).toBe("/events/nokturn-17-01-2026.ics");
    expect(page.event?.photos).toHaveLength(9);
    expect(page.event?.faq.length).toBeGreaterThanOrEqual(6);
    expect(page.archive.map((a) => a.slug)).toEqual(["nokturn-wroclaw-2025", "sesja-merch-nokturn"]);
  });

  it("puts only published and featured galleries in the carousel, by order_index", async () => {
    const slides = await listFeaturedGalleries(database.db);
    expect(slides.map((g) => g.slug)).toEqual(["nokturn-listopad-2025", "nokturn-open-air-2025"]);

    // Reordering and unfeaturing are reflected; a missing hero falls back to the default image.
    await database.db
      .update(s.galleries)
      .set({ orderIndex: 10, heroImage: null })
      .where(eq(s.galleries.slug, "nokturn-listopad-2025"));
    await database.db
      .update(s.galleries)
      .set({ featured: true })
      .where(eq(s.galleries.slug, "nokturn-backstage")); // unpublished: still hidden
    const again = await listFeaturedGalleries(database.db);
    expect(again.map((g) => g.slug)).toEqual(["nokturn-open-air-2025", "nokturn-listopad-2025"]);
    expect(again[1].heroImage).toEqual(DEFAULT_ARCHIVE_IMAGE);
  });

  it("opens published galleries only, with photos by order_index", async () => {
    const gallery = await getPublishedGallery("nokturn-wrzesien-2025", database.db);
    expect(gallery?.title).toBe("NOKTURN: Wrzesień 2025");
    expect(gallery?.photos).toHaveLength(10);
    expect(gallery?.photos.map((p) => p.image.src)).toEqual(
      Array.from({ length: 10 }, (_, i) => `/demo/gallery-nokturn-wrzesien-2025-${i + 1}`),
    );
    expect(await getPublishedGallery("nokturn-backstage", database.db)).toBeNull();
    expect(await getPublishedGallery("nie-ma", database.db)).toBeNull();

    const withoutHero = await getPublishedGallery("nokturn-listopad-2025", database.db);
    expect(withoutHero?.heroIsDefault).toBe(true);
  });

  it("lists residents and finds artists by slug", async () => {
    const residents = await listResidents(database.db);
    expect(residents.map((r) => r.slug)).toEqual(["mira-volt", "kacper-noir", "ola-fuzz", "brzask"]);
    const artist = await getArtist("mira-volt", database.db);
    expect(artist).toMatchObject({
      name: "MIRA VOLT",
      age: 29,
      hobbies: expect.arrayContaining(["wspinaczka"]),
    });
    expect(artist?.performanceDates[0]).toMatchObject({ date: "2026-01-17", time: "01:00" });
    expect(artist?.socialLinks.soundcloud).toBe("https://soundcloud.com/mira-volt");
    expect(await getArtist("nie-ma", database.db)).toBeNull();
  });

  it("lists ambassadors by order_index", async () => {
    const ambassadors = await listAmbassadors(database.db);
    expect(ambassadors.map((a) => a.name)).toEqual(["zuza.rave", "michal.techno", "natalia.bpm"]);
    expect(ambassadors[2].bio).toBeNull();
  });

  it("builds the calendar file from the stored event", async () => {
    const event = await getCalendarEvent("nokturn-17-01-2026", database.db);
    expect(event).not.toBeNull();
    const ics = buildEventIcs(event!, demoSite);
    expect(ics).toContain("DTSTART;TZID=Europe/Warsaw:20260117T230000");
    expect(await getCalendarEvent("nie-ma", database.db)).toBeNull();
    const featured = await getFeaturedEvent(database.db);
    expect(featured?.slug).toBe(event?.slug);
  });

  it("lists every public page of the event site for the sitemap, without unpublished galleries", async () => {
    const paths = (await contentSitemapEntries(demoSite)).map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/rezydenci",
        "/ambasadorzy",
        "/artist/mira-volt",
        "/artist/brzask",
        "/gallery/nokturn-listopad-2025",
        "/gallery/nokturn-open-air-2025",
        "/gallery/nokturn-wrzesien-2025",
        "/archive/nokturn-wroclaw-2025",
        "/archive/sesja-merch-nokturn",
      ]),
    );
    expect(paths).not.toContain("/gallery/nokturn-backstage");
  });
});
