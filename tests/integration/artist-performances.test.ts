/**
 * An artist's performance dates come from the published nights whose timetable lists them (issue #17):
 * upcoming first (soonest first), then past ones (latest first), each with the night's date, venue and
 * the set's time; drafts are left out. Timetable entries link residents and guests alike.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { getArtist, listPerformances } from "../../app/modules/content/artists.server";
import { getTimetable } from "../../app/modules/content/events.server";
import * as s from "../../db/schema";
import { featuredEventSlug, seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
const db = () => database.db;
const SEEDED = new Date("2026-11-23T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db, SEEDED);
});
afterAll(async () => {
  setDatabase(undefined);
  await database?.dispose();
});

async function artistId(slug: string) {
  const artist = await getArtist(slug, db());
  if (!artist) throw new Error(`no artist ${slug}`);
  return artist.id;
}

describe("an artist's performances", () => {
  it("lists the demo nights an artist plays, upcoming first, with venue and the set's time", async () => {
    const sets = await listPerformances(await artistId("mira-volt"), SEEDED, db());
    expect(sets.map((set) => [set.eventSlug, set.time, set.upcoming])).toEqual([
      ["nokturn-zajezdnia", "01:00", true],
      [featuredEventSlug, "01:00", false],
    ]);
    expect(sets[0]).toMatchObject({ venue: "Zajezdnia Kultury", city: "Wrocław", status: "planned" });
    expect(sets[1]).toMatchObject({ venue: "Klub Transformator", startsAt: "2026-01-17T22:00:00.000Z" });

    // Before SPEC's night every set is upcoming, soonest first.
    const before = await listPerformances(
      await artistId("mira-volt"),
      new Date("2026-01-01T00:00:00Z"),
      db(),
    );
    expect(before.map((set) => [set.eventSlug, set.upcoming])).toEqual([
      [featuredEventSlug, true],
      ["nokturn-zajezdnia", true],
    ]);
  });

  it("several past nights are latest first; a draft night is not listed; a set without time stays null", async () => {
    const kacper = await artistId("kacper-noir");
    const [older] = await db()
      .insert(s.events)
      .values({
        slug: "noc-2025",
        title: "Noc 2025",
        startsAt: new Date("2025-05-10T21:00:00Z"),
        endsAt: new Date("2025-05-11T03:00:00Z"),
        venue: "Klub Stary",
        city: "Poznań",
      })
      .returning();
    const [draft] = await db()
      .insert(s.events)
      .values({
        slug: "noc-szkic",
        title: "Szkic",
        startsAt: new Date("2027-05-10T21:00:00Z"),
        endsAt: new Date("2027-05-11T03:00:00Z"),
        venue: "Klub",
        city: "Wrocław",
        published: false,
      })
      .returning();
    await db()
      .insert(s.timetableEntries)
      .values([
        { eventId: older.id, stage: "main", startTime: null, name: "KACPER NOIR", artistId: kacper },
        { eventId: draft.id, stage: "main", startTime: "23:00", name: "KACPER NOIR", artistId: kacper },
      ]);
    const sets = await listPerformances(kacper, SEEDED, db());
    const past = sets.filter((set) => !set.upcoming);
    expect(past.map((set) => set.eventSlug)).toEqual([featuredEventSlug, "noc-2025"]);
    expect(past[1].time).toBeNull();
    expect(sets.map((set) => set.eventSlug)).not.toContain("noc-szkic");
    // Upcoming ones come first.
    expect(sets.findIndex((set) => !set.upcoming)).toBe(sets.length - past.length);
  });
});

describe("timetable links", () => {
  it("an entry linked to a guest artist (not a resident) carries the artist's slug too", async () => {
    const [guest] = await db()
      .insert(s.artists)
      .values({ slug: "gosc-specjalny", name: "GOŚĆ SPECJALNY", isResident: false })
      .returning();
    const [night] = await db().select().from(s.events).where(eq(s.events.slug, "nokturn-hangar"));
    await db().insert(s.timetableEntries).values({
      eventId: night.id,
      stage: "bouncy",
      startTime: "04:00",
      name: "GOŚĆ SPECJALNY",
      artistId: guest.id,
    });
    const entries = await getTimetable(night.id, db());
    expect(entries.find((entry) => entry.name === "GOŚĆ SPECJALNY")?.artistSlug).toBe("gosc-specjalny");
    expect(entries.find((entry) => entry.name === "Bouncy crew")?.artistSlug).toBeNull();
    const sets = await listPerformances(guest.id, SEEDED, db());
    expect(sets).toEqual([
      expect.objectContaining({ eventSlug: "nokturn-hangar", time: "04:00", upcoming: true }),
    ]);
  });
});
