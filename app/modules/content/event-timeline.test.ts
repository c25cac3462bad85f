import { describe, expect, it } from "vitest";
import { fromWarsawLocal } from "~/lib/warsaw-time";
import {
  eventPhase,
  eventSells,
  eventStatusLabel,
  eventTimeline,
  schemaEventStatus,
  type TimelineEvent,
} from "./event-timeline";

/** An instant given as Warsaw wall-clock time ("2026-01-17T23:00"). */
const warsaw = (local: string) => {
  const instant = fromWarsawLocal(local);
  if (!instant) throw new Error(local);
  return instant;
};

type E = TimelineEvent & { slug: string };

const night = (slug: string, start: string, end: string, extra: Partial<E> = {}): E => ({
  slug,
  startsAt: warsaw(start).toISOString(),
  endsAt: warsaw(end).toISOString(),
  featured: false,
  status: "planned",
  published: true,
  ...extra,
});

const january = night("styczen", "2026-01-17T23:00", "2026-01-18T07:00", { featured: true });
const december = night("grudzien", "2026-12-12T23:00", "2026-12-13T05:00");
const february = night("luty", "2027-02-13T23:00", "2027-02-14T05:00");
const all = [december, january, february];
const slugs = (events: E[]) => events.map((e) => e.slug);

describe("eventTimeline", () => {
  it("leads with the featured night while it is upcoming, the others after it by date", () => {
    const t = eventTimeline(all, warsaw("2026-01-10T12:00"));
    expect(t.hero?.slug).toBe("styczen");
    expect(t.phase).toBe("upcoming");
    expect(slugs(t.upcoming)).toEqual(["grudzien", "luty"]);
    expect(t.lastEnded).toBeNull();
    expect(t.changesAt).toEqual(warsaw("2026-01-17T23:00"));
  });

  it("keeps the featured night up front while it is under way at 02:00 Warsaw time", () => {
    const now = warsaw("2026-01-18T02:00");
    expect(now.toISOString()).toBe("2026-01-18T01:00:00.000Z");
    const t = eventTimeline(all, now);
    expect(t.hero?.slug).toBe("styczen");
    expect(t.phase).toBe("live");
    expect(t.changesAt).toEqual(warsaw("2026-01-18T07:00"));
    expect(eventSells(january, now)).toBe(true);
  });

  it("moves on by itself once the featured night has ended (the end is exclusive)", () => {
    const justBefore = new Date(warsaw("2026-01-18T07:00").getTime() - 1);
    expect(eventTimeline(all, justBefore).hero?.slug).toBe("styczen");
    const atEnd = warsaw("2026-01-18T07:00");
    const t = eventTimeline(all, atEnd);
    expect(t.hero?.slug).toBe("grudzien");
    expect(t.phase).toBe("upcoming");
    expect(slugs(t.upcoming)).toEqual(["luty"]);
    expect(t.lastEnded?.slug).toBe("styczen");
    expect(t.changesAt).toEqual(warsaw("2026-12-12T23:00"));
    expect(eventSells(january, atEnd)).toBe(false);
    expect(eventPhase(january, atEnd)).toBe("ended");
  });

  it("has no hero once every night is over, and names the last one that happened", () => {
    const t = eventTimeline(all, warsaw("2027-03-01T12:00"));
    expect(t.hero).toBeNull();
    expect(t.phase).toBe("none");
    expect(t.upcoming).toEqual([]);
    expect(t.lastEnded?.slug).toBe("luty");
    expect(t.changesAt).toBeNull();
    expect(eventTimeline([], new Date()).phase).toBe("none");
  });

  it("reads a night across the end-of-October change by its instants (23:00 CEST to 05:00 CET)", () => {
    const autumn = night("pazdziernik", "2026-10-24T23:00", "2026-10-25T05:00", { featured: true });
    expect(autumn.startsAt).toBe("2026-10-24T21:00:00.000Z");
    expect(autumn.endsAt).toBe("2026-10-25T04:00:00.000Z"); // seven hours: 02:00–03:00 happens twice
    const events = [autumn, december];
    // 02:30 CEST, the first time round; and 04:30 CET, which a fixed +2 offset would place after the end.
    for (const instant of ["2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z", "2026-10-25T03:30:00Z"]) {
      const t = eventTimeline(events, new Date(instant));
      expect(t.hero?.slug).toBe("pazdziernik");
      expect(t.phase).toBe("live");
      expect(t.changesAt?.toISOString()).toBe("2026-10-25T04:00:00.000Z");
    }
    const after = eventTimeline(events, new Date("2026-10-25T04:00:00Z"));
    expect(after.hero?.slug).toBe("grudzien");
    expect(after.lastEnded?.slug).toBe("pazdziernik");
  });

  it("without a featured night, leads with the earliest one not over, an under-way night first", () => {
    const plain = all.map((e) => ({ ...e, featured: false }));
    expect(eventTimeline(plain, warsaw("2026-01-18T03:00")).hero?.slug).toBe("styczen");
    expect(eventTimeline(plain, warsaw("2026-06-01T12:00")).hero?.slug).toBe("grudzien");
  });

  it("prefers a featured later night over an earlier one, which is then listed as coming", () => {
    const t = eventTimeline(
      [january, { ...february, featured: true }, december].map((e) => ({
        ...e,
        featured: e.slug === "luty",
      })),
      warsaw("2026-06-01T12:00"),
    );
    expect(t.hero?.slug).toBe("luty");
    expect(slugs(t.upcoming)).toEqual(["grudzien"]);
  });

  it("never leads with a cancelled night, featured or not; it stays listed until its planned end", () => {
    const cancelled = { ...december, featured: true, status: "cancelled" as const };
    const now = warsaw("2026-06-01T12:00");
    const t = eventTimeline([january, cancelled, february], now);
    expect(t.hero?.slug).toBe("luty");
    expect(slugs(t.upcoming)).toEqual(["grudzien"]);
    expect(eventSells(cancelled, now)).toBe(false);
    const later = eventTimeline([january, cancelled], warsaw("2026-12-13T06:00"));
    expect(later.phase).toBe("none");
    expect(later.lastEnded?.slug).toBe("styczen"); // a cancelled night did not happen
  });

  it("counts a moved night like a planned one", () => {
    const moved = { ...december, status: "moved" as const };
    const t = eventTimeline([january, moved], warsaw("2026-06-01T12:00"));
    expect(t.hero?.slug).toBe("grudzien");
    expect(eventSells(moved, warsaw("2026-06-01T12:00"))).toBe(true);
  });

  it("ignores unpublished nights, even featured ones, also for the next change", () => {
    const hidden = { ...december, featured: true, published: false };
    const t = eventTimeline([january, hidden, february], warsaw("2026-06-01T12:00"));
    expect(t.hero?.slug).toBe("luty");
    expect(t.upcoming).toEqual([]);
    expect(t.changesAt).toEqual(warsaw("2027-02-13T23:00"));
  });

  it("lists at most the given number of coming nights", () => {
    const many = Array.from({ length: 6 }, (_, i) =>
      night(`n${i}`, `2027-0${i + 1}-10T23:00`, `2027-0${i + 1}-11T05:00`),
    );
    const t = eventTimeline(many, warsaw("2026-12-01T12:00"), 3);
    expect(t.hero?.slug).toBe("n0");
    expect(slugs(t.upcoming)).toEqual(["n1", "n2", "n3"]);
  });
});

describe("status labels", () => {
  it("says cancelled and moved in Polish and maps them to schema.org", () => {
    expect(eventStatusLabel("cancelled")).toBe("Wydarzenie odwołane");
    expect(eventStatusLabel("moved")).toBe("Nowy termin");
    expect(eventStatusLabel("planned")).toBeNull();
    expect(schemaEventStatus("planned")).toBe("https://schema.org/EventScheduled");
    expect(schemaEventStatus("cancelled")).toBe("https://schema.org/EventCancelled");
    expect(schemaEventStatus("moved")).toBe("https://schema.org/EventRescheduled");
  });
});
