/**
 * What the landing page and an event's page (/wydarzenia/{slug}) show, in one call from their loaders.
 * Which night leads, and whether a night still sells, follow the timeline at `now` (event-timeline.ts,
 * decision 022); `changesAt` tells the page cache when the answer goes stale.
 */
import { now as clockNow } from "~/lib/clock.server";
import { cachedContent } from "~/lib/content-cache.server";
import { formatLongDate, formatShortDate, formatTime, formatWeekday } from "~/lib/dates";
import { db, type Executor } from "~/lib/db.server";
import { expirePagesAt } from "~/lib/page-expiry.server";
import type { SiteConfig } from "~/lib/site";
import type { NightTicketsView } from "~/modules/tickets/night-tickets";
import { loadNightTickets, sellsHere } from "~/modules/tickets/night-tickets.server";
import { type ArchiveEntry, listArchive } from "./archive.server";
import { eventIcsPath, eventLocation, googleCalendarUrl } from "./calendar";
import { eventPagePath } from "./event-paths";
import {
  type EventPhase,
  type EventStatus,
  eventPhase,
  eventSells,
  eventStatusLabel,
  eventTimeline,
  type HeroPhase,
} from "./event-timeline";
import {
  type EventSummary,
  type FeaturedEvent,
  getPublishedEvent,
  getTimetable,
  listPublishedEventSummaries,
} from "./events.server";
import { type GallerySlide, listFeaturedGalleries } from "./galleries.server";
import { groupTimetable, type TimetableStage } from "./timetable";

/** A line of the landing's archive list: SPEC's built-in entries and the past nights, newest first. */
export type ArchiveTeaser = Pick<ArchiveEntry, "slug" | "title" | "date" | "venue" | "city">;

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

/** One night in the "Kolejne noce" list. */
export type UpcomingNight = {
  slug: string;
  title: string;
  when: EventWhen;
  venue: string;
  city: string;
  /** Only while the night sells (not cancelled): the seller's link, or the night's tickets here. */
  ticketUrl: string | null;
  /** `ticketUrl` is this site's page of the night (`…#bilety`), not an outside seller. */
  ticketsHere: boolean;
  /** "Wydarzenie odwołane" / "Nowy termin", or null. */
  statusLabel: string | null;
};

/** One night's page: the night, its state at `now`, and what it offers. */
export type EventView = {
  event: FeaturedEvent;
  when: EventWhen;
  phase: EventPhase;
  /** Tickets, the floating button, the calendar and the JSON-LD Offer: only while true. */
  sells: boolean;
  /** A night sold on this site, while it sells here: its tickets section (`#bilety`) and Offers. */
  tickets: NightTicketsView | null;
  statusLabel: string | null;
  timetable: TimetableStage[];
  calendar: { icsUrl: string; googleUrl: string } | null;
  /** Directions to the venue. */
  mapsUrl: string | null;
};

export type LandingPage = {
  /** The hero night, null when no night is coming. */
  night: EventView | null;
  phase: HeroPhase;
  upcoming: UpcomingNight[];
  /** With no night coming: the last night that happened, and its gallery if published. */
  lastNight: { title: string; shortDate: string; gallerySlug: string | null; slug: string } | null;
  galleries: GallerySlide[];
  archive: ArchiveTeaser[];
  /** ISO instant at which this answer changes (a start or an end); the page cache expires then. */
  changesAt: string | null;
};

/** The link to a night's tickets while it sells: the outside seller's, or its own page's `#bilety`. */
export function ticketLinkOf(event: EventSummary | FeaturedEvent, now: Date): string | null {
  if (!eventSells(event, now)) return null;
  if (event.salesMode === "external") return event.ticketUrl;
  return sellsHere(event, now) ? `${eventPagePath(event.slug)}#bilety` : null;
}

function toUpcoming(event: EventSummary, now: Date): UpcomingNight {
  return {
    slug: event.slug,
    title: event.title,
    when: eventWhen(event),
    venue: event.venue,
    city: event.city,
    ticketUrl: ticketLinkOf(event, now),
    ticketsHere: event.salesMode === "site",
    statusLabel: eventStatusLabel(event.status),
  };
}

function viewOf(
  event: FeaturedEvent,
  stages: TimetableStage[],
  tickets: NightTicketsView | null,
  site: SiteConfig,
  now: Date,
): EventView {
  const sells = eventSells(event, now);
  // The outside seller's link only for a night sold there: a night sold here has its own section.
  const external = sells && event.salesMode === "external";
  const shown = external ? event : { ...event, ticketUrl: null };
  return {
    event: shown,
    when: eventWhen(event),
    phase: eventPhase(event, now),
    sells,
    tickets: sells ? tickets : null,
    statusLabel: eventStatusLabel(event.status as EventStatus),
    timetable: stages,
    calendar: sells ? { icsUrl: eventIcsPath(event.slug), googleUrl: googleCalendarUrl(shown, site) } : null,
    mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(eventLocation(event))}`,
  };
}

async function loadView(slug: string, site: SiteConfig, now: Date, executor: Executor) {
  const event = await getPublishedEvent(slug, executor);
  if (!event) return null;
  const [timetable, tickets] = await Promise.all([
    getTimetable(event.id, executor),
    loadNightTickets(executor, event, now),
  ]);
  return viewOf(event, groupTimetable(timetable), tickets, site, now);
}

/**
 * The published nights' timeline at `now` (also the root loader's source for the ticket button). A
 * page built from it is stale at its `changesAt`: the page cache is told so here, once for all callers.
 */
export async function loadTimeline(now: Date = clockNow(), executor: Executor = db()) {
  // Every page's floating ticket button reads this: kept in memory between changes (decision 036).
  const summaries = await cachedContent("published-events", async () => ({
    value: await listPublishedEventSummaries(executor),
  }));
  const timeline = eventTimeline(summaries, now);
  expirePagesAt(timeline.changesAt);
  return timeline;
}

/**
 * The ticket link of the floating button on every page: the hero night's, while it sells — its
 * outside seller's, or for a night sold here its page's tickets section (no query: from the timeline).
 */
export async function getHeroTicketUrl(now: Date = clockNow(), executor: Executor = db()) {
  const { hero } = await loadTimeline(now, executor);
  return hero ? ticketLinkOf(hero, now) : null;
}

export async function getLandingPage(
  site: SiteConfig,
  executor: Executor = db(),
  now: Date = clockNow(),
): Promise<LandingPage> {
  const [timeline, galleries] = await Promise.all([
    loadTimeline(now, executor),
    listFeaturedGalleries(executor),
  ]);
  const night = timeline.hero ? await loadView(timeline.hero.slug, site, now, executor) : null;
  const last =
    !timeline.hero && timeline.lastEnded ? await getPublishedEvent(timeline.lastEnded.slug, executor) : null;
  const archive = (await listArchive(site, now, executor)).map(({ slug, title, date, venue, city }) => ({
    slug,
    title,
    date,
    venue,
    city,
  }));
  return {
    night,
    phase: timeline.phase,
    upcoming: timeline.upcoming.map((event) => toUpcoming(event, now)),
    lastNight: last
      ? {
          title: last.title,
          shortDate: formatShortDate(last.startsAt),
          gallerySlug: last.gallerySlug,
          slug: last.slug,
        }
      : null,
    galleries,
    archive,
    changesAt: timeline.changesAt?.toISOString() ?? null,
  };
}

export type EventPage = EventView & {
  /** The coming nights other than this one (the landing's list, without this night). */
  upcoming: UpcomingNight[];
  changesAt: string | null;
};

/** /wydarzenia/{slug}: a published night, past ones included (they offer nothing to buy). */
export async function getEventPage(
  site: SiteConfig,
  slug: string,
  executor: Executor = db(),
  now: Date = clockNow(),
): Promise<EventPage | null> {
  const view = await loadView(slug, site, now, executor);
  if (!view) return null;
  const timeline = await loadTimeline(now, executor);
  const others = [timeline.hero, ...timeline.upcoming].filter(
    (event): event is NonNullable<typeof event> => event !== null && event.slug !== slug,
  );
  return {
    ...view,
    upcoming: others.slice(0, 3).map((event) => toUpcoming(event, now)),
    changesAt: timeline.changesAt?.toISOString() ?? null,
  };
}
