/**
 * The eight public templates of issue #10: what `npm run lighthouse` measures and what the shop
 * window's script budget (`tests/http/static-assets.test.ts`, decision 045) checks. `/cart` is measured
 * with two products in it.
 */
export const PUBLIC_TEMPLATES = [
  { name: "Strona główna", path: "/" },
  { name: "Sklep", path: "/merch" },
  { name: "Produkt", path: "/merch/koszulka-nokturn-logo" },
  { name: "Koszyk (2 produkty)", path: "/cart", filledCart: true },
  { name: "Rezydenci", path: "/rezydenci" },
  { name: "Artysta", path: "/artist/mira-volt" },
  { name: "Galeria", path: "/gallery/nokturn-listopad-2025" },
  { name: "Dostawa", path: "/shipping" },
] as const;
