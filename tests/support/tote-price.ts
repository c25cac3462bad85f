/**
 * The panel's product form for the demo tote with another price (grosze written as the form takes them,
 * "71,37"): what a test or a bench posts to `/admin/products/{id}/edit` to change a price.
 */
export const TOTE_SLUG = "torba-nokturn-tote";

export function totePriceForm(price: string) {
  return new URLSearchParams({
    name: "Torba NOKTURN Tote",
    slug: TOTE_SLUG,
    description:
      "Mocna torba z grubego płótna na winyle, zakupy i wszystko, co trzeba zabrać na after. Wewnętrzna kieszeń na telefon i klucze.",
    price,
    stockQuantity: "40",
    category: "accessory",
    isActive: "on",
    images: "[]",
  });
}
