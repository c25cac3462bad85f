import { and, asc, eq } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import {
  artists,
  type EventStatus,
  events,
  type ImageRef,
  type SocialLinks,
  timetableEntries,
} from "../../../db/schema";
import { nightMinutes } from "./timetable";

export type ResidentCard = { id: string; slug: string; name: string; profileImage: ImageRef | null };

/** Resident DJs for /rezydenci, in the order the team set (then by name). */
export async function listResidents(executor: Executor = db()): Promise<ResidentCard[]> {
  return executor
    .select({ id: artists.id, slug: artists.slug, name: artists.name, profileImage: artists.profileImage })
    .from(artists)
    .where(eq(artists.isResident, true))
    .orderBy(asc(artists.orderIndex), asc(artists.name));
}

export type ArtistPage = {
  id: string;
  slug: string;
  name: string;
  profileImage: ImageRef | null;
  age: number | null;
  bio: string | null;
  hobbies: string[];
  backgroundVideo: string | null;
  backgroundImage: ImageRef | null;
  socialLinks: SocialLinks;
  isResident: boolean;
};

/** One set of an artist: a timetable entry of a published night (issue #17). */
export type Performance = {
  eventSlug: string;
  eventTitle: string;
  /** The night's start (ISO): its date is the night's date. */
  startsAt: string;
  /** The night's end (ISO): the set moves from upcoming to past then. */
  endsAt: string;
  venue: string;
  city: string;
  /** The set's time from the timetable ("01:00"), null while not announced (SOON). */
  time: string | null;
  status: EventStatus;
  /** Not over yet at `now` (a night under way included). */
  upcoming: boolean;
};

/**
 * The sets of an artist in published nights, from the timetables: upcoming ones first, soonest
 * first, then past ones, latest first; within a night in playing order. The events are the one
 * source (the old artists.performance_dates column is no longer mapped).
 */
export async function listPerformances(
  artistId: string,
  now: Date,
  executor: Executor = db(),
): Promise<Performance[]> {
  const rows = await executor
    .select({
      eventSlug: events.slug,
      eventTitle: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      venue: events.venue,
      city: events.city,
      time: timetableEntries.startTime,
      status: events.status,
      orderIndex: timetableEntries.orderIndex,
    })
    .from(timetableEntries)
    .innerJoin(events, eq(events.id, timetableEntries.eventId))
    .where(and(eq(timetableEntries.artistId, artistId), eq(events.published, true)));
  const performances = rows.map((row) => ({
    eventSlug: row.eventSlug,
    eventTitle: row.eventTitle,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    venue: row.venue,
    city: row.city,
    time: row.time,
    status: row.status,
    upcoming: row.endsAt.getTime() > now.getTime(),
    start: row.startsAt.getTime(),
    minutes: nightMinutes(row.time),
    orderIndex: row.orderIndex,
  }));
  performances.sort(
    (a, b) =>
      Number(b.upcoming) - Number(a.upcoming) ||
      (a.upcoming ? a.start - b.start : b.start - a.start) ||
      a.minutes - b.minutes ||
      a.orderIndex - b.orderIndex,
  );
  return performances.map(
    ({ start: _start, minutes: _minutes, orderIndex: _order, ...performance }) => performance,
  );
}

/** One artist's page data, or null for an unknown slug. */
export async function getArtist(slug: string, executor: Executor = db()): Promise<ArtistPage | null> {
  const [row] = await executor.select().from(artists).where(eq(artists.slug, slug)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    profileImage: row.profileImage,
    age: row.age,
    bio: row.bio,
    hobbies: row.hobbies,
    backgroundVideo: row.backgroundVideo,
    backgroundImage: row.backgroundImage,
    socialLinks: row.socialLinks,
    isResident: row.isResident,
  };
}

/** Every artist page, for the sitemap. */
export async function listArtistPages(executor: Executor = db()) {
  return executor
    .select({ slug: artists.slug, updatedAt: artists.updatedAt })
    .from(artists)
    .orderBy(asc(artists.orderIndex), asc(artists.name));
}
