// /wydarzenia/{slug}: one published night's own page (issue #17) — the landing page's sections for
// that night: hero (tickets and calendar while it sells), timetable, FAQ, photos, the place; the
// coming nights below. A past night stays here with nothing to buy; a cancelled one says so.
import { data, isRouteErrorResponse } from "react-router";
import { env } from "~/lib/env.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { AboutSection } from "~/modules/content/components/about-section";
import { ContentError, ContentNotFound } from "~/modules/content/components/content-not-found";
import { UpcomingNights } from "~/modules/content/components/event-hero";
import { EventNightTop } from "~/modules/content/components/event-night";
import { FaqSection } from "~/modules/content/components/faq-section";
import { PhotoGrid } from "~/modules/content/components/photo-grid";
import { SectionHeading } from "~/modules/content/components/section-heading";
import { useNavigationSkeleton } from "~/modules/content/components/skeletons";
import { eventPageMeta } from "~/modules/content/event-meta";
import { eventPagePath } from "~/modules/content/event-paths";
import { getEventPage } from "~/modules/content/landing.server";
import { eventJsonLd } from "~/modules/content/structured-data";
import { useRootData } from "~/root";
import type { Route } from "./+types/event";

export async function loader({ params }: Route.LoaderArgs) {
  const { site } = env();
  const page = await getEventPage(site, params.slug);
  if (!page) throw data(null, { status: 404 });
  return { ...page, jsonLd: eventJsonLd(page, site) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) {
    return [{ title: `Wydarzenie nie znalezione | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  return pageMeta({
    site,
    ...eventPageMeta(loaderData, "event-page"),
    path: eventPagePath(loaderData.event.slug),
    jsonLd: [loaderData.jsonLd],
  });
};

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const pending = useNavigationSkeleton();
  const { site } = useRootData();
  if (pending) return pending;
  const { event, upcoming, mapsUrl } = loaderData;
  return (
    <>
      <EventNightTop night={loaderData} brand={site.name} />
      <UpcomingNights nights={upcoming} title="Pozostałe noce" />
      {event.photos.length > 0 ? (
        <section aria-labelledby="photos-title" className="container-page py-24 md:py-32">
          <SectionHeading id="photos-title" eyebrow="Z parkietu" title="Zdjęcia" />
          <PhotoGrid
            photos={event.photos.slice(0, 9).map((image) => ({ image }))}
            title={`Zdjęcia ${event.title}`}
            variant="landing"
          />
        </section>
      ) : null}
      <FaqSection items={event.faq} email={site.email} />
      <AboutSection site={site} event={event} mapsUrl={mapsUrl} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ContentNotFound
        title="Wydarzenie nie znalezione"
        text="Nie ma wydarzenia pod tym adresem."
        linkTo="/"
        linkLabel="Wróć na stronę główną"
      />
    );
  }
  return <ContentError />;
}
