/**
 * The cart the server renders on `/cart` (decision 026): the lines of the visitor's cart cookie, priced
 * by `quoteCart`, in the shape of the browser's stored lines, so the page draws the same markup from
 * either. Pure; the loader's I/O is in server-cart.server.ts.
 */
import { imageUrlFor } from "~/lib/images";
import { type CartItem, lineKey } from "./cart";
import type { CartQuote } from "./pricing";

/** Width of a cart line's thumbnail, as the product page stores it with the line. */
export const CART_THUMBNAIL_WIDTH = 160;

export type ServerCart = {
  /** The cookie's lines as the page shows them: current names, sizes, images and unit prices. */
  items: CartItem[];
  /** The quote for these lines with the default delivery (courier) and no discount code. */
  quote: CartQuote;
};

/** The priced lines as cart lines; the line id is the product and variant (the browser's ids are its own). */
export function serverCartItems(quote: CartQuote): CartItem[] {
  return quote.lines.map((line) => ({
    id: lineKey(line),
    productId: line.productId,
    variantId: line.variantId,
    slug: line.slug,
    name: line.name,
    price: line.unitPrice,
    quantity: line.quantity,
    size: line.size,
    image: line.image ? imageUrlFor(line.image, CART_THUMBNAIL_WIDTH) : null,
  }));
}
