/**
 * Products in the admin panel: the filtered list, the quick actions (active, stock, sold out, delete)
 * and saving the product form with its images and variants. Callers check the admin role first.
 *
 * Stock rules (ARCHITECTURE): a product with variants sells from its variants' stock, so the list shows
 * their sum (`effectiveStockSql`, stock.ts) and edits it inline only where the stock is the product's own. Stock never goes negative
 * (CHECK constraints); nothing that someone is paying for right now (an active stock reservation) is
 * deleted from under them.
 */
import { and, asc, desc, eq, gt, ilike, inArray, lte, notInArray, sql } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { db, type Executor } from "~/lib/db.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { DomainError } from "~/lib/domain-error";
import { type IntentHandler, intent } from "~/lib/form-action.server";
import type { ImageRef } from "~/lib/images";
import { storage } from "~/lib/storage.server";
import { MEDIA_PREFIX } from "~/modules/media/images.server";
import { discardUnreferencedImages } from "~/modules/media/stored-images.server";
import * as s from "../../../db/schema";
import type { ProductFilters } from "./product-filters";
import { type ProductFormValue, type ProductImageInput, productMessages } from "./product-form.schema";
import {
  type ProductListIntent,
  productListFailure,
  productListMessages,
  productListSchemas,
} from "./product-list.schema";
import { recordPrices } from "./sale-prices.server";
import { effectiveStockSql, PANEL_LOW_STOCK_AT_MOST } from "./stock";

export type AdminProductRow = {
  id: string;
  slug: string;
  name: string;
  category: s.Category;
  price: number;
  isActive: boolean;
  featured: boolean;
  image: ImageRef | null;
  /** Units on sale: the variants' sum for variant products, the product's own otherwise. */
  stock: number;
  variantCount: number;
};

/** `%` and `_` typed into the search box are literal characters, not wildcards. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function variantCounts(executor: Executor) {
  return executor
    .select({ productId: s.productVariants.productId, count: sql<number>`count(*)::int`.as("count") })
    .from(s.productVariants)
    .groupBy(s.productVariants.productId)
    .as("variant_counts");
}

/** Every product matching the filters, newest first (SPEC §7: all products, newest first). */
export async function listAdminProducts(
  filters: ProductFilters,
  executor: Executor = db(),
): Promise<AdminProductRow[]> {
  const counts = variantCounts(executor);
  const stock = effectiveStockSql(s.products, s.productVariants);
  const conditions = [
    filters.q ? ilike(s.products.name, likePattern(filters.q)) : undefined,
    filters.category ? eq(s.products.category, filters.category) : undefined,
    filters.status ? eq(s.products.isActive, filters.status === "active") : undefined,
    filters.stock === "sold_out" ? lte(stock, 0) : undefined,
    filters.stock === "low_stock" ? and(gt(stock, 0), lte(stock, PANEL_LOW_STOCK_AT_MOST)) : undefined,
    filters.stock === "in_stock" ? gt(stock, PANEL_LOW_STOCK_AT_MOST) : undefined,
  ].filter(Boolean);
  const rows = await executor
    .select({
      id: s.products.id,
      slug: s.products.slug,
      name: s.products.name,
      category: s.products.category,
      price: s.products.price,
      isActive: s.products.isActive,
      featured: s.products.featured,
      image: sql<ImageRef | null>`${s.products.images}->0`,
      stock,
      variantCount: sql<number>`coalesce(${counts.count}, 0)::int`,
    })
    .from(s.products)
    .leftJoin(counts, eq(counts.productId, s.products.id))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(s.products.createdAt), asc(s.products.name));
  return rows;
}

export type AdminProductDetail = typeof s.products.$inferSelect & {
  variants: (typeof s.productVariants.$inferSelect)[];
};

/** One product with its variants (in display order) for the edit form, or null. */
export async function getAdminProduct(
  productId: string,
  executor: Executor = db(),
): Promise<AdminProductDetail | null> {
  const [product] = await executor.select().from(s.products).where(eq(s.products.id, productId));
  if (!product) return null;
  const variants = await executor
    .select()
    .from(s.productVariants)
    .where(eq(s.productVariants.productId, productId))
    .orderBy(asc(s.productVariants.sortOrder), asc(s.productVariants.size));
  return { ...product, variants };
}

// ---------------------------------------------------------------------------------------------
// Quick actions of the list
// ---------------------------------------------------------------------------------------------

async function lockProduct(tx: Executor, productId: string) {
  const [product] = await tx
    .select({ id: s.products.id, images: s.products.images })
    .from(s.products)
    .where(eq(s.products.id, productId))
    .for("update");
  if (!product) throw new DomainError(productListMessages.notFound, 404);
  return product;
}

export async function setProductActive(productId: string, isActive: boolean, executor: Executor = db()) {
  const [row] = await executor
    .update(s.products)
    .set({ isActive, updatedAt: sql`now()` })
    .where(eq(s.products.id, productId))
    .returning({ id: s.products.id });
  if (!row) throw new DomainError(productListMessages.notFound, 404);
}

/** Sets a product's own stock; refused for a product whose stock is its variants'. */
export async function setProductStock(productId: string, stockQuantity: number, executor: Executor = db()) {
  await executor.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [variant] = await tx
      .select({ id: s.productVariants.id })
      .from(s.productVariants)
      .where(eq(s.productVariants.productId, productId))
      .limit(1);
    if (variant) throw new DomainError(productListMessages.stockOfVariants, 409, "stockQuantity");
    await tx
      .update(s.products)
      .set({ stockQuantity, updatedAt: sql`now()` })
      .where(eq(s.products.id, productId));
  });
}

/** Sold Out: the product's own stock and every variant's go to 0. */
export async function markProductSoldOut(productId: string, executor: Executor = db()) {
  await executor.transaction(async (tx) => {
    await lockProduct(tx, productId);
    await tx
      .update(s.products)
      .set({ stockQuantity: 0, updatedAt: sql`now()` })
      .where(eq(s.products.id, productId));
    await tx
      .update(s.productVariants)
      .set({ stockQuantity: 0 })
      .where(eq(s.productVariants.productId, productId));
  });
}

async function activeReservationCount(tx: Executor, condition: ReturnType<typeof eq>) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(s.stockReservations)
    .where(and(eq(s.stockReservations.status, "active"), condition));
  return row?.n ?? 0;
}

export const PRODUCT_IN_CHECKOUT_MESSAGE =
  "Ktoś właśnie płaci za ten produkt. Spróbuj ponownie za kilka minut.";

/** Deletes a product (its variants and reviews go with it; past orders keep their own snapshot). */
export async function deleteProduct(productId: string, executor: Executor = db()) {
  const images = await executor.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (await activeReservationCount(tx, eq(s.stockReservations.productId, productId))) {
      throw new DomainError(PRODUCT_IN_CHECKOUT_MESSAGE, 409);
    }
    await tx.delete(s.products).where(eq(s.products.id, productId));
    return product.images;
  });
  await discardUnreferencedImages(images);
}

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

// ---------------------------------------------------------------------------------------------
// The list's quick actions (POST /admin/products), for `handleFormAction`
// ---------------------------------------------------------------------------------------------

export const productListIntents = {
  "set-active": intent({
    schema: productListSchemas["set-active"],
    failure: productListFailure["set-active"],
    run: async ({ productId, isActive }) => {
      await setProductActive(productId, isActive);
      return {
        message: isActive ? productListMessages.activated : productListMessages.deactivated,
        productId,
      };
    },
  }),
  "set-stock": intent({
    schema: productListSchemas["set-stock"],
    failure: productListFailure["set-stock"],
    run: async ({ productId, stockQuantity }) => {
      await setProductStock(productId, stockQuantity);
      return { message: productListMessages.stockUpdated, productId };
    },
  }),
  "sold-out": intent({
    schema: productListSchemas["sold-out"],
    failure: productListFailure["sold-out"],
    run: async ({ productId }) => {
      await markProductSoldOut(productId);
      return { message: productListMessages.soldOut, productId };
    },
  }),
  delete: intent({
    schema: productListSchemas.delete,
    failure: productListFailure.delete,
    run: async ({ productId }) => {
      await deleteProduct(productId);
      return { message: productListMessages.deleted, productId };
    },
  }),
} satisfies Record<ProductListIntent, IntentHandler>;
