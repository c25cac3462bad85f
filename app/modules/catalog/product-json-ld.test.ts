import { describe, expect, it } from "vitest";
import { productJsonLd } from "./product-json-ld";

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
  variants: [
    { id: "a", size: "M", color: null, additionalPrice: 0, stockQuantity: 10 },
    { id: "b", size: "XXL", color: null, additionalPrice: 1500, stockQuantity: 2 },
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
