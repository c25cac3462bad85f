/** Catalogue reads for the shop (SPEC §7 "Reads"): only active products reach the public pages. */
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { formatDateTime } from "~/lib/dates";
import type { Executor } from "~/lib/db.server";
import type { ImageRef } from "~/lib/images";
import * as s from "../../../db/schema";
import { isReleased, nextRelease } from "./release";
import { nextSaleChangeAt, type SaleBadge, saleKey, salePricesFor } from "./sale-prices.server";
import { effectiveStock } from "./stock";

/** What a product card shows. */
export type ProductCard = {
  id: string;
  slug: string;
  name: string;
  category: s.Category;
  /** Base price in grosze (variants may add to it). */
  price: number;
  image: ImageRef | null;
  featured: boolean;
  createdAt: string;
  /** Units on sale: the sum of the variants' stock for variant products, the product's own otherwise. */
  stock: number;
  /** A drop: the release instant (ISO) and how it reads ("4 grudnia 2026, 18:00"); null = on sale. */
  releaseAt: string | null;
  releaseLabel: string | null;
  /** While a sale covers the whole product: its sale price, struck regular price and 30-day lowest. */
  sale: SaleBadge | null;
};

export type ProductVariant = {
  id: string;
  size: string;
  color: string | null;
  additionalPrice: number;
  stockQuantity: number;
  /** A size released after its product: when (ISO) and how it reads; null = with the product. */
  releaseAt: string | null;
  releaseLabel: string | null;
  /** While a sale covers this size (the whole product or the size alone). */
  sale: SaleBadge | null;
};

export type ProductDetail = Omit<ProductCard, "image"> & {
  description: string;
  metaDescription: string | null;
  specification: { label: string; value: string }[];
  brand: string;
  images: ImageRef[];
  variants: ProductVariant[];
  updatedAt: string;
};

type ProductRow = typeof s.products.$inferSelect;
type VariantRow = typeof s.productVariants.$inferSelect;

async function variantsOf(executor: Executor, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, VariantRow[]>();
  const rows = await executor
    .select()
    .from(s.productVariants)
    .where(inArray(s.productVariants.productId, productIds))
    .orderBy(asc(s.productVariants.sortOrder), asc(s.productVariants.size));
  const byProduct = new Map<string, VariantRow[]>();
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

type Badges = Map<string, SaleBadge>;

/** The sale badges of these products and their sizes now (none outside a sale). */
async function badgesOf(executor: Executor, products: ProductRow[], variants: Map<string, VariantRow[]>) {
  return salePricesFor(
    executor,
    products.flatMap((product) => [
      { productId: product.id, variantId: null, regular: product.price },
      ...(variants.get(product.id) ?? []).map((variant) => ({
        productId: product.id,
        variantId: variant.id,
        regular: product.price + variant.additionalPrice,
      })),
    ]),
    now(),
  );
}

function toCard(product: ProductRow, variants: VariantRow[], badges: Badges): ProductCard {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    category: product.category,
    price: product.price,
    image: product.images[0] ?? null,
    featured: product.featured,
    createdAt: product.createdAt.toISOString(),
    stock: effectiveStock(product, variants),
    ...release(product.releaseAt),
    sale: badges.get(saleKey(product.id, null)) ?? null,
  };
}

/** Dates are worded on the server, so no time-zone formatter loads in the browser. */
function release(releaseAt: Date | null) {
  return releaseAt
    ? { releaseAt: releaseAt.toISOString(), releaseLabel: formatDateTime(releaseAt) }
    : { releaseAt: null, releaseLabel: null };
}

function toVariant(variant: VariantRow, badges: Badges): ProductVariant {
  return {
    id: variant.id,
    size: variant.size,
    color: variant.color,
    additionalPrice: variant.additionalPrice,
    stockQuantity: variant.stockQuantity,
    ...release(variant.releaseAt),
    sale: badges.get(saleKey(variant.productId, variant.id)) ?? null,
  };
}

/**
 * The first release still to come among these products and their sizes: pages that show them go stale
 * then (app/lib/page-expiry.server.ts), so 'Wkrótce' turns into 'Dodaj do koszyka' on every instance.
 */
export function nextReleaseOf(
  products: readonly (Pick<ProductCard, "releaseAt"> & {
    variants?: readonly Pick<ProductVariant, "releaseAt">[];
  })[],
) {
  return nextRelease(
    products.flatMap((product) => [
      product.releaseAt,
      ...(product.variants ?? []).map((variant) => variant.releaseAt),
    ]),
    now(),
  );
}

/**
 * When pages showing these products go stale: the first release still to come, or the next instant a
 * sale starts or ends, whichever is sooner (decision 022), so prices flip on every instance.
 */
export async function nextPriceOrReleaseChange(
  executor: Executor,
  products: Parameters<typeof nextReleaseOf>[0],
): Promise<Date | null> {
  const instants = [nextReleaseOf(products), await nextSaleChangeAt(executor, now())].filter(
    (instant): instant is Date => instant !== null,
  );
  return instants.length ? new Date(Math.min(...instants.map((instant) => instant.getTime()))) : null;
}

async function cards(executor: Executor, products: ProductRow[]) {
  const variants = await variantsOf(
    executor,
    products.map((product) => product.id),
  );
  const badges = await badgesOf(executor, products, variants);
  return products.map((product) => toCard(product, variants.get(product.id) ?? [], badges));
}

/** Every active product, newest first. */
export async function listActiveProducts(executor: Executor): Promise<ProductCard[]> {
  const products = await executor
    .select()
    .from(s.products)
    .where(eq(s.products.isActive, true))
    .orderBy(desc(s.products.createdAt), asc(s.products.name));
  return cards(executor, products);
}

/** An active product with its variants (in display order), or null when unknown or inactive. */
export async function getActiveProductBySlug(
  executor: Executor,
  slug: string,
): Promise<ProductDetail | null> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 100) return null;
  const [product] = await executor
    .select()
    .from(s.products)
    .where(and(eq(s.products.slug, slug), eq(s.products.isActive, true)))
    .limit(1);
  if (!product) return null;
  const byProduct = await variantsOf(executor, [product.id]);
  const variants = byProduct.get(product.id) ?? [];
  const badges = await badgesOf(executor, [product], byProduct);
  return {
    ...toCard(product, variants, badges),
    description: product.description,
    metaDescription: product.metaDescription,
    specification: product.specification,
    brand: product.brand,
    images: product.images,
    updatedAt: product.updatedAt.toISOString(),
    variants: variants.map((variant) => toVariant(variant, badges)),
  };
}

/** Active products of a category other than `excludeId`, newest first. */
async function sameCategory(
  executor: Executor,
  product: { id: string; category: s.Category },
  limit: number,
) {
  return executor
    .select()
    .from(s.products)
    .where(
      and(
        eq(s.products.isActive, true),
        eq(s.products.category, product.category),
        ne(s.products.id, product.id),
      ),
    )
    .orderBy(desc(s.products.featured), desc(s.products.createdAt))
    .limit(limit);
}

export type BundleItem = ProductCard & { variants: ProductVariant[] };

/**
 * A product page's neighbours, from one read of its category (decision 036): "Related products", up to
 * 4 others of the same category; "Frequently bought together", up to 2 of the first 12 that are in stock,
 * with their variants so the customer can pick a size.
 */
export async function getProductNeighbours(
  executor: Executor,
  product: { id: string; category: s.Category },
): Promise<{ related: ProductCard[]; bundle: BundleItem[] }> {
  const candidates = await sameCategory(executor, product, 12);
  const variants = await variantsOf(
    executor,
    candidates.map((candidate) => candidate.id),
  );
  const badges = await badgesOf(executor, candidates, variants);
  const related = candidates
    .slice(0, 4)
    .map((candidate) => toCard(candidate, variants.get(candidate.id) ?? [], badges));
  const bundle = candidates
    .map((candidate) => {
      const own = variants.get(candidate.id) ?? [];
      return {
        ...toCard(candidate, own, badges),
        variants: own.map((variant) => toVariant(variant, badges)),
      };
    })
    // The bundle adds to the cart at once: a drop not released yet is not offered with it.
    .filter((item) => item.stock > 0 && isReleased(item.releaseAt, now()))
    .slice(0, 2);
  return { related, bundle };
}
