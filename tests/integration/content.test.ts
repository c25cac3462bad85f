import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { onPageExpiry } from "../../app/lib/page-expiry.server";
import { demoSite } from "../../app/lib/site";
import { fromWarsawLocal } from "../../app/lib/warsaw-time";
import { listAmbassadors } from "../../app/modules/content/ambassadors.server";
import { getArtist, listPerformances, listResidents } from "../../app/modules/content/artists.server";
import { buildEventIcs } from "../../app/modules/content/calendar";
import { getCalendarEvent, getPublishedEvent } from "../../app/modules/content/events.server";
import {
  DEFAULT_ARCHIVE_IMAGE,
  getPublishedGallery,
  listFeaturedGalleries,
} from "../../app/modules/content/galleries.server";
import { getEventPage, getHeroTicketUrl, getLandingPage } from "../../app/modules/content/landing.server";
import { contentSitemapEntries } from "../../app/modules/content/sitemap.server";
import { eventJsonLd } from "../../app/modules/content/structured-data";
import * as s from "../../db/schema";
import { seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;

const warsaw = (local: string) => {
  const instant = fromWarsawLocal(local);
  if (!instant) throw new Error(local);
  return instant;
};

beforeAll(async () => {
  database = await createTestDatabase();
  // Seeded on 5.01.2026: the spec's night (17.01) is ahead, Hangar on 26.01 and Zajezdnia on 23.02.
  await seedDemo(database.db, new Date("2026-01-05T12:00:00Z"));
  // The sitemap reads through the app's handle.
  setDatabase(database);
});
afterAll(async () => {
  setDatabase(undefined);
  await database?.dispose();
});

describe("event site content", () => {
  it("gives the landing page the featured event, both stages in playing order and Polish dates", async () => {
    const page = await getLandingPage(demoSite, database.db, warsaw("2026-01-10T12:00"));
    expect(page.night?.event).toMatchObject({
      slug: "nokturn-17-01-2026",
      title: "NOKTURN",
      lastEntry: "03:00",
    });
    expect(page.night?.when).toEqual({
      weekday: "sobota",
      shortDate: "17.01.2026",
      longDate: "17 stycznia 2026",
      startTime: "23:00",
      endTime: "07:00",
    });
    const [main, bouncy] = page.night?.timetable ?? [];
    expect(main.entries.map((e) => [e.startTime, e.name, e.artistSlug])).toEqual([
      ["23:00", "KACPER NOIR", "kacper-noir"],
      ["01:00", "MIRA VOLT", "mira-volt"],
      ["03:00", "Special guest", null],
      ["05:00", "BRZASK", "brzask"],
    ]);
    expect(bouncy.entries.at(-1)).toMatchObject({ startTime: null, name: "TBA" });
    expect(page.night?.calendar?.icsUrl).toBe("/events/nokturn-17-01-2026.ics");
    expect(page.night?.event.photos).toHaveLength(9);
    expect(page.night?.event.faq.length).toBeGreaterThanOrEqual(6);
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
    // Performance dates come from the nights' timetables (issue #17), the next night first.
    const sets = await listPerformances(artist!.id, warsaw("2026-01-10T12:00"), database.db);
    expect(sets[0]).toMatchObject({ eventSlug: "nokturn-17-01-2026", time: "01:00", upcoming: true });
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
    expect(event?.status).toBe("planned");
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
        "/wydarzenia/nokturn-17-01-2026",
        "/wydarzenia/nokturn-hangar",
        "/wydarzenia/nokturn-zajezdnia",
      ]),
    );
    expect(paths).not.toContain("/gallery/nokturn-backstage");
  });
});

describe("the event site over time (issue #17)", () => {
  const ticket = "https://www.biletomat.example/nokturn-17-01-2026";

  it("before the night: the spec's night leads and sells, the seeded nights are listed after it", async () => {
    const now = warsaw("2026-01-10T12:00");
    const page = await getLandingPage(demoSite, database.db, now);
    expect(page.phase).toBe("upcoming");
    expect(page.night?.sells).toBe(true);
    expect(page.night?.event.ticketUrl).toBe(ticket);
    // The seeded nights sell on the site (issue #40): their link is their own page's tickets.
    expect(page.upcoming.map((night) => [night.slug, night.when.shortDate, night.ticketUrl])).toEqual([
      ["nokturn-hangar", "26.01.2026", "/wydarzenia/nokturn-hangar#bilety"],
      ["nokturn-zajezdnia", "23.02.2026", "/wydarzenia/nokturn-zajezdnia#bilety"],
    ]);
    expect(page.changesAt).toBe("2026-01-17T22:00:00.000Z");
    expect(await getHeroTicketUrl(now, database.db)).toBe(ticket);
    expect(eventJsonLd(page.night!, demoSite).offers).toMatchObject({ url: ticket });
  });

  it("at 02:00 during the night it still leads, under way", async () => {
    const page = await getLandingPage(demoSite, database.db, warsaw("2026-01-18T02:00"));
    expect(page.night?.event.slug).toBe("nokturn-17-01-2026");
    expect(page.phase).toBe("live");
    expect(page.night?.sells).toBe(true);
    expect(page.changesAt).toBe("2026-01-18T06:00:00.000Z");
  });

  it("once it has ended, the next night takes its place by itself and the past one sells nothing", async () => {
    const now = warsaw("2026-01-18T07:00");
    const page = await getLandingPage(demoSite, database.db, now);
    expect(page.night?.event.slug).toBe("nokturn-hangar");
    expect(page.phase).toBe("upcoming");
    expect(page.upcoming.map((night) => night.slug)).toEqual(["nokturn-zajezdnia"]);
    expect(await getHeroTicketUrl(now, database.db)).toBe("/wydarzenia/nokturn-hangar#bilety");

    const past = await getEventPage(demoSite, "nokturn-17-01-2026", database.db, now);
    expect(past).toMatchObject({ phase: "ended", sells: false, calendar: null });
    expect(past?.event.ticketUrl).toBeNull();
    expect(past?.event.gallerySlug).toBe("nokturn-styczen-2026");
    expect(past?.upcoming.map((night) => night.slug)).toEqual(["nokturn-hangar", "nokturn-zajezdnia"]);
    const json = eventJsonLd(past!, demoSite);
    expect(json).not.toHaveProperty("offers");
    expect(json.eventStatus).toBe("https://schema.org/EventScheduled");
    expect(json.url).toBe(new URL("/wydarzenia/nokturn-17-01-2026", demoSite.url).toString());
  });

  it("with no night coming, the hero names the last night with its gallery and nothing sells", async () => {
    const now = warsaw("2026-03-01T12:00");
    expect((await getLandingPage(demoSite, database.db, now)).lastNight?.slug).toBe("nokturn-zajezdnia");
    // Cancelled nights did not happen: the last night is the spec's, with its gallery.
    await database.db
      .update(s.events)
      .set({ status: "cancelled" })
      .where(eq(s.events.slug, "nokturn-zajezdnia"));
    await database.db.update(s.events).set({ published: false }).where(eq(s.events.slug, "nokturn-hangar"));
    try {
      const page = await getLandingPage(demoSite, database.db, now);
      expect(page.night).toBeNull();
      expect(page.phase).toBe("none");
      expect(page.upcoming).toEqual([]);
      expect(page.lastNight).toMatchObject({
        slug: "nokturn-17-01-2026",
        gallerySlug: "nokturn-styczen-2026",
      });
      expect(page.changesAt).toBeNull();
      expect(await getHeroTicketUrl(now, database.db)).toBeNull();
      // An unpublished night has no page; a cancelled one says so and offers nothing.
      expect(await getEventPage(demoSite, "nokturn-hangar", database.db, now)).toBeNull();
      const cancelled = await getEventPage(
        demoSite,
        "nokturn-zajezdnia",
        database.db,
        warsaw("2026-02-01T12:00"),
      );
      expect(cancelled).toMatchObject({ sells: false, statusLabel: "Wydarzenie odwołane", calendar: null });
      expect(eventJsonLd(cancelled!, demoSite)).toMatchObject({
        eventStatus: "https://schema.org/EventCancelled",
      });
      expect(eventJsonLd(cancelled!, demoSite)).not.toHaveProperty("offers");
    } finally {
      await database.db
        .update(s.events)
        .set({ status: "planned", published: true })
        .where(eq(s.events.city, "Wrocław"));
    }
  });

  it("tells the page cache when the answer changes", async () => {
    const heard: Date[] = [];
    onPageExpiry((at) => heard.push(at));
    try {
      await getLandingPage(demoSite, database.db, warsaw("2026-01-18T02:00"));
      await getHeroTicketUrl(warsaw("2026-01-20T12:00"), database.db);
    } finally {
      onPageExpiry(undefined);
    }
    expect(heard.map((at) => at.toISOString())).toEqual([
      "2026-01-18T06:00:00.000Z",
      "2026-01-26T22:00:00.000Z",
    ]);
  });

  it("finds published nights only, by slug, with their published gallery", async () => {
    expect((await getPublishedEvent("nokturn-hangar", database.db))?.gallerySlug).toBeNull();
    expect(await getPublishedEvent("nie-ma", database.db)).toBeNull();
  });
});
