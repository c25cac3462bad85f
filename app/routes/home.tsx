import { ArrowUpRight } from "lucide-react";
import { Link } from "react-router";
import { env } from "~/lib/env.server";
import { imageUrlFor } from "~/lib/images";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { AboutSection } from "~/modules/content/components/about-section";
import { Aftermovie } from "~/modules/content/components/aftermovie";
import { ArchiveCarousel } from "~/modules/content/components/archive-carousel";
import { EventHero, EventMarquee } from "~/modules/content/components/event-hero";
import { FaqSection } from "~/modules/content/components/faq-section";
import { Manifesto } from "~/modules/content/components/manifesto";
import { PhotoGrid } from "~/modules/content/components/photo-grid";
import { SectionHeading } from "~/modules/content/components/section-heading";
import { useNavigationSkeleton } from "~/modules/content/components/skeletons";
import { TimetableSection } from "~/modules/content/components/timetable-section";
import { getLandingPage } from "~/modules/content/landing.server";
import { musicEventJsonLd } from "~/modules/content/structured-data";
import { truncateText } from "~/modules/content/text";
import { youtubeEmbedUrl } from "~/modules/content/video";
import { useRootData } from "~/root";
import type { Route } from "./+types/home";

export async function loader() {
  const { site } = env();
  const page = await getLandingPage(site);
  const { event } = page;
  const performers = page.timetable.flatMap((stage) =>
    stage.entries
      .filter((entry) => entry.startTime !== null || entry.artistSlug)
      .map((entry) => ({ name: entry.name, slug: entry.artistSlug })),
  );
  return {
    ...page,
    aftermovieEmbed: event?.aftermovieUrl ? youtubeEmbedUrl(event.aftermovieUrl) : null,
    // Built here so the structured-data code stays on the server.
    jsonLd: event
      ? musicEventJsonLd(
          {
            title: event.title,
            description: event.manifesto,
            startsAt: event.startsAt,
            endsAt: event.endsAt,
            venue: event.venue,
            city: event.city,
            address: event.address,
            ticketUrl: event.ticketUrl,
            ticketPrice: event.ticketPrice,
            images: event.heroPoster ? [event.heroPoster] : [],
            performers,
          },
          site,
        )
      : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  const event = loaderData?.event;
  const when = loaderData?.when;
  if (!event || !when) {
    return pageMeta({
      site,
      title: site.name,
      description: `Club nights i rave ${site.cityLocative}. Timetable, rezydenci, galerie i merch ${site.name}.`,
      path: "/",
    });
  }
  return pageMeta({
    site,
    title: `${when.shortDate} ${event.venue}, ${event.city} — bilety i timetable`,
    description: truncateText(
      `${event.title}: ${when.longDate}, ${when.startTime}–${when.endTime}, ${event.venue} (${event.city}). Kup bilet, sprawdź timetable main i bouncy stage, FAQ i galerie z poprzednich edycji.`,
    ),
    path: "/",
    image: event.heroPoster ? imageUrlFor(event.heroPoster, 1200) : undefined,
    imageAlt: event.heroPoster?.alt,
    jsonLd: loaderData.jsonLd ? [loaderData.jsonLd] : [],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const pending = useNavigationSkeleton();
  const { site } = useRootData();
  if (pending) return pending;
  const { event, when, timetable, galleries, archive, calendar, aftermovieEmbed, mapsUrl } = loaderData;

  return (
    <>
      {event && when ? (
        <>
          <EventHero event={event} when={when} calendar={calendar} />
          <EventMarquee words={[event.title, when.shortDate, event.city, ...timetable.map((s) => s.label)]} />
          {event.manifesto ? <Manifesto text={event.manifesto} brand={site.name} /> : null}
          <TimetableSection event={event} when={when} stages={timetable} />
        </>
      ) : (
        <section className="container-page flex min-h-[80svh] flex-col justify-end pt-24 pb-20">
          <h1 className="font-display text-[clamp(4rem,18vw,12rem)] font-black leading-[0.85] tracking-tighter">
            {site.name}
          </h1>
          <p className="mt-6 text-2xl font-bold text-muted">
            Nowa data wkrótce. Obserwuj nas, żeby nic nie przegapić.
          </p>
        </section>
      )}

      {galleries.length > 0 || archive.length > 0 ? (
        <section
          id="archiwum"
          aria-labelledby="archive-title"
          className="container-page scroll-mt-20 py-24 md:py-32"
        >
          <SectionHeading id="archive-title" eyebrow="Tak było" title="Archiwum" />
          {galleries.length > 0 ? <ArchiveCarousel slides={galleries} /> : null}
          {archive.length > 0 ? (
            <div className="mt-12">
              <h3 className="font-mono text-xs font-bold uppercase tracking-[0.3em] text-muted">
                Więcej z archiwum
              </h3>
              <ul className="mt-4 grid gap-3 md:grid-cols-2">
                {archive.map((item) => (
                  <li key={item.slug}>
                    <Link
                      to={`/archive/${item.slug}`}
                      prefetch="intent"
                      className="group flex items-center justify-between gap-4 rounded-md border border-border bg-surface px-5 py-4 transition-colors hover:border-accent"
                    >
                      <span>
                        <span className="block font-display text-xl font-black group-hover:text-accent">
                          {item.title}
                        </span>
                        <span className="font-mono text-xs uppercase tracking-widest text-muted">
                          {item.date} · {item.city}
                        </span>
                      </span>
                      <ArrowUpRight
                        aria-hidden="true"
                        className="size-5 shrink-0 text-muted transition-transform group-hover:-translate-y-0.5 group-hover:translate-x-0.5 group-hover:text-accent"
                      />
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}

      {event && aftermovieEmbed ? (
        <section aria-labelledby="aftermovie-title" className="container-page py-24 md:py-32">
          <SectionHeading id="aftermovie-title" eyebrow="Zobacz, jak to wygląda" title="Aftermovie" />
          <Aftermovie
            embedUrl={aftermovieEmbed}
            poster={event.aftermoviePoster}
            title={`Aftermovie ${event.title}`}
          />
        </section>
      ) : null}

      {event && event.photos.length > 0 ? (
        <section aria-labelledby="photos-title" className="container-page py-24 md:py-32">
          <SectionHeading id="photos-title" eyebrow="Z parkietu" title="Zdjęcia" />
          <PhotoGrid
            photos={event.photos.slice(0, 9).map((image) => ({ image }))}
            title={`Zdjęcia ${event.title}`}
            variant="landing"
          />
        </section>
      ) : null}

      {event ? <FaqSection items={event.faq} email={site.email} /> : null}
      <AboutSection site={site} event={event} mapsUrl={mapsUrl} />
    </>
  );
}
