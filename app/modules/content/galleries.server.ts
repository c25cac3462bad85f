/**
 * Galleries: the public reads (the landing carousel, /gallery/{slug}, the sitemap) and the panel's
 * tab (its list, create/edit/delete, the published and featured switches, the photo manager) over
 * the same tables, so every change shows at once. Stored files go after the change that dropped them
 * committed, unless something else still shows them (modules/media's one rule).
 */
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { DomainError } from "~/lib/domain-error";
import { lockedRowOr404 } from "~/lib/locked-row.server";
import { pickColumns } from "~/lib/table-columns";
import { saveWithImage } from "~/modules/media/form-image.server";
import { discardImageIfUnreferenced, discardUnreferencedImages } from "~/modules/media/stored-images.server";
import { demoImage } from "../../../db/demo-images";
import { galleries, galleryImages, type ImageRef } from "../../../db/schema";
import { type GalleryFormValue, galleryMessages, swapNeighbour } from "./galleries.schema";

/** SPEC: a gallery without a hero image shows the default archive image. */
export const DEFAULT_ARCHIVE_IMAGE: ImageRef = demoImage("archive-default", "");

/** A gallery as the panel's table and the landing carousel read it. */
export type GalleryListRow = {
  id: string;
  title: string;
  slug: string;
  description: string | null;
  date: string | null;
  location: string | null;
  heroImage: ImageRef | null;
  published: boolean;
  featured: boolean;
  orderIndex: number;
  photoCount: number;
};

/**
 * Galleries by `order_index` (then title) with their photo counts: every gallery for the panel
 * (SPEC §7 admin read), or only the published and featured ones for the landing carousel.
 */
export async function listGalleries(
  { featuredOnly = false } = {},
  executor: Executor = db(),
): Promise<GalleryListRow[]> {
  const photoCounts = executor
    .select({ galleryId: galleryImages.galleryId, photos: count().as("photos") })
    .from(galleryImages)
    .groupBy(galleryImages.galleryId)
    .as("photo_counts");
  return executor
    .select({
      id: galleries.id,
      title: galleries.title,
      slug: galleries.slug,
      description: galleries.description,
      date: galleries.date,
      location: galleries.location,
      heroImage: galleries.heroImage,
      published: galleries.published,
      featured: galleries.featured,
      orderIndex: galleries.orderIndex,
      photoCount: sql<number>`coalesce(${photoCounts.photos}, 0)`.mapWith(Number),
    })
    .from(galleries)
    .leftJoin(photoCounts, eq(photoCounts.galleryId, galleries.id))
    .where(featuredOnly ? and(eq(galleries.published, true), eq(galleries.featured, true)) : undefined)
    .orderBy(asc(galleries.orderIndex), asc(galleries.title));
}

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
  const rows = await listGalleries({ featuredOnly: true }, executor);
  return rows.map(({ id, slug, title, date, location, heroImage }) => ({
    id,
    slug,
    title,
    date,
    location,
    heroImage: heroImage ?? DEFAULT_ARCHIVE_IMAGE,
  }));
}

export type GalleryPhoto = { id: string; image: ImageRef; caption: string | null; orderIndex: number };

/** A gallery's photos in their shown order (SPEC §7): the public page and the photo manager. */
function listPhotos(galleryId: string, executor: Executor): Promise<GalleryPhoto[]> {
  return executor
    .select(pickColumns(galleryImages, "id", "image", "caption", "orderIndex"))
    .from(galleryImages)
    .where(eq(galleryImages.galleryId, galleryId))
    .orderBy(asc(galleryImages.orderIndex), asc(galleryImages.createdAt));
}

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
  return {
    id: gallery.id,
    slug: gallery.slug,
    title: gallery.title,
    description: gallery.description,
    date: gallery.date,
    location: gallery.location,
    heroImage: gallery.heroImage ?? DEFAULT_ARCHIVE_IMAGE,
    heroIsDefault: !gallery.heroImage,
    photos: await listPhotos(gallery.id, executor),
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

// ---------------------------------------------------------------------------------------------
// The panel's writes
// ---------------------------------------------------------------------------------------------

async function assertSlugFree(slug: string, exceptId: string | null, executor: Executor) {
  const [taken] = await executor
    .select({ id: galleries.id })
    .from(galleries)
    .where(exceptId ? and(eq(galleries.slug, slug), ne(galleries.id, exceptId)) : eq(galleries.slug, slug))
    .limit(1);
  if (taken) throw new DomainError(galleryMessages.slugTaken, 400, "slug");
}

type GalleryInput = Omit<GalleryFormValue, "intent" | "id" | "heroImage" | "removeHeroImage">;

function galleryValues(value: GalleryInput) {
  return {
    title: value.title,
    slug: value.slug,
    description: value.description ?? null,
    date: value.date ?? null,
    location: value.location ?? null,
    published: value.published,
    featured: value.featured,
  };
}

/**
 * Refuses a taken slug before anything is stored (the unique index still decides a race): the form
 * shows SPEC-style Polish on the slug field, never a 500.
 */
export async function checkGallerySlug(slug: string, exceptId: string | null, executor: Executor = db()) {
  await assertSlugFree(slug, exceptId, executor);
}

/** A new gallery; its order is the current number of galleries (SPEC §9). */
export async function createGallery(
  value: GalleryInput,
  heroImage: ImageRef | null,
  executor: Executor = db(),
): Promise<string> {
  try {
    return await saveWithImage(heroImage, executor, () =>
      executor.transaction(async (tx) => {
        await assertSlugFree(value.slug, null, tx);
        const [{ total }] = await tx.select({ total: count() }).from(galleries);
        const [row] = await tx
          .insert(galleries)
          .values({ ...galleryValues(value), heroImage, orderIndex: total })
          .returning({ id: galleries.id });
        return { result: row.id, replaced: null };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(galleryMessages.slugTaken, 400, "slug");
    throw error;
  }
}

/**
 * Saves the dialog over gallery `id`. `hero` is "keep" (unchanged), null (removed) or a fresh upload;
 * the replaced image's files go once the save committed.
 */
export async function updateGallery(
  id: string,
  value: GalleryInput,
  hero: ImageRef | null | "keep",
  executor: Executor = db(),
) {
  try {
    await saveWithImage(hero, executor, () =>
      executor.transaction(async (tx) => {
        const current = await lockedRowOr404(
          tx.select({ heroImage: galleries.heroImage }).from(galleries).where(eq(galleries.id, id)),
          galleryMessages.notFound,
        );
        await assertSlugFree(value.slug, id, tx);
        await tx
          .update(galleries)
          .set({
            ...galleryValues(value),
            ...(hero === "keep" ? {} : { heroImage: hero }),
            updatedAt: new Date(),
          })
          .where(eq(galleries.id, id));
        return { result: id, replaced: current.heroImage };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(galleryMessages.slugTaken, 400, "slug");
    throw error;
  }
}

/** Deletes a gallery with its photos (cascade), then their stored files and the hero's. */
export async function deleteGallery(id: string, executor: Executor = db()) {
  const removed = await executor.transaction(async (tx) => {
    const photos = await tx
      .select({ image: galleryImages.image })
      .from(galleryImages)
      .where(eq(galleryImages.galleryId, id));
    const [gallery] = await tx
      .delete(galleries)
      .where(eq(galleries.id, id))
      .returning({ heroImage: galleries.heroImage });
    if (!gallery) throw new DomainError(galleryMessages.notFound, 404);
    return [gallery.heroImage, ...photos.map((photo) => photo.image)];
  });
  await discardUnreferencedImages(removed, executor);
}

async function setFlag(id: string, flag: "published" | "featured", value: boolean, executor: Executor) {
  const rows = await executor
    .update(galleries)
    .set({ [flag]: value, updatedAt: new Date() })
    .where(eq(galleries.id, id))
    .returning({ id: galleries.id });
  if (rows.length === 0) throw new DomainError(galleryMessages.notFound, 404);
}

export const setGalleryPublished = (id: string, value: boolean, executor: Executor = db()) =>
  setFlag(id, "published", value, executor);

export const setGalleryFeatured = (id: string, value: boolean, executor: Executor = db()) =>
  setFlag(id, "featured", value, executor);

// ---------------------------------------------------------------------------------------------
// The photo manager
// ---------------------------------------------------------------------------------------------

export type GalleryPhotos = {
  gallery: { id: string; title: string; slug: string; published: boolean };
  photos: GalleryPhoto[];
};

/** A gallery's photos for the photo manager; DomainError 404 for an unknown gallery. */
export async function listGalleryPhotos(
  galleryId: string,
  executor: Executor = db(),
): Promise<GalleryPhotos> {
  const [gallery] = await executor
    .select({
      id: galleries.id,
      title: galleries.title,
      slug: galleries.slug,
      published: galleries.published,
    })
    .from(galleries)
    .where(eq(galleries.id, galleryId));
  if (!gallery) throw new DomainError(galleryMessages.notFound, 404);
  return { gallery, photos: await listPhotos(galleryId, executor) };
}

/**
 * Appends an uploaded photo after the gallery's last one (SPEC §7: existing count + position + 1;
 * the highest number + 1 here, so a deletion never makes two photos share a number). The stored
 * files are removed again when the gallery is gone.
 */
export async function addGalleryPhoto(galleryId: string, image: ImageRef, executor: Executor = db()) {
  try {
    return await executor.transaction(async (tx) => {
      // Locks the gallery row: concurrent uploads to one gallery number their photos one by one.
      await lockedRowOr404(
        tx.select({ id: galleries.id }).from(galleries).where(eq(galleries.id, galleryId)),
        galleryMessages.notFound,
      );
      const [last] = await tx
        .select({ orderIndex: galleryImages.orderIndex })
        .from(galleryImages)
        .where(eq(galleryImages.galleryId, galleryId))
        .orderBy(desc(galleryImages.orderIndex))
        .limit(1);
      const [row] = await tx
        .insert(galleryImages)
        .values({ galleryId, image, orderIndex: (last?.orderIndex ?? 0) + 1 })
        .returning({ id: galleryImages.id, orderIndex: galleryImages.orderIndex });
      await tx.update(galleries).set({ updatedAt: new Date() }).where(eq(galleries.id, galleryId));
      return row;
    });
  } catch (error) {
    await discardImageIfUnreferenced(image, executor);
    throw error;
  }
}

/**
 * Swaps a photo with its neighbour (SPEC §7). The gallery's photos are numbered 1…n in their shown
 * order first, so equal or gappy numbers from older data cannot make a swap a no-op.
 */
export async function moveGalleryPhoto(photoId: string, direction: "up" | "down", executor: Executor = db()) {
  await executor.transaction(async (tx) => {
    const [photo] = await tx
      .select({ galleryId: galleryImages.galleryId })
      .from(galleryImages)
      .where(eq(galleryImages.id, photoId));
    if (!photo) throw new DomainError(galleryMessages.photoNotFound, 404);
    await tx
      .select({ id: galleries.id })
      .from(galleries)
      .where(eq(galleries.id, photo.galleryId))
      .for("update");
    const photos = await tx
      .select({ id: galleryImages.id, orderIndex: galleryImages.orderIndex })
      .from(galleryImages)
      .where(eq(galleryImages.galleryId, photo.galleryId))
      .orderBy(asc(galleryImages.orderIndex), asc(galleryImages.createdAt));
    const index = photos.findIndex((candidate) => candidate.id === photoId);
    const next = swapNeighbour(photos, index, direction);
    if (!next) return; // already first/last: nothing to swap
    for (const [position, candidate] of next.entries()) {
      if (candidate.orderIndex === position + 1) continue;
      await tx
        .update(galleryImages)
        .set({ orderIndex: position + 1 })
        .where(eq(galleryImages.id, candidate.id));
    }
    await tx.update(galleries).set({ updatedAt: new Date() }).where(eq(galleries.id, photo.galleryId));
  });
}

/** Deletes a photo and then its stored files (SPEC §7). */
export async function deleteGalleryPhoto(photoId: string, executor: Executor = db()) {
  const [removed] = await executor
    .delete(galleryImages)
    .where(eq(galleryImages.id, photoId))
    .returning({ image: galleryImages.image, galleryId: galleryImages.galleryId });
  if (!removed) throw new DomainError(galleryMessages.photoNotFound, 404);
  await executor.update(galleries).set({ updatedAt: new Date() }).where(eq(galleries.id, removed.galleryId));
  await discardImageIfUnreferenced(removed.image, executor);
}
