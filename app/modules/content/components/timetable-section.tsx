import { ArrowUpRight } from "lucide-react";
import { Link } from "react-router";
import type { FeaturedEvent } from "../events.server";
import type { EventWhen } from "../landing.server";
import { SOON_LABEL, type TimetableStage } from "../timetable";
import { SectionHeading } from "./section-heading";

/** `#agenda`: main and bouncy stage lists; entries with an artist link to the artist page. */
export function TimetableSection({
  event,
  when,
  stages,
}: {
  event: FeaturedEvent;
  when: EventWhen;
  stages: TimetableStage[];
}) {
  return (
    <section
      id="agenda"
      aria-labelledby="agenda-title"
      className="container-page scroll-mt-20 py-24 md:py-32"
    >
      <SectionHeading id="agenda-title" eyebrow={`${when.shortDate} · ${event.venue}`} title="Timetable" />

      <div className="grid gap-6 lg:grid-cols-2">
        {stages.map((stage, stageIndex) => (
          <section
            key={stage.stage}
            aria-labelledby={`stage-${stage.stage}`}
            data-testid={`stage-${stage.stage}`}
            className="relative overflow-hidden rounded-lg border border-border bg-surface p-5 sm:p-6 md:p-8"
          >
            <div
              aria-hidden="true"
              className={
                stageIndex === 0
                  ? "absolute inset-x-0 top-0 h-1 bg-accent"
                  : "absolute inset-x-0 top-0 h-1 bg-hot"
              }
            />
            <h3
              id={`stage-${stage.stage}`}
              className="font-display text-3xl font-black tracking-tight md:text-4xl"
            >
              {stage.label}
            </h3>
            {stage.entries.length === 0 ? (
              <p className="mt-6 font-mono text-sm uppercase tracking-widest text-muted">Line-up wkrótce</p>
            ) : (
              <ol className="mt-6 divide-y divide-border">
                {stage.entries.map((entry) => (
                  <li
                    key={entry.id}
                    className="flex items-center gap-3 py-4 sm:gap-5"
                    data-testid="timetable-entry"
                  >
                    <span className="w-16 shrink-0 font-mono text-base font-bold tabular-nums sm:w-20 sm:text-lg">
                      {entry.startTime ? (
                        <time className="text-accent">{entry.startTime}</time>
                      ) : (
                        <span className="inline-flex rounded-sm bg-hot px-2 py-0.5 text-xs tracking-widest text-black">
                          {SOON_LABEL}
                        </span>
                      )}
                    </span>
                    {entry.artistSlug ? (
                      <Link
                        to={`/artist/${entry.artistSlug}`}
                        prefetch="intent"
                        className="group flex min-w-0 flex-1 items-center justify-between gap-3 font-display text-xl font-black tracking-tight transition-colors hover:text-accent sm:text-2xl md:text-3xl"
                      >
                        <span className="min-w-0 break-words">{entry.name}</span>
                        <ArrowUpRight
                          aria-hidden="true"
                          className="size-6 shrink-0 text-muted transition-transform group-hover:-translate-y-0.5 group-hover:translate-x-0.5 group-hover:text-accent"
                        />
                      </Link>
                    ) : (
                      <span className="min-w-0 flex-1 break-words font-display text-xl font-black tracking-tight text-foreground/80 sm:text-2xl md:text-3xl">
                        {entry.name}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>
        ))}
      </div>

      <footer
        className="mt-8 flex flex-wrap gap-x-6 gap-y-2 font-mono text-xs font-bold uppercase tracking-[0.2em] text-muted md:text-sm"
        data-testid="timetable-footer"
      >
        <time dateTime={event.startsAt}>{when.shortDate}</time>
        <span>
          {when.startTime}–{when.endTime}
        </span>
        {event.lastEntry ? <span>Ostatnie wejście {event.lastEntry}</span> : null}
        <span>
          {event.venue}, {event.city}
        </span>
      </footer>
    </section>
  );
}
