/**
 * "Dodaj do kalendarza": an iCalendar (RFC 5545) file for an event and a Google Calendar link.
 * Pure functions; the route `/events/{slug}.ics` serves `buildEventIcs`.
 */
import { TIME_ZONE } from "~/lib/dates";
import { warsawParts } from "~/lib/warsaw-time";
import type { EventBasics } from "./event-basics";
import { eventPagePath } from "./event-paths";

export type CalendarEvent = EventBasics & {
  /** ISO instant of the last change (DTSTAMP), so the file is stable between requests. */
  updatedAt: string;
};

export type CalendarSite = { name: string; url: string };

/** Path of the event's .ics file. */
export function eventIcsPath(slug: string) {
  return `/events/${slug}.ics`;
}

/** The slug from the `:file` route parameter ("nokturn-17-01-2026.ics"), or null if it is not an .ics name. */
export function slugFromIcsFile(file: string): string | null {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.ics$/.exec(file);
  return match ? match[1] : null;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** "20260117T220000Z" */
export function formatUtcStamp(iso: string) {
  const date = new Date(iso);
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/** Wall-clock time in Europe/Warsaw as an iCalendar local date-time: "20260117T230000". */
export function formatWarsawLocal(iso: string) {
  const parts = warsawParts(iso);
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** TEXT value escaping of RFC 5545 §3.3.11. */
export function escapeIcsText(value: string) {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

const encoder = new TextEncoder();

/** Folds a content line to at most 75 octets per line (RFC 5545 §3.1), never splitting a character. */
export function foldIcsLine(line: string) {
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // Continuation lines start with one space, which counts towards their 75 octets.
    const limit = out.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join("\r\n ");
}

/** Europe/Warsaw since 1996: CET, CEST from the last Sunday of March to the last Sunday of October. */
const WARSAW_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Warsaw",
  "X-LIC-LOCATION:Europe/Warsaw",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** "Klub Transformator, ul. Ruska 51, 50-079 Wrocław" (the city only when the address lacks it). */
export function eventLocation(event: Pick<CalendarEvent, "venue" | "city" | "address">) {
  const parts = [event.venue];
  if (event.address) parts.push(event.address);
  if (!event.address?.includes(event.city)) parts.push(event.city);
  return parts.join(", ");
}

/** The night's own page (/wydarzenia/{slug}), absolute. */
function eventPageUrl(event: CalendarEvent, site: CalendarSite) {
  return new URL(eventPagePath(event.slug), site.url).toString();
}

function eventDescription(event: CalendarEvent, site: CalendarSite) {
  const lines = [`${event.title}: ${eventPageUrl(event, site)}`];
  if (event.ticketUrl) lines.push(`Bilety: ${event.ticketUrl}`);
  return lines.join("\n");
}

/** The whole .ics file: one VCALENDAR with the Warsaw time zone and one VEVENT, CRLF line ends. */
export function buildEventIcs(event: CalendarEvent, site: CalendarSite) {
  const host = new URL(site.url).hostname;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeIcsText(site.name)}//Wydarzenia//PL`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeIcsText(site.name)}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    ...WARSAW_VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:${event.slug}@${host}`,
    `DTSTAMP:${formatUtcStamp(event.updatedAt)}`,
    `DTSTART;TZID=${TIME_ZONE}:${formatWarsawLocal(event.startsAt)}`,
    `DTEND;TZID=${TIME_ZONE}:${formatWarsawLocal(event.endsAt)}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `LOCATION:${escapeIcsText(eventLocation(event))}`,
    `DESCRIPTION:${escapeIcsText(eventDescription(event, site))}`,
    `URL:${eventPageUrl(event, site)}`,
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}

/** A Google Calendar "add event" link with the same data as the .ics file. */
export function googleCalendarUrl(event: CalendarEvent, site: CalendarSite) {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${formatUtcStamp(event.startsAt)}/${formatUtcStamp(event.endsAt)}`,
    ctz: TIME_ZONE,
    details: eventDescription(event, site),
    location: eventLocation(event),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
