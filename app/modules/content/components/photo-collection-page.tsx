/**
 * The page of a collection of a night's photos: an archive entry (`/archive/{slug}`) or a gallery
 * (`/gallery/{slug}`). Both sit under the landing page's archive, lead with a hero (title, facts, the
 * photo count) and show their photos in a grid, or a note while there are none.
 */
import { Images } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import type { BreadcrumbItem } from "~/components/breadcrumbs";
import { type ImageRef, imageUrlFor } from "~/lib/images";
import { pageMeta } from "~/lib/seo";
import type { SiteConfig } from "~/lib/site";
import { breadcrumbJsonLd } from "../structured-data";
import { photoCount } from "../text";
import { PageHero } from "./page-hero";
import { PhotoGrid } from "./photo-grid";

/** What the collection's page and its `meta` share: title, path, hero, breadcrumbs and their JSON-LD. */
export type CollectionPageHead = ReturnType<typeof collectionPageHead>;

/** Built by the collection page's loader: the breadcrumbs run home › archive › the collection. */
export function collectionPageHead(
  site: Pick<SiteConfig, "url">,
  collection: { title: string; heroImage: ImageRef },
  path: string,
) {
  const breadcrumbs: BreadcrumbItem[] = [
    { label: "Strona główna", to: "/" },
    { label: "Archiwum", to: "/#archiwum" },
    { label: collection.title, to: path },
  ];
  return {
    title: collection.title,
    path,
    heroImage: collection.heroImage,
    breadcrumbs,
    jsonLd: breadcrumbJsonLd(breadcrumbs, site),
  };
}

/**
 * The collection page's `meta`: an article, its hero as the social image (described by `imageAlt`,
 * else by the hero's own text), its breadcrumbs as JSON-LD.
 */
export function photoCollectionMeta(
  site: SiteConfig,
  head: CollectionPageHead,
  seo: { title: string; description: string; imageAlt?: string },
) {
  return pageMeta({
    site,
    title: seo.title,
    description: seo.description,
    path: head.path,
    type: "article",
    image: imageUrlFor(head.heroImage, 1200),
    imageAlt: seo.imageAlt ?? head.heroImage.alt,
    jsonLd: [head.jsonLd],
  });
}

export function PhotoCollectionPage({
  head,
  facts,
  children,
  backLink,
  grid,
  empty,
}: {
  head: CollectionPageHead;
  /** The hero's facts before the photo count (date, place). */
  facts: ReactNode;
  /** Under the title: the description, links. */
  children?: ReactNode;
  /** Above the photos. */
  backLink?: ReactNode;
  grid: ComponentProps<typeof PhotoGrid>;
  /** Shown instead of the grid while there are no photos. */
  empty: ReactNode;
}) {
  return (
    <>
      <PageHero
        image={head.heroImage}
        breadcrumbs={head.breadcrumbs}
        title={head.title}
        eyebrow={
          <>
            {facts}
            <span aria-hidden="true">/</span>
            <span className="inline-flex items-center gap-2" data-testid="photo-count">
              <Images aria-hidden="true" className="size-4" />
              {photoCount(grid.photos.length)}
            </span>
          </>
        }
      >
        {children}
      </PageHero>

      <div className="container-page py-12 md:py-16">
        {backLink}
        <h2 className="sr-only">Zdjęcia</h2>
        {grid.photos.length > 0 ? <PhotoGrid {...grid} /> : empty}
      </div>
    </>
  );
}
