import { describe, expect, it } from "vitest";
import { groupTimetable, nightMinutes, type TimetableEntry } from "./timetable";

const entry = (id: string, stage: TimetableEntry["stage"], startTime: string | null): TimetableEntry => ({
  id,
  stage,
  startTime,
  name: id.toUpperCase(),
  artistSlug: null,
});

describe("timetable", () => {
  it("counts the hours after midnight as the same night", () => {
    expect(nightMinutes("23:00")).toBeLessThan(nightMinutes("00:30"));
    expect(nightMinutes("00:30")).toBeLessThan(nightMinutes("05:00"));
    expect(nightMinutes("05:00")).toBeLessThan(nightMinutes("11:59"));
    expect(nightMinutes("12:00")).toBeLessThan(nightMinutes("23:59"));
    expect(nightMinutes(null)).toBe(Number.POSITIVE_INFINITY);
    expect(nightMinutes("bad")).toBe(Number.POSITIVE_INFINITY);
  });

  it("groups entries per stage in playing order with unannounced slots last", () => {
    const stages = groupTimetable([
      entry("soon-1", "bouncy", null),
      entry("late", "main", "05:00"),
      entry("open", "main", "23:00"),
      entry("b1", "bouncy", "00:30"),
      entry("mid", "main", "01:00"),
      entry("soon-2", "bouncy", null),
      entry("b2", "bouncy", "02:30"),
    ]);
    expect(stages.map((s) => s.stage)).toEqual(["main", "bouncy"]);
    expect(stages[0].label).toBe("Main stage");
    expect(stages[0].entries.map((e) => e.id)).toEqual(["open", "mid", "late"]);
    // Stored order breaks the tie between the two SOON slots.
    expect(stages[1].entries.map((e) => e.id)).toEqual(["b1", "b2", "soon-1", "soon-2"]);
  });

  it("always lists both stages, even an empty one", () => {
    const stages = groupTimetable([entry("a", "main", "23:00")]);
    expect(stages[1]).toMatchObject({ stage: "bouncy", entries: [] });
  });
});
