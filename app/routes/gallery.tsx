import { Images } from "lucide-react";
import { redirect } from "react-router";
import { env } from "~/lib/env.server";
import { imageUrlFor } from "~/lib/images";
import { logger } from "~/lib/logger.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { PageHero } from "~/modules/content/components/page-hero";
import { PhotoGrid } from "~/modules/content/components/photo-grid";
import { useNavigationSkeleton } from "~/modules/content/components/skeletons";
import { type GalleryPage, getPublishedGallery } from "~/modules/content/galleries.server";
import { breadcrumbJsonLd } from "~/modules/content/structured-data";
import { photoCount, truncateText } from "~/modules/content/text";
import type { Route } from "./+types/gallery";

export async function loader({ params }: Route.LoaderArgs) {
  let gallery: GalleryPage | null = null;
  try {
    gallery = await getPublishedGallery(params.slug);
  } catch (error) {
    logger.error({ err: error, slug: params.slug }, "gallery load failed");
  }
  // SPEC: only published galleries; unknown, unpublished or failing → the landing page.
  if (!gallery) throw redirect("/");
  const { site } = env();
  const breadcrumbs = [
    { label: "Strona główna", to: "/" },
    { label: "Archiwum", to: "/#archiwum" },
    { label: gallery.title, to: `/gallery/${gallery.slug}` },
  ];
  return { gallery, breadcrumbs, jsonLd: breadcrumbJsonLd(breadcrumbs, site) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return [{ title: site.name }];
  const { gallery } = loaderData;
  const facts = [gallery.date, gallery.location].filter(Boolean).join(", ");
  return pageMeta({
    site,
    title: `${gallery.title} — galeria`,
    description: truncateText(
      [gallery.description, facts ? `${facts}.` : "", `${photoCount(gallery.photos.length)}.`]
        .filter(Boolean)
        .join(" "),
    ),
    path: `/gallery/${gallery.slug}`,
    type: "article",
    image: imageUrlFor(gallery.heroImage, 1200),
    imageAlt: gallery.title,
    jsonLd: [loaderData.jsonLd],
  });
};

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const pending = useNavigationSkeleton();
  if (pending) return pending;
  const { gallery, breadcrumbs } = loaderData;
  return (
    <>
      <PageHero
        image={gallery.heroImage}
        breadcrumbs={breadcrumbs}
        title={gallery.title}
        eyebrow={
          <>
            {gallery.date ? <span data-testid="gallery-date">{gallery.date}</span> : null}
            {gallery.date && gallery.location ? <span aria-hidden="true">/</span> : null}
            {gallery.location ? <span data-testid="gallery-location">{gallery.location}</span> : null}
            <span aria-hidden="true">/</span>
            <span className="inline-flex items-center gap-2" data-testid="photo-count">
              <Images aria-hidden="true" className="size-4" />
              {photoCount(gallery.photos.length)}
            </span>
          </>
        }
      >
        {gallery.description ? (
          <p className="mt-5 max-w-2xl text-lg text-muted md:text-xl" data-testid="gallery-description">
            {gallery.description}
          </p>
        ) : null}
      </PageHero>

      <div className="container-page py-12 md:py-16">
        <h2 className="sr-only">Zdjęcia</h2>
        {gallery.photos.length === 0 ? (
          <p className="text-lg text-muted">Zdjęcia pojawią się wkrótce.</p>
        ) : (
          <PhotoGrid
            photos={gallery.photos.map((photo) => ({ image: photo.image, caption: photo.caption }))}
            title={`Galeria: ${gallery.title}`}
            variant="gallery"
            collectionPath={`/gallery/${gallery.slug}`}
          />
        )}
      </div>
    </>
  );
}
