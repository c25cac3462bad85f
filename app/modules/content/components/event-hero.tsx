import { ArrowDown, ArrowUpRight, Images, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { NewTabLink } from "~/components/new-tab-link";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { eventPagePath } from "../event-paths";
import type { EventPhase } from "../event-timeline";
import type { FeaturedEvent } from "../events.server";
import type { EventWhen, UpcomingNight } from "../landing.server";
import { AddToCalendar } from "./add-to-calendar";
import { MediaHero } from "./hero-media";
import { useAfterLoad } from "./use-after-load";

/** A hero's large call to action: filled (tickets, the gallery) or outlined (the timetable, the residents). */
function heroActionClass(variant: "default" | "outline", spacing = "px-4 sm:px-8 sm:text-lg") {
  return cn(buttonVariants({ variant, size: "lg" }), "h-14 font-display text-base font-black", spacing);
}

/** A hero's link to a past night's gallery. */
function HeroGalleryLink({
  slug,
  className,
  testId,
  children,
}: {
  slug: string;
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Link to={`/gallery/${slug}`} className={className} data-testid={testId}>
      <Images aria-hidden="true" className="size-5" />
      {children}
    </Link>
  );
}

/**
 * The hero of the landing page's night and of an event's page: poster/video background, title, Polish
 * date and place line, its state (under way, over, cancelled, moved), tickets and calendar while the
 * night sells (the loader nulls the ticket link otherwise), the gallery once it is over. It stops just short of the viewport's bottom, so the marquee strip peeks in, and so the
 * poster is not a full-viewport image, which browsers ignore as a background for LCP.
 */
export function EventHero({
  event,
  when,
  calendar,
  phase,
  statusLabel,
  ticketsHere = false,
}: {
  event: FeaturedEvent;
  when: EventWhen;
  /** Null for a night that no longer sells (over or cancelled): nothing to add then. */
  calendar: { icsUrl: string; googleUrl: string } | null;
  phase: EventPhase;
  /** "Wydarzenie odwołane" / "Nowy termin", or null. */
  statusLabel: string | null;
  /** The night sells here: "KUP BILET" goes to the page's tickets section instead of a seller. */
  ticketsHere?: boolean;
}) {
  const cancelled = event.status === "cancelled";
  return (
    <MediaHero
      as="section"
      labelledBy="hero-title"
      className="relative isolate flex min-h-[calc(100svh-3.25rem)] items-end overflow-hidden pt-24 md:min-h-[calc(100svh-3.75rem)]"
      testId="event-hero"
      poster={event.heroPoster}
      video={event.heroVideo}
      shades={[
        "bg-gradient-to-t from-background via-background/55 to-background/20",
        "bg-gradient-to-r from-background/70 via-transparent to-transparent",
      ]}
      contentClassName="container-page relative z-10 pb-14 md:pb-20"
    >
      {statusLabel || phase !== "upcoming" ? (
        <p
          className={cn(
            "mb-4 inline-flex rounded-sm px-3 py-1.5 font-mono text-xs font-bold uppercase tracking-[0.2em] md:text-sm",
            cancelled ? "bg-hot text-background" : "bg-accent text-accent-foreground",
          )}
          data-testid="hero-status"
        >
          {cancelled
            ? statusLabel
            : phase === "ended"
              ? "Ta noc już się odbyła"
              : [statusLabel, phase === "live" ? "Trwa teraz" : null].filter(Boolean).join(" · ")}
        </p>
      ) : null}
      <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 font-mono text-xs font-bold uppercase tracking-[0.3em] text-accent md:text-sm">
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
        {ticketsHere ? (
          <a href="#bilety" className={heroActionClass("default")} data-testid="hero-ticket">
            <Ticket aria-hidden="true" className="size-5" />
            KUP BILET
          </a>
        ) : event.ticketUrl ? (
          <NewTabLink href={event.ticketUrl} className={heroActionClass("default")} data-testid="hero-ticket">
            <Ticket aria-hidden="true" className="size-5" />
            KUP BILET
          </NewTabLink>
        ) : null}
        <a href="#agenda" className={heroActionClass("outline", "bg-background/50 px-4 sm:px-8 sm:text-lg")}>
          TIMETABLE
          <ArrowDown aria-hidden="true" className="size-5" />
        </a>
        {phase === "ended" && event.gallerySlug ? (
          <HeroGalleryLink
            slug={event.gallerySlug}
            className={heroActionClass("default")}
            testId="hero-gallery"
          >
            ZOBACZ GALERIĘ
          </HeroGalleryLink>
        ) : null}
        {calendar ? (
          <AddToCalendar
            icsUrl={calendar.icsUrl}
            googleUrl={calendar.googleUrl}
            fileName={`${event.slug}.ics`}
            className="col-span-2"
          />
        ) : null}
      </div>
    </MediaHero>
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

/**
 * The landing hero when no night is coming (decision 022): says so, links the last night's gallery
 * and the residents, and offers nothing to buy.
 */
export function NoNightHero({
  brand,
  lastNight,
}: {
  brand: string;
  lastNight: { title: string; shortDate: string; gallerySlug: string | null } | null;
}) {
  return (
    <section
      aria-labelledby="hero-title"
      className="container-page flex min-h-[80svh] flex-col justify-end pt-24 pb-20"
      data-testid="no-night-hero"
    >
      <h1
        id="hero-title"
        className="font-display text-[clamp(4rem,18vw,12rem)] font-black leading-[0.85] tracking-tighter"
      >
        {brand}
      </h1>
      <p className="mt-6 text-2xl font-bold text-muted">
        Nowa data wkrótce. Obserwuj nas, żeby nic nie przegapić.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        {lastNight?.gallerySlug ? (
          <HeroGalleryLink slug={lastNight.gallerySlug} className={heroActionClass("default", "px-6")}>
            Galeria: {lastNight.title} ({lastNight.shortDate})
          </HeroGalleryLink>
        ) : null}
        <Link to="/rezydenci" className={heroActionClass("outline", "px-6")}>
          REZYDENCI
          <ArrowUpRight aria-hidden="true" className="size-5" />
        </Link>
      </div>
    </section>
  );
}

/** "Kolejne noce": the nights after the hero's, each with its date, place, page and tickets. */
export function UpcomingNights({
  nights,
  title = "Kolejne noce",
}: {
  nights: UpcomingNight[];
  title?: string;
}) {
  if (nights.length === 0) return null;
  return (
    <section
      id="kolejne-noce"
      aria-labelledby="upcoming-title"
      className="container-page scroll-mt-20 py-16 md:py-24"
    >
      <h2 id="upcoming-title" className="mb-8 font-display text-4xl font-black tracking-tight md:text-6xl">
        {title}
      </h2>
      <ul className="grid gap-3" data-testid="upcoming-nights">
        {nights.map((night) => (
          <li
            key={night.slug}
            className="flex flex-wrap items-center justify-between gap-4 rounded-md border border-border bg-surface px-5 py-4"
            data-testid="upcoming-night"
          >
            <div>
              <p className="font-mono text-xs font-bold uppercase tracking-widest text-accent">
                {night.when.weekday} · {night.when.shortDate} · {night.when.startTime}
                {night.statusLabel ? <span className="ml-2 text-hot">· {night.statusLabel}</span> : null}
              </p>
              <Link
                to={eventPagePath(night.slug)}
                className="font-display text-2xl font-black hover:text-accent"
              >
                {night.title}
              </Link>
              <p className="text-sm text-muted">
                {night.venue}, {night.city}
              </p>
            </div>
            {night.ticketUrl && night.ticketsHere ? (
              <Link
                to={night.ticketUrl}
                className={cn(buttonVariants({ variant: "outline" }), "font-display font-black")}
              >
                <Ticket aria-hidden="true" className="size-4" />
                Bilety
              </Link>
            ) : night.ticketUrl ? (
              <NewTabLink
                href={night.ticketUrl}
                className={cn(buttonVariants({ variant: "outline" }), "font-display font-black")}
              >
                <Ticket aria-hidden="true" className="size-4" />
                Bilety
              </NewTabLink>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
