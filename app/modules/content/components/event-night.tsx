import type { EventView } from "../landing.server";
import { EventHero, EventMarquee } from "./event-hero";
import { Manifesto } from "./manifesto";
import { NightTickets } from "./night-tickets";
import { TimetableSection } from "./timetable-section";

/**
 * The top of a night's page, the same on the landing page and on /wydarzenia/{slug}: hero (state,
 * tickets and calendar while it sells), ticker, the tickets of a night sold here, manifesto, timetable.
 */
export function EventNightTop({ night, brand }: { night: EventView; brand: string }) {
  const { event, when, timetable } = night;
  return (
    <>
      <EventHero
        event={event}
        when={when}
        calendar={night.calendar}
        phase={night.phase}
        statusLabel={night.statusLabel}
        ticketsHere={night.tickets !== null}
      />
      <EventMarquee words={[event.title, when.shortDate, event.city, ...timetable.map((s) => s.label)]} />
      {night.tickets ? (
        <NightTickets tickets={night.tickets} eyebrow={`${when.shortDate} · ${event.venue}`} />
      ) : null}
      {event.manifesto ? <Manifesto text={event.manifesto} brand={brand} /> : null}
      <TimetableSection event={event} when={when} stages={timetable} />
    </>
  );
}
