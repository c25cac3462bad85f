/** Everything the landing page shows, in one call from its loader. */
import { formatLongDate, formatShortDate, formatTime, formatWeekday } from "~/lib/dates";
import { db, type Executor } from "~/lib/db.server";
import type { SiteConfig } from "~/lib/site";
import { listArchiveEvents } from "./archive.server";
import { eventIcsPath, eventLocation, googleCalendarUrl } from "./calendar";
import { type FeaturedEvent, getFeaturedEvent, getTimetable } from "./events.server";
import { type GallerySlide, listFeaturedGalleries } from "./galleries.server";
import { groupTimetable, type TimetableStage } from "./timetable";

export type ArchiveTeaser = { slug: string; title: string; date: string; city: string };

/** The event's dates in Polish, formatted on the server (keeps date code out of the landing bundle). */
export type EventWhen = {
  /** "sobota" */
  weekday: string;
  /** "17.01.2026" */
  shortDate: string;
  /** "17 stycznia 2026" */
  longDate: string;
  /** "23:00" */
  startTime: string;
  /** "07:00" */
  endTime: string;
};

export function eventWhen(event: Pick<FeaturedEvent, "startsAt" | "endsAt">): EventWhen {
  return {
    weekday: formatWeekday(event.startsAt),
    shortDate: formatShortDate(event.startsAt),
    longDate: formatLongDate(event.startsAt),
    startTime: formatTime(event.startsAt),
    endTime: formatTime(event.endsAt),
  };
}

export type LandingPage = {
  event: FeaturedEvent | null;
  when: EventWhen | null;
  timetable: TimetableStage[];
  galleries: GallerySlide[];
  archive: ArchiveTeaser[];
  calendar: { icsUrl: string; googleUrl: string } | null;
  /** Directions to the venue. */
  mapsUrl: string | null;
};

export async function getLandingPage(site: SiteConfig, executor: Executor = db()): Promise<LandingPage> {
  const [event, galleries] = await Promise.all([getFeaturedEvent(executor), listFeaturedGalleries(executor)]);
  const timetable = event ? await getTimetable(event.id, executor) : [];
  const archive = listArchiveEvents(site).map(({ slug, title, date, city }) => ({ slug, title, date, city }));
  return {
    event,
    when: event ? eventWhen(event) : null,
    timetable: groupTimetable(timetable),
    galleries,
    archive,
    calendar: event
      ? {
          icsUrl: eventIcsPath(event.slug),
          googleUrl: googleCalendarUrl(event, site),
        }
      : null,
    mapsUrl: event
      ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(eventLocation(event))}`
      : null,
  };
}
