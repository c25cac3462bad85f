import { describe, expect, it } from "vitest";
import { productJsonLd } from "./product-json-ld";
import type { SaleBadge } from "./sale-price";

const image = {
  src: "/demo/product-x-1",
  width: 1200,
  height: 1200,
  widths: [640, 1200],
  formats: ["webp" as const],
};
const product = {
  id: "3f2a1b4c-9d8e-4f00-a1b2-c3d4e5f60718",
  slug: "bluza",
  name: "Bluza",
  description: "Opis bluzy",
  metaDescription: "Krótki opis",
  brand: "NOKTURN",
  category: "clothing" as const,
  price: 27900,
  stock: 52,
  images: [image],
  sale: null as SaleBadge | null,
  variants: [
    {
      id: "a",
      size: "M",
      color: null,
      additionalPrice: 0,
      stockQuantity: 10,
      sale: null as SaleBadge | null,
    },
    {
      id: "b",
      size: "XXL",
      color: null,
      additionalPrice: 1500,
      stockQuantity: 2,
      sale: null as SaleBadge | null,
    },
  ],
};
const site = { url: "https://nokturn.example", name: "NOKTURN" };

describe("product JSON-LD", () => {
  it("is a Product with an Offer in PLN, availability, SKU and absolute images", () => {
    const data = productJsonLd(product, { count: 0, average: 0 }, site);
    expect(data).toMatchObject({
      "@type": "Product",
      name: "Bluza",
      sku: "3F2A1B4C",
      url: "https://nokturn.example/merch/bluza",
      image: ["https://nokturn.example/demo/product-x-1-1200.webp"],
      offers: {
        "@type": "Offer",
        price: "279.00",
        priceCurrency: "PLN",
        availability: "https://schema.org/InStock",
      },
    });
    expect(data.aggregateRating).toBeUndefined();
    expect(data.offers).not.toHaveProperty("priceValidUntil");
  });

  it("says out of stock at 0 and carries the rating when there are reviews", () => {
    const data = productJsonLd({ ...product, stock: 0 }, { count: 3, average: 4.3 }, site);
    expect(data.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.3, reviewCount: 3 });
  });
});

describe("product JSON-LD of a drop before its release", () => {
  it("is out of stock until the instant it starts", () => {
    const data = productJsonLd(
      { ...product, upcomingRelease: "2026-12-04T17:00:00.000Z" },
      { count: 0, average: 0 },
      site,
    );
    expect(data.offers).toMatchObject({
      availability: "https://schema.org/OutOfStock",
      availabilityStarts: "2026-12-04T17:00:00.000Z",
    });
  });
});

/** A 20% sale of `regular` (grosze) ending at `endsAt`. */
function sale(regular: number, endsAt: string | null): SaleBadge {
  const price = Math.round(regular * 0.8);
  return { price, regular, percentOff: 20, lowestPrior: regular, endsAt };
}

describe("product JSON-LD during a sale", () => {
  const simple = { ...product, variants: [] };

  it("offers the sale price until the sale's last day in Warsaw", () => {
    // Ends at 00:30 on 1 December in Warsaw (23:30 UTC the day before): valid on 1 December.
    const data = productJsonLd(
      { ...simple, sale: sale(27900, "2026-11-30T23:30:00.000Z") },
      { count: 0, average: 0 },
      site,
    );
    expect(data.offers).toMatchObject({ price: "223.20", priceValidUntil: "2026-12-01" });
  });

  it("ends the day before a sale that ends at midnight, in summer time too", () => {
    const winter = productJsonLd(
      { ...simple, sale: sale(27900, "2026-11-30T23:00:00.000Z") }, // 1 December 00:00 (CET)
      { count: 0, average: 0 },
      site,
    );
    expect(winter.offers).toMatchObject({ priceValidUntil: "2026-11-30" });
    const summer = productJsonLd(
      { ...simple, sale: sale(27900, "2026-07-15T22:00:00.000Z") }, // 16 July 00:00 (CEST)
      { count: 0, average: 0 },
      site,
    );
    expect(summer.offers).toMatchObject({ priceValidUntil: "2026-07-15" });
  });

  it("has no priceValidUntil for a sale without an end", () => {
    const data = productJsonLd({ ...simple, sale: sale(27900, null) }, { count: 0, average: 0 }, site);
    expect(data.offers).toMatchObject({ price: "223.20" });
    expect(data.offers).not.toHaveProperty("priceValidUntil");
  });

  it("offers a size's sale price when it is the lowest", () => {
    const [m, xxl] = product.variants;
    // XXL costs 294,00 zł; 40% off leaves 176,40 zł, below M's 279,00 zł.
    const deep = { ...sale(29400, "2026-12-05T12:00:00.000Z"), price: 17640, percentOff: 40 };
    const data = productJsonLd(
      { ...product, variants: [m, { ...xxl, sale: deep }] },
      { count: 0, average: 0 },
      site,
    );
    expect(data.offers).toMatchObject({ price: "176.40", priceValidUntil: "2026-12-05" });
  });

  it("keeps the regular price, without an end, when a sale leaves a size dearer than another", () => {
    const [m, xxl] = product.variants;
    // XXL at 5% off costs 279,30 zł, still above M's 279,00 zł.
    const shallow = { ...sale(29400, "2026-12-05T12:00:00.000Z"), price: 27930, percentOff: 5 };
    const data = productJsonLd(
      { ...product, variants: [m, { ...xxl, sale: shallow }] },
      { count: 0, average: 0 },
      site,
    );
    expect(data.offers).toMatchObject({ price: "279.00" });
    expect(data.offers).not.toHaveProperty("priceValidUntil");
  });

  it("gives the latest end when two sizes share the lowest sale price", () => {
    const [m, xxl] = product.variants;
    const data = productJsonLd(
      {
        ...product,
        variants: [
          { ...m, sale: sale(27900, "2026-12-02T12:00:00.000Z") },
          { ...xxl, additionalPrice: 0, sale: sale(27900, "2026-12-06T12:00:00.000Z") },
        ],
      },
      { count: 0, average: 0 },
      site,
    );
    expect(data.offers).toMatchObject({ price: "223.20", priceValidUntil: "2026-12-06" });
  });
});
