import { asc, eq } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { artists, events, timetableEntries } from "../../../db/schema";

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
  const [event] = await executor
    .select({
      slug: events.slug,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      venue: events.venue,
      city: events.city,
      ticketUrl: events.ticketUrl,
    })
    .from(events)
    .where(eq(events.featured, true))
    .limit(1);
  if (!event) return null;
  return { ...event, startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString() };
}

export async function getTimetable(eventId: string, executor: Executor = db()) {
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
