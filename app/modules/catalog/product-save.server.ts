/**
 * Saving the panel's product form: the product's fields, its images (kept ones or fresh uploads that
 * really are in storage) and its variants. Callers check the admin role first.
 */
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { db, type Executor } from "~/lib/db.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { DomainError } from "~/lib/domain-error";
import type { ImageRef } from "~/lib/images";
import { storage } from "~/lib/storage.server";
import { MEDIA_PREFIX } from "~/modules/media/images.server";
import { discardUnreferencedImages } from "~/modules/media/stored-images.server";
import * as s from "../../../db/schema";
import { lockProduct, PRODUCT_IN_CHECKOUT_MESSAGE } from "./product-commands.server";
import { type ProductFormValue, type ProductImageInput, productMessages } from "./product-form.schema";
import { recordPrices } from "./sale-prices.server";

// ---------------------------------------------------------------------------------------------
// Stored image files
// ---------------------------------------------------------------------------------------------

/** The storage key of one stored width of an uploaded image. */
function storageKey(image: Pick<ImageRef, "src">, width: number, format: string) {
  return `${image.src.slice(MEDIA_PREFIX.length)}-${width}.${format}`;
}

/** Does storage hold this uploaded image (so a form cannot point a product at files that don't exist)? */
export async function isStoredUpload(image: ProductImageInput) {
  if (!image.src.startsWith(`${MEDIA_PREFIX}products/`)) return false;
  const file = await storage().get(storageKey(image, image.widths[0], image.formats[0]));
  return file !== null;
}

/**
 * The images a save may set: ones the product already has (their stored description wins over the
 * browser's) and fresh uploads that really are in storage. Anything else is refused.
 */
async function resolveImages(
  submitted: ProductImageInput[],
  current: readonly ImageRef[],
  productName: string,
): Promise<ImageRef[]> {
  const known = new Map(current.map((image) => [image.src, image]));
  const resolved: ImageRef[] = [];
  const seen = new Set<string>();
  for (const image of submitted) {
    if (seen.has(image.src)) continue;
    seen.add(image.src);
    const existing = known.get(image.src);
    if (existing) {
      resolved.push({ ...existing, alt: existing.alt || productName });
      continue;
    }
    if (!(await isStoredUpload(image))) throw new DomainError(productMessages.imagesInvalid, 400, "images");
    resolved.push({
      src: image.src,
      width: image.width,
      height: image.height,
      widths: image.widths,
      formats: image.formats,
      alt: productName,
      ...(image.color ? { color: image.color } : {}),
    });
  }
  return resolved;
}

// ---------------------------------------------------------------------------------------------
// Saving the product form
// ---------------------------------------------------------------------------------------------

/**
 * Stock is written only when the person changed the number they were shown: sales (and stock held by
 * checkouts) while the form was open are not overwritten by a save that did not touch the stock.
 */
function stockChange(row: { stockQuantity: number; stockQuantityOriginal?: number }) {
  return row.stockQuantityOriginal === row.stockQuantity ? {} : { stockQuantity: row.stockQuantity };
}

function productValues(value: ProductFormValue, images: ImageRef[], defaultBrand: string) {
  return {
    ...stockChange(value),
    name: value.name,
    slug: value.slug,
    description: value.description,
    metaDescription: value.metaDescription || null,
    price: value.price,
    category: value.category,
    brand: value.brand || defaultBrand,
    featured: value.featured,
    isActive: value.isActive,
    releaseAt: value.releaseAt,
    maxPerCustomer: value.maxPerCustomer,
    images,
  };
}

function rethrowSaveError(error: unknown): never {
  if (error instanceof DomainError) throw error;
  if (isUniqueViolation(error, "products_slug")) {
    throw new DomainError(productMessages.slugTaken, 400, "slug");
  }
  if (isUniqueViolation(error, "product_variants_product_size_color")) {
    throw new DomainError(productMessages.variantDuplicate, 400, "variants");
  }
  throw error;
}

async function assertSlugFree(tx: Executor, slug: string, exceptId?: string) {
  const [other] = await tx.select({ id: s.products.id }).from(s.products).where(eq(s.products.slug, slug));
  if (other && other.id !== exceptId) throw new DomainError(productMessages.slugTaken, 400, "slug");
}

/** Creates a product with its variants; returns its id. */
export async function createProduct(
  value: ProductFormValue,
  options: { defaultBrand: string },
  executor: Executor = db(),
): Promise<string> {
  const images = await resolveImages(value.images, [], value.name);
  try {
    return await executor.transaction(async (tx) => {
      await assertSlugFree(tx, value.slug);
      const [product] = await tx
        .insert(s.products)
        .values({ ...productValues(value, images, options.defaultBrand), stockQuantity: value.stockQuantity })
        .returning({ id: s.products.id });
      if (value.variants.length) {
        await tx.insert(s.productVariants).values(
          value.variants.map((variant, index) => ({
            productId: product.id,
            size: variant.size,
            color: variant.color || null,
            additionalPrice: variant.additionalPrice,
            stockQuantity: variant.stockQuantity,
            sortOrder: index,
            releaseAt: variant.releaseAt,
          })),
        );
      }
      await recordPrices(tx, product.id, now());
      return product.id;
    });
  } catch (error) {
    rethrowSaveError(error);
  }
}

/**
 * Saves the edit form: the product's fields, its images (files of removed ones are deleted after the
 * commit when nothing else shows them) and its variants (kept ones updated, new ones added, the rest
 * deleted — unless someone is paying for one right now).
 */
export async function updateProduct(
  productId: string,
  value: ProductFormValue,
  options: { defaultBrand: string },
  executor: Executor = db(),
) {
  let removedImages: ImageRef[] = [];
  try {
    await executor.transaction(async (tx) => {
      const current = await lockProduct(tx, productId);
      const images = await resolveImages(value.images, current.images, value.name);
      const keptSources = new Set(images.map((image) => image.src));
      removedImages = current.images.filter((image) => !keptSources.has(image.src));
      await assertSlugFree(tx, value.slug, productId);

      await tx
        .update(s.products)
        .set({ ...productValues(value, images, options.defaultBrand), updatedAt: sql`now()` })
        .where(eq(s.products.id, productId));

      const existing = await tx
        .select({ id: s.productVariants.id, size: s.productVariants.size })
        .from(s.productVariants)
        .where(eq(s.productVariants.productId, productId));
      const existingIds = new Set(existing.map((variant) => variant.id));
      const kept = value.variants.filter((variant) => variant.id && existingIds.has(variant.id));
      const keptIds = kept.map((variant) => variant.id!);

      const removed = existing.filter((variant) => !keptIds.includes(variant.id));
      if (removed.length) {
        const [busy] = await tx
          .select({ size: s.productVariants.size })
          .from(s.stockReservations)
          .innerJoin(s.productVariants, eq(s.productVariants.id, s.stockReservations.variantId))
          .where(
            and(
              eq(s.stockReservations.status, "active"),
              inArray(
                s.stockReservations.variantId,
                removed.map((variant) => variant.id),
              ),
            ),
          )
          .limit(1);
        if (busy) {
          throw new DomainError(
            `Nie można usunąć wariantu ${busy.size}: ${PRODUCT_IN_CHECKOUT_MESSAGE}`,
            409,
            "variants",
          );
        }
        await tx
          .delete(s.productVariants)
          .where(
            and(
              eq(s.productVariants.productId, productId),
              keptIds.length ? notInArray(s.productVariants.id, keptIds) : undefined,
            ),
          );
      }

      // Two steps, so sizes can be swapped between kept variants without tripping the unique key.
      for (const variant of kept) {
        await tx
          .update(s.productVariants)
          .set({ size: `~${variant.id}` })
          .where(eq(s.productVariants.id, variant.id!));
      }
      for (const [index, variant] of value.variants.entries()) {
        const values = {
          size: variant.size,
          color: variant.color || null,
          additionalPrice: variant.additionalPrice,
          sortOrder: index,
          releaseAt: variant.releaseAt,
        };
        if (variant.id && existingIds.has(variant.id)) {
          await tx
            .update(s.productVariants)
            .set({ ...values, ...stockChange(variant) })
            .where(eq(s.productVariants.id, variant.id));
        } else {
          await tx
            .insert(s.productVariants)
            .values({ ...values, stockQuantity: variant.stockQuantity, productId });
        }
      }
      // A changed price starts a new entry of the price history (the 30-day rule reads it).
      await recordPrices(tx, productId, now());
    });
  } catch (error) {
    rethrowSaveError(error);
  }
  await discardUnreferencedImages(removedImages);
}
