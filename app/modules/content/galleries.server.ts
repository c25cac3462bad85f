import { and, asc, eq } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { demoImage } from "../../../db/demo-images";
import { galleries, galleryImages, type ImageRef } from "../../../db/schema";

/** SPEC: a gallery without a hero image shows the default archive image. */
export const DEFAULT_ARCHIVE_IMAGE: ImageRef = demoImage("archive-default", "");

export type GallerySlide = {
  id: string;
  slug: string;
  title: string;
  date: string | null;
  location: string | null;
  heroImage: ImageRef;
};

/** The landing carousel: published and featured galleries, by `order_index`. */
export async function listFeaturedGalleries(executor: Executor = db()): Promise<GallerySlide[]> {
  const rows = await executor
    .select({
      id: galleries.id,
      slug: galleries.slug,
      title: galleries.title,
      date: galleries.date,
      location: galleries.location,
      heroImage: galleries.heroImage,
    })
    .from(galleries)
    .where(and(eq(galleries.published, true), eq(galleries.featured, true)))
    .orderBy(asc(galleries.orderIndex), asc(galleries.title));
  return rows.map((row) => ({ ...row, heroImage: row.heroImage ?? DEFAULT_ARCHIVE_IMAGE }));
}

export type GalleryPhoto = { id: string; image: ImageRef; caption: string | null };

export type GalleryPage = GallerySlide & {
  description: string | null;
  /** True when the hero is the default archive image (no own hero set). */
  heroIsDefault: boolean;
  photos: GalleryPhoto[];
  updatedAt: string;
};

/** A published gallery with its photos by `order_index`; null when unknown or unpublished. */
export async function getPublishedGallery(
  slug: string,
  executor: Executor = db(),
): Promise<GalleryPage | null> {
  const [gallery] = await executor
    .select()
    .from(galleries)
    .where(and(eq(galleries.slug, slug), eq(galleries.published, true)))
    .limit(1);
  if (!gallery) return null;
  const photos = await executor
    .select({ id: galleryImages.id, image: galleryImages.image, caption: galleryImages.caption })
    .from(galleryImages)
    .where(eq(galleryImages.galleryId, gallery.id))
    .orderBy(asc(galleryImages.orderIndex), asc(galleryImages.createdAt));
  return {
    id: gallery.id,
    slug: gallery.slug,
    title: gallery.title,
    description: gallery.description,
    date: gallery.date,
    location: gallery.location,
    heroImage: gallery.heroImage ?? DEFAULT_ARCHIVE_IMAGE,
    heroIsDefault: !gallery.heroImage,
    photos,
    updatedAt: gallery.updatedAt.toISOString(),
  };
}

/** Published galleries, for the sitemap. */
export async function listPublishedGalleries(executor: Executor = db()) {
  return executor
    .select({ slug: galleries.slug, updatedAt: galleries.updatedAt })
    .from(galleries)
    .where(eq(galleries.published, true))
    .orderBy(asc(galleries.orderIndex));
}
