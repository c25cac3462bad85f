import { ArrowUpRight } from "lucide-react";
import { data, Link } from "react-router";
import { env } from "~/lib/env.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { carouselTargetCss } from "~/modules/content/carousel-anchors";
import { AboutSection } from "~/modules/content/components/about-section";
import { Aftermovie } from "~/modules/content/components/aftermovie";
import { ArchiveCarousel } from "~/modules/content/components/archive-carousel";
import { NoNightHero, UpcomingNights } from "~/modules/content/components/event-hero";
import { EventNightTop } from "~/modules/content/components/event-night";
import { FaqSection } from "~/modules/content/components/faq-section";
import { PhotoGrid } from "~/modules/content/components/photo-grid";
import { SectionHeading } from "~/modules/content/components/section-heading";
import { eventPageMeta } from "~/modules/content/event-meta";
import { eventPagePath } from "~/modules/content/event-paths";
import { getEventPage, getLandingPage } from "~/modules/content/landing.server";
import { NIGHT_GRID_PHOTOS } from "~/modules/content/photo-paths";
import { eventJsonLd } from "~/modules/content/structured-data";
import { youtubeEmbedUrl } from "~/modules/content/video";
import { useRootData } from "~/root";
import type { Route } from "./+types/home";

/**
 * The landing page ("/") and each night's own page ("/wydarzenia/{slug}", route id "event-page"): one
 * module, so both are the same sections and the landing's script budget pays for no second chunk. The
 * night's page leaves out the landing-only parts (archive, aftermovie).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { site } = env();
  const slug = (params as { slug?: string }).slug;
  if (slug !== undefined) {
    const found = await getEventPage(site, slug);
    if (!found) throw data(null, { status: 404 });
    const { upcoming, changesAt, ...night } = found;
    return {
      night,
      upcoming,
      lastNight: null,
      galleries: [],
      archive: [],
      changesAt,
      aftermovieEmbed: null,
      carouselCss: null,
      path: eventPagePath(slug),
      // Title and description built here, so their code stays out of the page's scripts.
      seo: eventPageMeta(night, "event-page"),
      jsonLd: eventJsonLd(night, site),
    };
  }
  const page = await getLandingPage(site);
  const night = page.night;
  return {
    ...page,
    aftermovieEmbed: night?.event.aftermovieUrl ? youtubeEmbedUrl(night.event.aftermovieUrl) : null,
    path: "/",
    seo: night
      ? eventPageMeta(night, "landing")
      : {
          title: site.name,
          description: `Club nights i rave ${site.cityLocative}. Nowa data wkrótce. Rezydenci, galerie i merch ${site.name}.`,
        },
    // Built here so the structured-data code stays on the server.
    jsonLd: night ? eventJsonLd(night, site) : null,
    carouselCss: carouselTargetCss(page.galleries.length),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) {
    return [{ title: `Wydarzenie nie znalezione | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  return pageMeta({
    site,
    ...loaderData.seo,
    path: loaderData.path,
    jsonLd: loaderData.jsonLd ? [loaderData.jsonLd] : [],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const { night, upcoming, lastNight, galleries, archive, aftermovieEmbed, carouselCss } = loaderData;
  const event = night?.event ?? null;

  return (
    <>
      {night ? (
        <EventNightTop night={night} brand={site.name} />
      ) : (
        <NoNightHero brand={site.name} lastNight={lastNight} />
      )}
      <UpcomingNights nights={upcoming} />

      {galleries.length > 0 || archive.length > 0 ? (
        <section
          id="archiwum"
          aria-labelledby="archive-title"
          className="container-page scroll-mt-20 py-24 md:py-32"
        >
          <SectionHeading id="archive-title" eyebrow="Tak było" title="Archiwum" />
          {galleries.length > 0 ? <ArchiveCarousel slides={galleries} targetCss={carouselCss} /> : null}
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
                          {item.date} · {item.venue ? `${item.venue}, ${item.city}` : item.city}
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
            photos={event.photos.slice(0, NIGHT_GRID_PHOTOS).map((image) => ({ image }))}
            title={`Zdjęcia ${event.title}`}
            variant="landing"
            collectionPath={eventPagePath(event.slug)}
          />
        </section>
      ) : null}

      {event ? <FaqSection items={event.faq} email={site.email} /> : null}
      <AboutSection site={site} event={event} mapsUrl={night?.mapsUrl ?? null} />
    </>
  );
}
