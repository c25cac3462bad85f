import { and, asc, eq } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import {
  artists,
  type EventStatus,
  events,
  galleries,
  type ImageRef,
  type TicketSalesMode,
  timetableEntries,
} from "../../../db/schema";
import type { CalendarEvent } from "./calendar";
import type { EventBasics } from "./event-basics";
import type { TimetableEntry } from "./timetable";

/** A row with its instants as ISO strings, the way loaders send them to the page. */
export type WithIsoDates<Row> = { [K in keyof Row]: Row[K] extends Date ? string : Row[K] };

export function withIsoDates<Row extends Record<string, unknown>>(row: Row): WithIsoDates<Row> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as WithIsoDates<Row>;
}

/** The columns of an `EventSummary`: what, when and where an event is (the upcoming list, the .ics file). */
const eventBasics = {
  slug: events.slug,
  title: events.title,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  venue: events.venue,
  city: events.city,
  address: events.address,
  ticketUrl: events.ticketUrl,
  salesMode: events.salesMode,
  featured: events.featured,
  status: events.status,
};

export type EventSummary = EventBasics & {
  featured: boolean;
  status: EventStatus;
  /** Sold through `ticketUrl` or on this site (issue #40). */
  salesMode: TicketSalesMode;
};

/** Every published night, soonest first (the timeline picks from these). */
export async function listPublishedEventSummaries(executor: Executor = db()): Promise<EventSummary[]> {
  const rows = await executor
    .select(eventBasics)
    .from(events)
    .where(eq(events.published, true))
    .orderBy(asc(events.startsAt));
  return rows.map(withIsoDates);
}

export type FaqItem = { question: string; answer: string };

/** Everything an event's page (the landing page's hero night, /wydarzenia/{slug}) shows about it. */
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
  salesMode: TicketSalesMode;
  ticketPrice: number | null;
  heroVideo: string | null;
  heroPoster: ImageRef | null;
  manifesto: string | null;
  aftermovieUrl: string | null;
  aftermoviePoster: ImageRef | null;
  photos: ImageRef[];
  faq: FaqItem[];
  featured: boolean;
  status: EventStatus;
  /** The night's published gallery, if it has one. */
  gallerySlug: string | null;
  updatedAt: string;
};

type EventRow = typeof events.$inferSelect;

function toFeaturedEvent(row: EventRow, gallerySlug: string | null): FeaturedEvent {
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
    salesMode: row.salesMode,
    ticketPrice: row.ticketPrice,
    heroVideo: row.heroVideo,
    heroPoster: row.heroPoster,
    manifesto: row.manifesto,
    aftermovieUrl: row.aftermovieUrl,
    aftermoviePoster: row.aftermoviePoster,
    photos: row.photos,
    faq: row.faq,
    featured: row.featured,
    status: row.status,
    gallerySlug,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A published event with everything its page shows, by slug (past ones too); null when there is none. */
export async function getPublishedEvent(
  slug: string,
  executor: Executor = db(),
): Promise<FeaturedEvent | null> {
  const [found] = await executor
    .select({ event: events, gallerySlug: galleries.slug })
    .from(events)
    .leftJoin(galleries, and(eq(galleries.id, events.galleryId), eq(galleries.published, true)))
    .where(and(eq(events.slug, slug), eq(events.published, true)))
    .limit(1);
  return found ? toFeaturedEvent(found.event, found.gallerySlug) : null;
}

/**
 * The data of a published event's calendar file, by slug, with what decides whether it is offered. A
 * night sold on this site has no outside ticket link (its page, already in the entry, sells it).
 */
export async function getCalendarEvent(
  slug: string,
  executor: Executor = db(),
): Promise<(CalendarEvent & { status: EventStatus }) | null> {
  const [row] = await executor
    .select({ ...eventBasics, updatedAt: events.updatedAt })
    .from(events)
    .where(and(eq(events.slug, slug), eq(events.published, true)))
    .limit(1);
  if (!row) return null;
  return withIsoDates(row.salesMode === "site" ? { ...row, ticketUrl: null } : row);
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
