import { describe, expect, it } from "vitest";
import { parseIcs } from "../../../tests/support/ics";
import {
  buildEventIcs,
  type CalendarEvent,
  escapeIcsText,
  foldIcsLine,
  formatUtcStamp,
  formatWarsawLocal,
  googleCalendarUrl,
  slugFromIcsFile,
} from "./calendar";

const event: CalendarEvent = {
  slug: "nokturn-17-01-2026",
  title: "NOKTURN",
  startsAt: "2026-01-17T22:00:00.000Z",
  endsAt: "2026-01-18T06:00:00.000Z",
  venue: "Klub Transformator",
  city: "Wrocław",
  address: "ul. Ruska 51, 50-079 Wrocław",
  ticketUrl: "https://bilety.example/nokturn",
  updatedAt: "2025-12-01T10:00:00.000Z",
};
const site = { name: "NOKTURN", url: "https://nokturn.example" };

describe("calendar", () => {
  it("formats UTC stamps and Warsaw wall-clock times, winter and summer", () => {
    expect(formatUtcStamp(event.startsAt)).toBe("20260117T220000Z");
    expect(formatWarsawLocal(event.startsAt)).toBe("20260117T230000");
    expect(formatWarsawLocal(event.endsAt)).toBe("20260118T070000");
    expect(formatWarsawLocal("2026-07-04T20:00:00Z")).toBe("20260704T220000");
  });

  it("reads the slug from the .ics file name only", () => {
    expect(slugFromIcsFile("nokturn-17-01-2026.ics")).toBe("nokturn-17-01-2026");
    expect(slugFromIcsFile("nokturn.txt")).toBeNull();
    expect(slugFromIcsFile("../secret.ics")).toBeNull();
    expect(slugFromIcsFile(".ics")).toBeNull();
  });

  it("escapes text and folds long lines at 75 octets without splitting characters", () => {
    expect(escapeIcsText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const long = `DESCRIPTION:${"żółć ".repeat(40)}`;
    const folded = foldIcsLine(long);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
  });

  it("builds one VEVENT starting at 23:00 Europe/Warsaw, with the time zone defined", () => {
    const ics = buildEventIcs(event, site);
    expect(ics.endsWith("\r\n")).toBe(true);
    const lines = parseIcs(ics);
    expect(lines.filter(([name, value]) => name === "BEGIN" && value === "VEVENT")).toHaveLength(1);
    expect(lines.filter(([name, value]) => name === "BEGIN" && value === "VTIMEZONE")).toHaveLength(1);
    const get = (key: string) => lines.find(([name]) => name === key)?.[1];
    expect(get("DTSTART;TZID=Europe/Warsaw")).toBe("20260117T230000");
    expect(get("DTEND;TZID=Europe/Warsaw")).toBe("20260118T070000");
    expect(get("TZID")).toBe("Europe/Warsaw");
    expect(get("UID")).toBe("nokturn-17-01-2026@nokturn.example");
    expect(get("DTSTAMP")).toBe("20251201T100000Z");
    expect(get("SUMMARY")).toBe("NOKTURN");
    expect(get("LOCATION")).toBe("Klub Transformator\\, ul. Ruska 51\\, 50-079 Wrocław");
    expect(get("DESCRIPTION")).toContain("Bilety: https://bilety.example/nokturn");
    expect(get("URL")).toBe("https://nokturn.example/wydarzenia/nokturn-17-01-2026");
  });

  it("adds the city when the address does not name it", () => {
    const ics = buildEventIcs({ ...event, address: null }, site);
    expect(parseIcs(ics).find(([name]) => name === "LOCATION")?.[1]).toBe("Klub Transformator\\, Wrocław");
  });

  it("links to Google Calendar with UTC times and the Warsaw zone", () => {
    const url = new URL(googleCalendarUrl(event, site));
    expect(url.origin).toBe("https://calendar.google.com");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("NOKTURN");
    expect(url.searchParams.get("dates")).toBe("20260117T220000Z/20260118T060000Z");
    expect(url.searchParams.get("ctz")).toBe("Europe/Warsaw");
    expect(url.searchParams.get("location")).toBe("Klub Transformator, ul. Ruska 51, 50-079 Wrocław");
  });
});
