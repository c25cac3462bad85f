/**
 * Which night the site leads with at a given instant (decision 022). Pure: the caller passes the
 * published events and `now` (app/lib/clock.server.ts on the server).
 *
 * - A night is *upcoming* before it starts, *live* (under way) from its start until its end, *ended*
 *   from its end on. The end is exclusive: at `endsAt` the night is over.
 * - The hero is the featured night while it has not ended; otherwise the earliest night that has not
 *   ended (an under-way night before a later one). A cancelled night never leads the hero, featured
 *   or not: it is listed among the coming nights, marked as cancelled, until its planned end.
 *   A moved night ('moved': its dates are the new ones) counts like a planned one.
 * - `upcoming` lists the nights after the hero that have not ended, by start.
 * - `lastEnded` is the most recent night that happened (for the "no upcoming night" hero).
 * - `changesAt` is the next instant at which any of this changes (a start or an end after `now`); a
 *   page built from the answer must not be served after it (the page cache clears then).
 */

export type EventStatus = "planned" | "cancelled" | "moved";
export type EventPhase = "upcoming" | "live" | "ended";
export type HeroPhase = EventPhase | "none";

export type TimelineEvent = {
  startsAt: string | Date;
  endsAt: string | Date;
  featured: boolean;
  status: EventStatus;
  published?: boolean;
};

const ms = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

export function eventPhase(event: Pick<TimelineEvent, "startsAt" | "endsAt">, now: Date): EventPhase {
  const t = now.getTime();
  if (t < ms(event.startsAt)) return "upcoming";
  if (t < ms(event.endsAt)) return "live";
  return "ended";
}

/** Whether a night still offers tickets, a calendar entry and an Offer: not cancelled and not over. */
export function eventSells(event: Pick<TimelineEvent, "startsAt" | "endsAt" | "status">, now: Date): boolean {
  return event.status !== "cancelled" && eventPhase(event, now) !== "ended";
}

export type Timeline<E> = {
  hero: E | null;
  phase: HeroPhase;
  upcoming: E[];
  lastEnded: E | null;
  changesAt: Date | null;
};

const byStart = <E extends TimelineEvent>(a: E, b: E) => ms(a.startsAt) - ms(b.startsAt);

export function eventTimeline<E extends TimelineEvent>(
  events: readonly E[],
  now: Date,
  upcomingLimit = 3,
): Timeline<E> {
  const t = now.getTime();
  const published = events.filter((event) => event.published !== false);
  const notEnded = published.filter((event) => ms(event.endsAt) > t).sort(byStart);
  const happening = notEnded.filter((event) => event.status !== "cancelled");
  const hero = happening.find((event) => event.featured) ?? happening[0] ?? null;
  const upcoming = notEnded.filter((event) => event !== hero).slice(0, Math.max(0, upcomingLimit));
  const lastEnded =
    published
      .filter((event) => ms(event.endsAt) <= t && event.status !== "cancelled")
      .sort((a, b) => ms(b.endsAt) - ms(a.endsAt))[0] ?? null;
  const instants = published
    .flatMap((event) => [ms(event.startsAt), ms(event.endsAt)])
    .filter((instant) => instant > t);
  return {
    hero,
    phase: hero ? eventPhase(hero, now) : "none",
    upcoming,
    lastEnded,
    changesAt: instants.length > 0 ? new Date(Math.min(...instants)) : null,
  };
}

/** The Polish mark of a cancelled or moved night, or null for a planned one. */
export function eventStatusLabel(status: EventStatus): string | null {
  if (status === "cancelled") return "Wydarzenie odwołane";
  if (status === "moved") return "Nowy termin";
  return null;
}

/** schema.org eventStatus for the night's status. */
export function schemaEventStatus(status: EventStatus): string {
  if (status === "cancelled") return "https://schema.org/EventCancelled";
  if (status === "moved") return "https://schema.org/EventRescheduled";
  return "https://schema.org/EventScheduled";
}
