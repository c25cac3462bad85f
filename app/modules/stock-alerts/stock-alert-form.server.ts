/**
 * The "Powiadom mnie" form for `handleFormAction` (issue #38): one intent, `subscribe`, sent by the
 * product page's form and by /powiadom-mnie's form shown again after a refusal. Every answer carries a
 * Polish message; a refusal stores nothing. An accepted form gets the same answer whatever the
 * address's state (stock-alerts.server.ts `subscribe`).
 */
import { eq } from "drizzle-orm";
import { now as clockNow } from "~/lib/clock.server";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { intent } from "~/lib/form-action.server";
import type { FormActionResult } from "~/lib/form-contract";
import { logger } from "~/lib/logger.server";
import { checkRateLimit, clientKey } from "~/lib/rate-limit.server";
import { products, productVariants } from "../../../db/schema";
import { stockAlertSchema } from "./stock-alert.schema";
import { STOCK_ALERT_INTENT, stockAlertMessages, stockAlertRateLimitMessage } from "./stock-alert-texts";
import { canWaitFor, sizeLabel } from "./stock-alerts";
import { type AlertProduct, STOCK_ALERT_RATE_LIMITS, subscribe, type Target } from "./stock-alerts.server";

/** What the form's answer adds: the product an accepted (or an available product's) alert is for. */
export type StockAlertResult = FormActionResult<{ product: AlertProduct }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An active product with its sizes; `variant` is the chosen size, undefined when it is none of them. */
async function loadTarget(
  executor: Executor,
  productId: string,
  variantId: string | undefined,
): Promise<(Omit<Target, "variant"> & { variant: Target["variant"] | undefined }) | null> {
  if (!UUID.test(productId) || (variantId !== undefined && !UUID.test(variantId))) return null;
  const [product] = await executor.select().from(products).where(eq(products.id, productId));
  if (!product?.isActive) return null;
  const variants = await executor
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, product.id));
  const variant = variantId === undefined ? null : variants.find((v) => v.id === variantId);
  return { product, variants, variant };
}

function describe({ product, variant }: Target): AlertProduct {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    variantId: variant?.id ?? null,
    sizeLabel: sizeLabel(variant),
  };
}

/**
 * The form's intents for a client `ip` (the rate limit's key), and where a plain form goes back to once
 * accepted: the product's page, with the answer as a flash (read after the intent ran).
 */
export function stockAlertForm(ip: string) {
  let accepted: AlertProduct | null = null;
  const intents = {
    [STOCK_ALERT_INTENT]: intent({
      schema: stockAlertSchema,
      // A field to correct (the address, the consent): the summary; the fields carry their own words.
      invalid: stockAlertMessages.invalid,
      failure: stockAlertMessages.failure,
      failureStatus: 503,
      run: async (input) => {
        // Refused before the client's limit counts them, as the fields are.
        if (!input.productId) throw new DomainError(stockAlertMessages.product, 400);
        if (input.variantId === null) throw new DomainError(stockAlertMessages.variant, 400);
        const database = db();
        const limit = await checkRateLimit(
          `stock-alert:${clientKey(ip)}`,
          STOCK_ALERT_RATE_LIMITS.perClient,
          {
            database,
          },
        );
        if (!limit.allowed) {
          throw new DomainError(stockAlertRateLimitMessage(limit.retryAfterSeconds), 429, undefined, {
            retryAfterSeconds: limit.retryAfterSeconds,
          });
        }
        const now = clockNow();
        const found = await loadTarget(database, input.productId, input.variantId);
        if (!found) throw new DomainError(stockAlertMessages.product, 400);
        if (found.variant === undefined) throw new DomainError(stockAlertMessages.variant, 400);
        const target = { ...found, variant: found.variant };
        if (!canWaitFor(target.product, target.variants, target.variant, now)) {
          throw new DomainError(stockAlertMessages.available, 400);
        }
        await subscribe(input, target, { now, database });
        accepted = describe(target);
        return { message: stockAlertMessages.sent, product: accepted };
      },
    }),
  };
  return { intents, backTo: () => (accepted ? `/merch/${accepted.slug}` : "/merch") };
}

/**
 * The product (and size) a posted form names, for the page that shows a refused form again; null when
 * it names none, or when the database cannot say (the refusal's message stands alone then).
 */
export async function postedAlertProduct(
  productId: unknown,
  variantId: unknown,
): Promise<AlertProduct | null> {
  if (typeof productId !== "string") return null;
  const size = typeof variantId === "string" && variantId.trim() ? variantId.trim() : undefined;
  if (variantId !== undefined && variantId !== "" && size === undefined) return null;
  try {
    const found = await loadTarget(db(), productId.trim(), size);
    return found && found.variant !== undefined ? describe({ ...found, variant: found.variant }) : null;
  } catch (error) {
    logger.error({ err: error }, "stock alert: the refused form's product could not be read");
    return null;
  }
}
