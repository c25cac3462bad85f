// /archive/{slug}: SPEC's two built-in archive entries, and every past published night of the database
// (issue #17) with its date, venue, city and its gallery's photos and link while the gallery is published.
import { ArrowLeft, ArrowUpRight, Images, MapPin } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { now } from "~/lib/clock.server";
import { env } from "~/lib/env.server";
import { imageUrlFor } from "~/lib/images";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { getArchivePage } from "~/modules/content/archive.server";
import { ContentError, ContentNotFound } from "~/modules/content/components/content-not-found";
import { PageHero } from "~/modules/content/components/page-hero";
import { PhotoGrid } from "~/modules/content/components/photo-grid";
import { useNavigationSkeleton } from "~/modules/content/components/skeletons";
import { breadcrumbJsonLd } from "~/modules/content/structured-data";
import { photoCount } from "~/modules/content/text";
import type { Route } from "./+types/archive";

export async function loader({ params }: Route.LoaderArgs) {
  const { site } = env();
  const event = await getArchivePage(site, params.slug, now());
  if (!event) throw data(null, { status: 404 });
  const breadcrumbs = [
    { label: "Strona główna", to: "/" },
    { label: "Archiwum", to: "/#archiwum" },
    { label: event.title, to: `/archive/${event.slug}` },
  ];
  return { event, breadcrumbs, jsonLd: breadcrumbJsonLd(breadcrumbs, site) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) {
    return [{ title: `Wydarzenie nie znalezione | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  const { event } = loaderData;
  return pageMeta({
    site,
    title: `${event.title} — archiwum`,
    description:
      event.kind === "built-in"
        ? event.description
        : `${event.title}: ${event.date}, ${event.venue}, ${event.city}. Zdjęcia i galeria z tej nocy.`,
    path: `/archive/${event.slug}`,
    type: "article",
    image: imageUrlFor(event.heroImage, 1200),
    imageAlt: event.heroImage.alt,
    jsonLd: [loaderData.jsonLd],
  });
};

export default function ArchiveEventPage({ loaderData }: Route.ComponentProps) {
  const pending = useNavigationSkeleton();
  if (pending) return pending;
  const { event, breadcrumbs } = loaderData;
  return (
    <>
      <PageHero
        image={event.heroImage}
        breadcrumbs={breadcrumbs}
        title={event.title}
        eyebrow={
          <>
            <span data-testid="archive-date">{event.date}</span>
            <span aria-hidden="true">/</span>
            <span data-testid="archive-place">
              {event.kind === "night" ? `${event.venue}, ${event.city}` : event.city}
            </span>
            <span aria-hidden="true">/</span>
            <span className="inline-flex items-center gap-2" data-testid="photo-count">
              <Images aria-hidden="true" className="size-4" />
              {photoCount(event.images.length)}
            </span>
          </>
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
      </PageHero>

      <div className="container-page py-12 md:py-16">
        <Link
          to="/#agenda"
          className="mb-8 inline-flex items-center gap-2 text-sm font-bold uppercase tracking-wide text-muted hover:text-accent"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Wróć do timetable
        </Link>
        <h2 className="sr-only">Zdjęcia</h2>
        {event.images.length > 0 ? (
          <PhotoGrid
            photos={event.images.map((image) => ({ image }))}
            title={`Zdjęcia: ${event.title}`}
            variant="archive"
            collectionPath={`/archive/${event.slug}`}
          />
        ) : (
          <p className="inline-flex items-center gap-2 text-muted" data-testid="archive-no-photos">
            <MapPin aria-hidden="true" className="size-4" />
            Zdjęcia z tej nocy wkrótce.
          </p>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ContentNotFound
        title="Wydarzenie nie znalezione"
        text="W archiwum nie ma wydarzenia pod tym adresem."
        linkTo="/#archiwum"
        linkLabel="Wróć do archiwum"
      />
    );
  }
  return <ContentError />;
}
