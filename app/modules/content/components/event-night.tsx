import type { EventView } from "../landing.server";
import { EventHero, EventMarquee } from "./event-hero";
import { Manifesto } from "./manifesto";
import { TimetableSection } from "./timetable-section";

/**
 * The top of a night's page, the same on the landing page and on /wydarzenia/{slug}: hero (state,
 * tickets and calendar while it sells), ticker, manifesto, timetable.
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
      />
      <EventMarquee words={[event.title, when.shortDate, event.city, ...timetable.map((s) => s.label)]} />
      {event.manifesto ? <Manifesto text={event.manifesto} brand={brand} /> : null}
      <TimetableSection event={event} when={when} stages={timetable} />
    </>
  );
}
