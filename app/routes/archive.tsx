// /archive/{slug}: SPEC's two built-in archive entries, and every past published night of the database
// (issue #17) with its date, venue, city and its gallery's photos and link while the gallery is published.
import { ArrowUpRight, MapPin } from "lucide-react";
import { data, Link } from "react-router";
import { BackLink } from "~/components/back-link";
import { now } from "~/lib/clock.server";
import { env } from "~/lib/env.server";
import { siteFromMatches } from "~/lib/seo";
import { getArchivePage } from "~/modules/content/archive.server";
import { ContentRouteError, notFoundViews } from "~/modules/content/components/content-not-found";
import {
  collectionPageHead,
  PhotoCollectionPage,
  photoCollectionMeta,
} from "~/modules/content/components/photo-collection-page";
import type { Route } from "./+types/archive";

export async function loader({ params }: Route.LoaderArgs) {
  const { site } = env();
  const event = await getArchivePage(site, params.slug, now());
  if (!event) throw data(null, { status: 404 });
  return { event, head: collectionPageHead(site, event, `/archive/${event.slug}`) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) {
    return [{ title: `Wydarzenie nie znalezione | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  const { event } = loaderData;
  return photoCollectionMeta(site, loaderData.head, {
    title: `${event.title} — archiwum`,
    description:
      event.kind === "built-in"
        ? event.description
        : `${event.title}: ${event.date}, ${event.venue}, ${event.city}. Zdjęcia i galeria z tej nocy.`,
  });
};

export default function ArchiveEventPage({ loaderData }: Route.ComponentProps) {
  const { event, head } = loaderData;
  return (
    <PhotoCollectionPage
      head={head}
      facts={
        <>
          <span data-testid="archive-date">{event.date}</span>
          <span aria-hidden="true">/</span>
          <span data-testid="archive-place">
            {event.kind === "night" ? `${event.venue}, ${event.city}` : event.city}
          </span>
        </>
      }
      backLink={<BackLink to="/#agenda">Wróć do timetable</BackLink>}
      grid={{
        photos: event.images.map((image) => ({ image })),
        title: `Zdjęcia: ${event.title}`,
        variant: "archive",
        collectionPath: head.path,
      }}
      empty={
        <p className="inline-flex items-center gap-2 text-muted" data-testid="archive-no-photos">
          <MapPin aria-hidden="true" className="size-4" />
          Zdjęcia z tej nocy wkrótce.
        </p>
      }
    >
      {event.description ? (
        <p className="mt-5 max-w-2xl text-lg text-muted md:text-xl">{event.description}</p>
      ) : null}
      {event.kind === "night" && event.gallery ? (
        <Link
          to={`/gallery/${event.gallery.slug}`}
          className="mt-6 inline-flex items-center gap-2 rounded-sm border-2 border-foreground/80 px-5 py-3 font-bold uppercase tracking-wide transition-colors hover:border-accent hover:text-accent"
          data-testid="archive-gallery-link"
        >
          Galeria: {event.gallery.title}
          <ArrowUpRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </PhotoCollectionPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentRouteError error={error} notFound={notFoundViews.archive} />;
}
