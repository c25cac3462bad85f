/**
 * When a visitor may wait for a product or a size, in TypeScript (the subscription checks it; the
 * notifier's query says the same in SQL). Pure: the release rule is catalog/release.ts, the stock
 * rule catalog/stock.ts.
 */
import { isReleased, releaseInstant } from "~/modules/catalog/release";
import { effectiveStock } from "~/modules/catalog/stock";

type Instant = Date | string | null;
type Product = { releaseAt: Instant; stockQuantity: number };
type Variant = { releaseAt: Instant; stockQuantity: number };

/**
 * Units a visitor can buy now: those of the sizes already released (a size with a later release of its
 * own is not on sale yet), or the product's own stock when it has no sizes.
 */
export function unitsOnSaleNow(product: Product, variants: readonly Variant[], now: Date): number {
  if (variants.length === 0) return isReleased(product.releaseAt, now) ? effectiveStock(product, []) : 0;
  const released = variants.filter((variant) => isReleased(releaseInstant(product, variant), now));
  return released.length === 0 ? 0 : effectiveStock(product, released);
}

/**
 * Whether an alert makes sense: the product (with `variant`, that size) is not released yet or is
 * sold out. Otherwise it can be bought now and the form is refused.
 */
export function canWaitFor(
  product: Product,
  variants: readonly Variant[],
  variant: Variant | null,
  now: Date,
): boolean {
  if (variant) return !isReleased(releaseInstant(product, variant), now) || variant.stockQuantity <= 0;
  return unitsOnSaleNow(product, variants, now) <= 0;
}

/** "M" or "M, czarny": how a size is named in mails and the panel. */
export function sizeLabel(variant: { size: string; color: string | null } | null): string | null {
  if (!variant) return null;
  return variant.color ? `${variant.size}, ${variant.color}` : variant.size;
}

/** "o***@example.com": enough for the owner to recognise the address, not to read it off a screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
