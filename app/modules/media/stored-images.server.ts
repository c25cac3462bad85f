/**
 * The one rule for deleting an uploaded image: its stored files go only when no row anywhere still
 * shows it. An image is referenced by its `src`, and the same `src` may sit in several kinds of rows
 * (a product photo reused as a gallery hero, an order's snapshot of what was bought), so every image
 * column of db/schema.ts is checked, whichever kind dropped it. Demo images (outside /media/) are
 * never deleted.
 */
import { sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import type { ImageRef } from "~/lib/images";
import { logger } from "~/lib/logger.server";
import * as s from "../../../db/schema";
import { deleteStoredImage, MEDIA_PREFIX } from "./images.server";

/** What deleting needs to know of an image: where its files are and which widths/formats exist. */
export type StoredImage = Pick<ImageRef, "src" | "widths" | "formats">;

/**
 * Does any row show this image? Products, order snapshots, open checkouts, artists, ambassadors,
 * events (posters and photos), galleries' heroes and photos — every image column of the schema.
 */
export async function isImageReferenced(src: string, executor: Executor = db()) {
  const inList = JSON.stringify([{ src }]);
  const inLine = JSON.stringify([{ image: { src } }]);
  const result = await executor.execute(sql`select (
    exists (select 1 from ${s.products} where ${s.products.images} @> ${inList}::jsonb)
    or exists (select 1 from ${s.orderItems} where ${s.orderItems.productImage} ->> 'src' = ${src})
    or exists (select 1 from ${s.checkouts}
               where ${s.checkouts.status} = 'open' and ${s.checkouts.lines} @> ${inLine}::jsonb)
    or exists (select 1 from ${s.artists}
               where ${s.artists.profileImage} ->> 'src' = ${src}
                  or ${s.artists.backgroundImage} ->> 'src' = ${src})
    or exists (select 1 from ${s.ambassadors} where ${s.ambassadors.profileImage} ->> 'src' = ${src})
    or exists (select 1 from ${s.events}
               where ${s.events.heroPoster} ->> 'src' = ${src}
                  or ${s.events.aftermoviePoster} ->> 'src' = ${src}
                  or ${s.events.photos} @> ${inList}::jsonb)
    or exists (select 1 from ${s.galleries} where ${s.galleries.heroImage} ->> 'src' = ${src})
    or exists (select 1 from ${s.galleryImages} where ${s.galleryImages.image} ->> 'src' = ${src})
  ) as referenced`);
  // Both drivers (pg, PGlite) answer `execute` with `{ rows }`; the shared type leaves it unknown.
  return Boolean((result as { rows: { referenced: boolean }[] }).rows[0]?.referenced);
}

/**
 * Deletes an uploaded image's stored files unless some row still shows it. Call it after the change
 * that dropped the image has committed. Failures are logged, never thrown: that change is already
 * saved, and a leftover file harms nobody. Returns whether the files were deleted.
 */
export async function discardImageIfUnreferenced(
  image: StoredImage | null | undefined,
  executor: Executor = db(),
): Promise<boolean> {
  if (!image?.src.startsWith(MEDIA_PREFIX)) return false;
  try {
    if (await isImageReferenced(image.src, executor)) return false;
    await deleteStoredImage(image);
    return true;
  } catch (error) {
    logger.error({ err: error, src: image.src }, "could not delete a stored image's files");
    return false;
  }
}

/** `discardImageIfUnreferenced` for each image (one at a time: each checks the committed rows). */
export async function discardUnreferencedImages(
  images: readonly (StoredImage | null | undefined)[],
  executor: Executor = db(),
) {
  for (const image of images) await discardImageIfUnreferenced(image, executor);
}
