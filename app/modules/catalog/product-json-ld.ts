/** schema.org Product with an Offer for a product page (pure; emitted through `pageMeta({ jsonLd })`). */
import { imageUrlFor } from "~/lib/images";
import { toDecimalString } from "~/lib/money";
import type { SiteConfig } from "~/lib/site";
import { categoryLabels, shortSku } from "./catalog";
import type { ProductDetail } from "./catalog.server";

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
  > & {
    variants: readonly { additionalPrice: number }[];
    /** A drop not released yet: the instant (ISO) it goes on sale. */
    upcomingRelease?: string | null;
  },
  reviews: { count: number; average: number },
  site: Pick<SiteConfig, "url" | "name">,
): Record<string, unknown> {
  const url = new URL(`/merch/${product.slug}`, site.url).toString();
  const prices = product.variants.length
    ? product.variants.map((variant) => product.price + variant.additionalPrice)
    : [product.price];
  const low = Math.min(...prices);
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
    // One Offer at the base price (the price shown first); sizes with a surcharge cost more.
    offers: {
      "@type": "Offer",
      url,
      price: toDecimalString(low),
      priceCurrency: "PLN",
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
