import { asc, eq } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { artists, events, type ImageRef, timetableEntries } from "../../../db/schema";
import type { CalendarEvent } from "./calendar";
import type { TimetableEntry } from "./timetable";

/** A row with its instants as ISO strings, the way loaders send them to the page. */
export type WithIsoDates<Row> = { [K in keyof Row]: Row[K] extends Date ? string : Row[K] };

export function withIsoDates<Row extends Record<string, unknown>>(row: Row): WithIsoDates<Row> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as WithIsoDates<Row>;
}

/** The columns that say what, when and where an event is (the landing summary, the .ics file). */
const eventBasics = {
  slug: events.slug,
  title: events.title,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  venue: events.venue,
  city: events.city,
  ticketUrl: events.ticketUrl,
};

export type EventSummary = {
  slug: string;
  title: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  city: string;
  ticketUrl: string | null;
};

/** The event the landing page shows (exactly one is featured; the database enforces it). */
export async function getFeaturedEventSummary(executor: Executor = db()): Promise<EventSummary | null> {
  const [event] = await executor.select(eventBasics).from(events).where(eq(events.featured, true)).limit(1);
  return event ? withIsoDates(event) : null;
}

export type FaqItem = { question: string; answer: string };

/** Everything the landing page shows about its event (dates as ISO strings). */
export type FeaturedEvent = {
  id: string;
  slug: string;
  title: string;
  startsAt: string;
  endsAt: string;
  lastEntry: string | null;
  venue: string;
  city: string;
  address: string | null;
  ticketUrl: string | null;
  ticketPrice: number | null;
  heroVideo: string | null;
  heroPoster: ImageRef | null;
  manifesto: string | null;
  aftermovieUrl: string | null;
  aftermoviePoster: ImageRef | null;
  photos: ImageRef[];
  faq: FaqItem[];
  updatedAt: string;
};

type EventRow = typeof events.$inferSelect;

function toFeaturedEvent(row: EventRow): FeaturedEvent {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    lastEntry: row.lastEntry,
    venue: row.venue,
    city: row.city,
    address: row.address,
    ticketUrl: row.ticketUrl,
    ticketPrice: row.ticketPrice,
    heroVideo: row.heroVideo,
    heroPoster: row.heroPoster,
    manifesto: row.manifesto,
    aftermovieUrl: row.aftermovieUrl,
    aftermoviePoster: row.aftermoviePoster,
    photos: row.photos,
    faq: row.faq,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getFeaturedEvent(executor: Executor = db()): Promise<FeaturedEvent | null> {
  const [row] = await executor.select().from(events).where(eq(events.featured, true)).limit(1);
  return row ? toFeaturedEvent(row) : null;
}

/** The data of an event's calendar file, by slug (any event, featured or not). */
export async function getCalendarEvent(
  slug: string,
  executor: Executor = db(),
): Promise<CalendarEvent | null> {
  const [row] = await executor
    .select({ ...eventBasics, address: events.address, updatedAt: events.updatedAt })
    .from(events)
    .where(eq(events.slug, slug))
    .limit(1);
  return row ? withIsoDates(row) : null;
}

/** The event's timetable in stored order, with the slug of each linked artist. */
export async function getTimetable(eventId: string, executor: Executor = db()): Promise<TimetableEntry[]> {
  return executor
    .select({
      id: timetableEntries.id,
      stage: timetableEntries.stage,
      startTime: timetableEntries.startTime,
      name: timetableEntries.name,
      artistSlug: artists.slug,
    })
    .from(timetableEntries)
    .leftJoin(artists, eq(artists.id, timetableEntries.artistId))
    .where(eq(timetableEntries.eventId, eventId))
    .orderBy(asc(timetableEntries.orderIndex));
}
