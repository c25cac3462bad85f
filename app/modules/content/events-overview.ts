/**
 * The panel's events list over time (pure, unit-tested): upcoming nights (not ended yet, soonest
 * first, a night under way included) and past ones (newest first), and the warning when the featured
 * night is over and no published night that still takes place is coming — the landing page then has
 * no next night to lead with.
 */
import type { EventStatus } from "./event-status";

export type TimedEvent = {
  startsAt: string;
  endsAt: string;
  featured: boolean;
  published: boolean;
  status: EventStatus;
};

/** A night is over once its end has passed (a night under way is still upcoming). */
export function isOver(event: Pick<TimedEvent, "endsAt">, now: Date): boolean {
  return new Date(event.endsAt).getTime() <= now.getTime();
}

export function splitByTime<Event extends TimedEvent>(
  events: readonly Event[],
  now: Date,
): { upcoming: Event[]; past: Event[] } {
  const time = (value: string) => new Date(value).getTime();
  const upcoming = events.filter((event) => !isOver(event, now));
  const past = events.filter((event) => isOver(event, now));
  upcoming.sort((a, b) => time(a.startsAt) - time(b.startsAt));
  past.sort((a, b) => time(b.startsAt) - time(a.startsAt));
  return { upcoming, past };
}

/**
 * True when the featured night is over and nothing upcoming is published (a cancelled night does not
 * count: it does not take place). With no featured event at all the panel says so elsewhere.
 */
export function needsNextNightWarning(events: readonly TimedEvent[], now: Date): boolean {
  const featured = events.find((event) => event.featured);
  if (!featured || !isOver(featured, now)) return false;
  return !events.some((event) => event.published && event.status !== "cancelled" && !isOver(event, now));
}
