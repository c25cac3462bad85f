import { describe, expect, it } from "vitest";
import { attendeeMessages, attendeeName, attendeeSchema, attendeesComplete } from "./attendees";

const parse = (firstName: string, lastName: string) => attendeeSchema.safeParse({ firstName, lastName });
const messages = (result: ReturnType<typeof parse>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe("attendee names", () => {
  it("takes a Polish name, trimmed, inner spaces made one", () => {
    const result = parse("  Zażółć  ", " Gęślą   Jaźń ");
    expect(result.success && result.data).toEqual({ firstName: "Zażółć", lastName: "Gęślą Jaźń" });
    expect(attendeeName({ firstName: "Anna", lastName: "Nowak-Kowalska" })).toBe("Anna Nowak-Kowalska");
  });

  it("refuses an empty or blank part", () => {
    expect(messages(parse("", "Nowak"))).toEqual([attendeeMessages.firstName]);
    expect(messages(parse("Anna", "   "))).toEqual([attendeeMessages.lastName]);
  });

  it("refuses 81 characters and takes 80", () => {
    expect(messages(parse("A".repeat(81), "Nowak"))).toEqual([attendeeMessages.tooLong]);
    expect(parse("A".repeat(80), "Nowak").success).toBe(true);
  });

  it("refuses control characters: NUL, a newline, a tab, DEL", () => {
    for (const bad of ["An\u0000na", "Anna\nNowak", "An\tna", "Anna\u007f"]) {
      expect(messages(parse(bad, "Nowak"))).toEqual([attendeeMessages.control]);
    }
  });

  it("refuses what is not a string", () => {
    expect(attendeeSchema.safeParse({ firstName: 5, lastName: ["x"] }).success).toBe(false);
  });

  it("is complete only with a valid name on every ticket", () => {
    const anna = { firstName: "Anna", lastName: "Nowak" };
    expect(attendeesComplete([anna, anna], 2)).toBe(true);
    expect(attendeesComplete([anna], 2)).toBe(false);
    expect(attendeesComplete([anna, { firstName: "", lastName: "X" }], 2)).toBe(false);
    expect(attendeesComplete([anna, anna, anna], 2)).toBe(true);
  });
});
