/**
 * The cart as browsers stored it before it moved to the server (local storage, SPEC §4, decision
 * 026): read once, defensively, by the takeover (cart-takeover.tsx, decision 031).
 */

export type CartItem = {
  /** Line id: generated from time plus a random number (SPEC §3). */
  id: string;
  productId: string;
  variantId: string | null;
  slug: string;
  name: string;
  /** Unit price in grosze as last shown (never trusted: the server prices every line). */
  price: number;
  quantity: number;
  size: string | null;
  image: string | null;
};

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== "object") return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.id === "string" &&
    typeof line.productId === "string" &&
    (line.variantId === null || typeof line.variantId === "string") &&
    typeof line.name === "string" &&
    Number.isSafeInteger(line.price) &&
    Number.isSafeInteger(line.quantity) &&
    (line.quantity as number) > 0
  );
}

/** Reads a stored cart, dropping anything malformed (old versions, hand-edited storage). */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(isCartItem).map((line) => ({
      ...line,
      slug: typeof line.slug === "string" ? line.slug : "",
      size: typeof line.size === "string" ? line.size : null,
      image: typeof line.image === "string" ? line.image : null,
    }));
  } catch {
    return [];
  }
}
