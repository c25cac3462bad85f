import { ArrowLeft, Images } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { env } from "~/lib/env.server";
import { imageUrlFor } from "~/lib/images";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { getArchiveEvent } from "~/modules/content/archive.server";
import { ContentError, ContentNotFound } from "~/modules/content/components/content-not-found";
import { PageHero } from "~/modules/content/components/page-hero";
import { PhotoGrid } from "~/modules/content/components/photo-grid";
import { useNavigationSkeleton } from "~/modules/content/components/skeletons";
import { breadcrumbJsonLd } from "~/modules/content/structured-data";
import { photoCount } from "~/modules/content/text";
import type { Route } from "./+types/archive";

export function loader({ params }: Route.LoaderArgs) {
  const { site } = env();
  const event = getArchiveEvent(site, params.slug);
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
    description: event.description,
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
            <span>{event.date}</span>
            <span aria-hidden="true">/</span>
            <span>{event.city}</span>
            <span aria-hidden="true">/</span>
            <span className="inline-flex items-center gap-2" data-testid="photo-count">
              <Images aria-hidden="true" className="size-4" />
              {photoCount(event.images.length)}
            </span>
          </>
        }
      >
        <p className="mt-5 max-w-2xl text-lg text-muted md:text-xl">{event.description}</p>
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
        <PhotoGrid
          photos={event.images.map((image) => ({ image }))}
          title={`Zdjęcia: ${event.title}`}
          variant="archive"
        />
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
