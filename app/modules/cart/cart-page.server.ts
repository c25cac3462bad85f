/**
 * The cart as `/cart` shows it (decision 031): every line priced now, the code re-checked (one that
 * stopped applying leaves the cart, and the page says so), the totals, and whether a guest must give
 * an e-mail before paying.
 */
import { now } from "~/lib/clock.server";
import { cachedContent } from "~/lib/content-cache.server";
import { db } from "~/lib/db.server";
import { nextPriceOrReleaseChange } from "~/modules/catalog/catalog.server";
import { setDiscountCode } from "./cart-commands.server";
import { type CartRecord, isEmptyCart, unitCount } from "./cart-store.server";
import { cartTicketViews } from "./cart-ticket-view.server";
import type { CartLoaderData } from "./cart-view";
import { findCart } from "./owner-cart.server";
import { lineKey } from "./pricing";
import { type LineCatalog, type LineCatalogReader, quoteCart, readLineCatalog } from "./pricing.server";
import type { Visitor } from "./visitor";

/** The visitor's cart for the page, and the cart itself (for its cookies). */
export async function cartPage(visitor: Visitor): Promise<CartLoaderData & { record: CartRecord | null }> {
  const record = await findCart(db(), visitor.owner);
  if (!record || isEmptyCart(record)) return { cart: null, notice: null, record };
  return { ...(await viewOf(record, visitor)), record };
}

async function viewOf(cart: CartRecord, visitor: Visitor): Promise<CartLoaderData> {
  const tickets = await cartTicketViews(db(), cart.tickets, now());
  const shipped = cart.lines.length > 0;
  const quoteFor = (discountCode: string | null) =>
    quoteCart(db(), {
      lines: cart.lines,
      // Tickets only: nothing to ship (issue #40).
      deliveryMethod: shipped ? cart.deliveryMethod : "none",
      tickets: tickets.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
      discountCode,
      userId: visitor.user?.id ?? null,
      email: visitor.user?.email ?? cart.email,
      catalog: keptLineCatalog,
    });
  let quote = await quoteFor(cart.discountCode);
  let notice: CartLoaderData["notice"] = null;
  if (cart.discountCode && quote.discount && !quote.discount.valid) {
    // A code that stopped applying (expired, used up, the cart below its minimum) leaves the cart.
    notice = { title: `Kod ${cart.discountCode} usunięty`, message: quote.discount.message };
    await setDiscountCode(db(), visitor.owner, null);
    quote = await quoteFor(null);
  }
  const idByKey = new Map(cart.lines.map((line) => [lineKey(line), line.id]));
  const lines = quote.lines.flatMap((line) => {
    const id = idByKey.get(lineKey(line));
    return id ? [{ ...line, id }] : [];
  });
  const discount = quote.discount;
  const emailReason = visitor.user
    ? null
    : discount?.valid && discount.firstOrderOnly
      ? ("first-order" as const)
      : lines.some((line) => line.limitPerCustomer) || tickets.some((line) => line.limitPerCustomer !== null)
        ? ("limit" as const)
        : null;
  return {
    notice,
    cart: {
      lines,
      tickets,
      count: unitCount(cart),
      delivery: {
        method: cart.deliveryMethod,
        locker: cart.deliveryMethod === "inpost" ? cart.locker : null,
      },
      discountCode: discount?.valid ? cart.discountCode : null,
      discount,
      email: cart.email,
      emailRequired: emailReason !== null,
      emailReason,
      totals: quote.totals,
      purchasable:
        (quote.purchasable || (!shipped && tickets.length > 0)) &&
        tickets.every((line) => line.status === "ok" && line.named),
    },
  };
}

/**
 * The page's products from the content cache (decision 036), each until the catalogue changes (any
 * write to a product, a size, its stock or a sale notifies) or its sale or release instant comes. The
 * page shows what the checkout will charge; the checkout reads the products again in its transaction.
 */
const keptLineCatalog: LineCatalogReader = async (productIds) => {
  const entries = await Promise.all(
    productIds.map((id) =>
      cachedContent<LineCatalog | null>(`cart-line:${id}`, async () => {
        const entry = (await readLineCatalog(db(), [id], now())).get(id) ?? null;
        if (!entry) return { value: null };
        const iso = (instant: Date | null) => instant?.toISOString() ?? null;
        const until = await nextPriceOrReleaseChange(db(), [
          {
            releaseAt: iso(entry.product.releaseAt),
            variants: entry.variants.map((variant) => ({ releaseAt: iso(variant.releaseAt) })),
          },
        ]);
        return { value: entry, until };
      }),
    ),
  );
  return new Map(entries.flatMap((entry) => (entry ? [[entry.product.id, entry] as const] : [])));
};
