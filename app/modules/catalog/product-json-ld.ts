/** schema.org Product with an Offer for a product page (pure; emitted through `pageMeta({ jsonLd })`). */
import { imageUrlFor } from "~/lib/images";
import { toDecimalString } from "~/lib/money";
import type { SiteConfig } from "~/lib/site";
import { warsawParts } from "~/lib/warsaw-time";
import { categoryLabels, shortSku } from "./catalog";
import type { ProductDetail } from "./catalog.server";
import { priceNow } from "./price-labels";
import type { SaleBadge } from "./sale-price";

type PricePoint = { regular: number; sale: SaleBadge | null };

/**
 * The last day (YYYY-MM-DD, Warsaw) the lowest price holds, for `priceValidUntil`: null when a price
 * without an end gives it (a regular price, or a sale with no end set). A sale ends at its instant,
 * exclusive (one ending at midnight is valid until the day before).
 */
function lowestPriceValidUntil(points: readonly PricePoint[], low: number): string | null {
  const giving = points.filter((point) => priceNow(point.regular, point.sale) === low);
  let end: number | null = null;
  for (const { sale } of giving) {
    if (!sale?.endsAt) return null;
    end = Math.max(end ?? 0, new Date(sale.endsAt).getTime());
  }
  if (end === null) return null;
  const day = warsawParts(new Date(end - 1));
  return `${day.year}-${day.month}-${day.day}`;
}

export function productJsonLd(
  product: Pick<
    ProductDetail,
    | "id"
    | "slug"
    | "name"
    | "description"
    | "metaDescription"
    | "brand"
    | "category"
    | "price"
    | "stock"
    | "images"
    | "sale"
  > & {
    variants: readonly { additionalPrice: number; sale: SaleBadge | null }[];
    /** A drop not released yet: the instant (ISO) it goes on sale. */
    upcomingRelease?: string | null;
  },
  reviews: { count: number; average: number },
  site: Pick<SiteConfig, "url" | "name">,
): Record<string, unknown> {
  const url = new URL(`/merch/${product.slug}`, site.url).toString();
  // What each size costs now (its sale price during a sale); the Offer gives the lowest.
  const points: PricePoint[] = product.variants.length
    ? product.variants.map((variant) => ({
        regular: product.price + variant.additionalPrice,
        sale: variant.sale,
      }))
    : [{ regular: product.price, sale: product.sale }];
  const low = Math.min(...points.map((point) => priceNow(point.regular, point.sale)));
  const validUntil = lowestPriceValidUntil(points, low);
  // Before a drop's release nothing can be bought: out of stock until the instant it starts.
  const availability =
    product.stock > 0 && !product.upcomingRelease
      ? "https://schema.org/InStock"
      : "https://schema.org/OutOfStock";
  const seller = { "@type": "Organization", name: site.name, url: new URL("/", site.url).toString() };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.metaDescription ?? product.description,
    sku: shortSku(product.id),
    url,
    category: categoryLabels[product.category],
    brand: { "@type": "Brand", name: product.brand },
    image: product.images.map((image) => new URL(imageUrlFor(image, 1200), site.url).toString()),
    // One Offer at the lowest price (the base price, or a sale price while a sale runs, until its end);
    // sizes with a surcharge cost more.
    offers: {
      "@type": "Offer",
      url,
      price: toDecimalString(low),
      priceCurrency: "PLN",
      ...(validUntil ? { priceValidUntil: validUntil } : {}),
      availability,
      ...(product.upcomingRelease ? { availabilityStarts: product.upcomingRelease } : {}),
      itemCondition: "https://schema.org/NewCondition",
      seller,
    },
    ...(reviews.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: reviews.average,
            reviewCount: reviews.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
