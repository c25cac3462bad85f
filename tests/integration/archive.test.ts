/**
 * The archive over time (issue #17) against a real database: SPEC's two built-in entries merged with
 * the past published nights (newest first, each slug once), with date, venue, city and the night's
 * gallery while it is published; a night still to come, under way, unpublished or cancelled is not
 * there. The demo seed is dated 2026-11-23 (its upcoming nights follow that day).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { demoSite } from "../../app/lib/site";
import { getArchivePage, listArchive } from "../../app/modules/content/archive.server";
import * as s from "../../db/schema";
import { featuredEventGallerySlug, featuredEventSlug, seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
const db = () => database.db;
const SEEDED = new Date("2026-11-23T12:00:00Z");
const BEFORE_NIGHT = new Date("2026-01-17T12:00:00Z");
const DURING_NIGHT = new Date("2026-01-18T01:00:00Z"); // 02:00 in Warsaw
const AFTER_NIGHT = new Date("2026-01-18T06:00:00Z"); // 07:00 in Warsaw: the night's end

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db, SEEDED);
});
afterAll(async () => {
  setDatabase(undefined);
  await database?.dispose();
});

const slugs = async (now: Date) => (await listArchive(demoSite, now, db())).map((entry) => entry.slug);

async function addNight(
  slug: string,
  startsAt: string,
  endsAt: string,
  extra: Partial<typeof s.events.$inferInsert> = {},
) {
  await db()
    .insert(s.events)
    .values({
      slug,
      title: slug,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      venue: "Klub Test",
      city: "Kraków",
      ...extra,
    });
}

describe("the archive list", () => {
  it("before and during SPEC's night: only the built-in entries", async () => {
    expect(await slugs(BEFORE_NIGHT)).toEqual(["nokturn-wroclaw-2025", "sesja-merch-nokturn"]);
    expect(await slugs(DURING_NIGHT)).toEqual(["nokturn-wroclaw-2025", "sesja-merch-nokturn"]);
  });

  it("once it has ended: the night first, with its date, venue and city; the upcoming nights are not there", async () => {
    const archive = await listArchive(demoSite, AFTER_NIGHT, db());
    expect(archive.map((entry) => entry.slug)).toEqual([
      featuredEventSlug,
      "nokturn-wroclaw-2025",
      "sesja-merch-nokturn",
    ]);
    expect(archive[0]).toMatchObject({
      title: "NOKTURN",
      date: "17.01.2026",
      venue: "Klub Transformator",
      city: "Wrocław",
    });
    expect(archive[1]).toMatchObject({ date: "14.06.2025", venue: null, city: "Wrocław" });
    // On the seed day the upcoming demo nights are still to come.
    expect(await slugs(SEEDED)).toEqual([featuredEventSlug, "nokturn-wroclaw-2025", "sesja-merch-nokturn"]);
  });

  it("leaves out unpublished and cancelled nights, keeps moved ones, newest first", async () => {
    await addNight("noc-szkic", "2025-12-06T22:00:00Z", "2025-12-07T04:00:00Z", { published: false });
    await addNight("noc-odwolana", "2025-10-04T22:00:00Z", "2025-10-05T04:00:00Z", { status: "cancelled" });
    await addNight("noc-przeniesiona", "2025-08-01T22:00:00Z", "2025-08-02T04:00:00Z", { status: "moved" });
    expect(await slugs(SEEDED)).toEqual([
      featuredEventSlug,
      "noc-przeniesiona",
      "nokturn-wroclaw-2025",
      "sesja-merch-nokturn",
    ]);
    expect(await getArchivePage(demoSite, "noc-szkic", SEEDED, db())).toBeNull();
    expect(await getArchivePage(demoSite, "noc-odwolana", SEEDED, db())).toBeNull();
  });

  it("a night with a built-in entry's slug does not show that URL twice: the built-in entry keeps it", async () => {
    await addNight("sesja-merch-nokturn", "2025-09-01T22:00:00Z", "2025-09-02T04:00:00Z");
    const archive = await listArchive(demoSite, SEEDED, db());
    expect(archive.filter((entry) => entry.slug === "sesja-merch-nokturn")).toHaveLength(1);
    expect(archive.find((entry) => entry.slug === "sesja-merch-nokturn")?.date).toBe("03.2025");
    expect((await getArchivePage(demoSite, "sesja-merch-nokturn", SEEDED, db()))?.kind).toBe("built-in");
    await db().delete(s.events).where(eq(s.events.slug, "sesja-merch-nokturn"));
  });
});

describe("an archive page", () => {
  it("SPEC's built-in entries stay at their URLs whatever the clock", async () => {
    for (const now of [BEFORE_NIGHT, SEEDED]) {
      const page = await getArchivePage(demoSite, "nokturn-wroclaw-2025", now, db());
      expect(page).toMatchObject({ kind: "built-in", date: "14.06.2025" });
      expect(page?.images).toHaveLength(9);
    }
  });

  it("a past night shows its date, venue and its published gallery's photos and link", async () => {
    expect(await getArchivePage(demoSite, featuredEventSlug, DURING_NIGHT, db())).toBeNull();
    const page = await getArchivePage(demoSite, featuredEventSlug, AFTER_NIGHT, db());
    expect(page).toMatchObject({
      kind: "night",
      title: "NOKTURN",
      date: "17.01.2026",
      venue: "Klub Transformator",
      city: "Wrocław",
      gallery: { slug: featuredEventGallerySlug },
    });
    expect(page?.images.length).toBeGreaterThan(0);
  });

  it("a draft gallery is neither linked nor shown; no gallery means no photos", async () => {
    await db()
      .update(s.galleries)
      .set({ published: false })
      .where(eq(s.galleries.slug, featuredEventGallerySlug));
    const page = await getArchivePage(demoSite, featuredEventSlug, SEEDED, db());
    expect(page).toMatchObject({ kind: "night", gallery: null, images: [] });
    await db()
      .update(s.galleries)
      .set({ published: true })
      .where(eq(s.galleries.slug, featuredEventGallerySlug));

    expect(await getArchivePage(demoSite, "nie-ma-takiej-nocy", SEEDED, db())).toBeNull();
  });

  it("an upcoming demo night is not in the archive until it has ended", async () => {
    const [hangar] = await db().select().from(s.events).where(eq(s.events.slug, "nokturn-hangar"));
    expect(await getArchivePage(demoSite, "nokturn-hangar", SEEDED, db())).toBeNull();
    const after = new Date(hangar.endsAt.getTime() + 1000);
    expect((await getArchivePage(demoSite, "nokturn-hangar", after, db()))?.kind).toBe("night");
    expect((await slugs(after))[0]).toBe("nokturn-hangar");
  });
});
