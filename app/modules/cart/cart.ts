/** Cart state of SPEC §4: pure operations on a list of lines, unit-tested; the provider persists them. */

export type CartItem = {
  /** Line id: generated from time plus a random number (SPEC §3). */
  id: string;
  productId: string;
  variantId: string | null;
  slug: string;
  name: string;
  /** Unit price in grosze as last shown; the server re-prices at checkout. */
  price: number;
  quantity: number;
  size: string | null;
  image: string | null;
};

export type NewCartItem = Omit<CartItem, "id" | "quantity"> & { quantity?: number };

export function newLineId(now = Date.now(), random = Math.random()) {
  return `${now}-${Math.floor(random * 1_000_000)}`;
}

/** Same product and variant raises that line's quantity; otherwise a new line is appended. */
export function addItem(items: CartItem[], item: NewCartItem, id = newLineId()): CartItem[] {
  const quantity = Math.max(1, Math.floor(item.quantity ?? 1));
  const existing = items.find(
    (line) => line.productId === item.productId && line.variantId === item.variantId,
  );
  if (existing) {
    return items.map((line) => (line === existing ? { ...line, quantity: line.quantity + quantity } : line));
  }
  return [...items, { ...item, id, quantity }];
}

export function removeItem(items: CartItem[], id: string): CartItem[] {
  return items.filter((line) => line.id !== id);
}

/** A quantity of 0 or less removes the line. */
export function updateQuantity(items: CartItem[], id: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return removeItem(items, id);
  return items.map((line) => (line.id === id ? { ...line, quantity: Math.floor(quantity) } : line));
}

/** Sum of price × quantity, in grosze. */
export function cartTotal(items: CartItem[]) {
  return items.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** Sum of quantities. */
export function cartItemsCount(items: CartItem[]) {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

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

/** Key of a line's product and variant. */
export function lineKey(line: { productId: string; variantId: string | null }) {
  return `${line.productId}|${line.variantId ?? ""}`;
}

/**
 * Takes the server's current unit prices into the stored lines (after the cart page re-priced them).
 * Returns the same array when nothing changed, so callers can skip a save.
 */
export function repriceItems(
  items: CartItem[],
  prices: readonly { productId: string; variantId: string | null; unitPrice: number }[],
): CartItem[] {
  const byKey = new Map(prices.map((price) => [lineKey(price), price.unitPrice]));
  let changed = false;
  const next = items.map((line) => {
    const price = byKey.get(lineKey(line));
    if (price === undefined || price === line.price || !Number.isSafeInteger(price) || price <= 0)
      return line;
    changed = true;
    return { ...line, price };
  });
  return changed ? next : items;
}
