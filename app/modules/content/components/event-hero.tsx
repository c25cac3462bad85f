import { ArrowDown, Ticket } from "lucide-react";
import { NewTabLink } from "~/components/new-tab-link";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { FeaturedEvent } from "../events.server";
import type { EventWhen } from "../landing.server";
import { AddToCalendar } from "./add-to-calendar";
import { HeroMedia } from "./hero-media";
import { useAfterLoad } from "./use-after-load";

/**
 * The landing hero: poster/video background, title, Polish date and place line, tickets, timetable,
 * calendar. It stops just short of the viewport's bottom, so the marquee strip peeks in, and so the
 * poster is not a full-viewport image, which browsers ignore as a background for LCP.
 */
export function EventHero({
  event,
  when,
  calendar,
}: {
  event: FeaturedEvent;
  when: EventWhen;
  calendar: { icsUrl: string; googleUrl: string } | null;
}) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate flex min-h-[calc(100svh-3.25rem)] items-end overflow-hidden pt-24 md:min-h-[calc(100svh-3.75rem)]"
      data-testid="event-hero"
    >
      <HeroMedia poster={event.heroPoster} video={event.heroVideo} />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-gradient-to-t from-background via-background/55 to-background/20"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-gradient-to-r from-background/70 via-transparent to-transparent"
      />

      <div className="container-page relative z-10 pb-14 md:pb-20">
        <p className="mb-4 inline-flex flex-wrap items-center gap-x-3 gap-y-1 font-mono text-xs font-bold uppercase tracking-[0.3em] text-accent md:text-sm">
          <span>{when.weekday}</span>
          <span aria-hidden="true">/</span>
          <span>{when.shortDate}</span>
          <span aria-hidden="true">/</span>
          <span>
            {when.startTime}–{when.endTime}
          </span>
        </p>
        <h1
          id="hero-title"
          className="font-display text-[clamp(3rem,17vw,13rem)] font-black leading-[0.82] tracking-tighter drop-shadow-[0_4px_30px_rgb(0_0_0/0.6)]"
        >
          {event.title}
        </h1>
        <p
          className="mt-5 max-w-3xl text-lg font-bold text-foreground md:text-2xl"
          data-testid="hero-date-place"
        >
          <time dateTime={event.startsAt}>
            {when.longDate}, {when.startTime}
          </time>{" "}
          <span className="text-muted" aria-hidden="true">
            ·
          </span>{" "}
          {event.venue}, {event.city}
        </p>

        <div className="mt-8 grid grid-cols-2 items-center gap-3 sm:flex sm:flex-wrap">
          {event.ticketUrl ? (
            <NewTabLink
              href={event.ticketUrl}
              className={cn(
                buttonVariants({ size: "lg" }),
                "h-14 px-4 font-display text-base font-black sm:px-8 sm:text-lg",
              )}
              data-testid="hero-ticket"
            >
              <Ticket aria-hidden="true" className="size-5" />
              KUP BILET
            </NewTabLink>
          ) : null}
          <a
            href="#agenda"
            className={cn(
              buttonVariants({ variant: "outline", size: "lg" }),
              "h-14 bg-background/50 px-4 font-display text-base font-black sm:px-8 sm:text-lg",
            )}
          >
            TIMETABLE
            <ArrowDown aria-hidden="true" className="size-5" />
          </a>
          {calendar ? (
            <AddToCalendar
              icsUrl={calendar.icsUrl}
              googleUrl={calendar.googleUrl}
              fileName={`${event.slug}.ics`}
              className="col-span-2"
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** A scrolling ticker strip under the hero (decorative; the same facts are in the hero text). */
export function EventMarquee({ words }: { words: string[] }) {
  const run = [...words, ...words];
  const moving = useAfterLoad();
  return (
    <div
      aria-hidden="true"
      className="overflow-hidden border-y border-border bg-accent py-3 text-accent-foreground"
    >
      <div className={cn("flex w-max", moving && "nk-marquee")}>
        {[0, 1].map((copy) => (
          <div key={copy} className="flex shrink-0">
            {run.map((word, index) => (
              <span
                key={`${copy}-${index}`}
                className="flex items-center font-display text-xl font-black md:text-2xl"
              >
                <span className="px-6">{word}</span>
                <span className="text-hot">✺</span>
              </span>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
