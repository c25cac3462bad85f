/**
 * "Powiadom mnie" (issue #27), the visitor's side: subscribing (double opt-in), confirming by the
 * e-mailed link, unsubscribing by the notice's link. One row per product, size and address
 * (`emailKey`); the answer to a subscription is the same whatever that row's state, so the form never
 * tells a stranger whether an address waits for something. The form's action: stock-alert-form.server.ts;
 * the notices themselves: notifier.server.ts.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { now as clockNow } from "~/lib/clock.server";
import { db, type Executor } from "~/lib/db.server";
import { emailKey } from "~/lib/email-key";
import { logger } from "~/lib/logger.server";
import { checkRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { resolveAuthSecret } from "~/lib/secret.server";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import { products, productVariants, stockAlerts } from "../../../db/schema";
import { confirmationMail } from "./stock-alert-mail.server";
import { CONFIRM_VALID_DAYS, STOCK_ALERT_CONSENT_TEXT } from "./stock-alert-texts";
import {
  hashConfirmToken,
  isConfirmTokenShaped,
  newConfirmToken,
  verifyUnsubscribeToken,
} from "./stock-alert-tokens.server";
import { maskEmail, sizeLabel } from "./stock-alerts";

export const STOCK_ALERT_RATE_LIMITS = {
  /** Subscriptions from one client (a fan may want several sizes and products; a script may not). */
  perClient: { limit: 20, windowMs: 15 * 60_000 },
  /** Confirmation e-mails to one address: nobody can flood a stranger's inbox through the form. */
  perAddress: { limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** What the pages say about the product an alert is for. */
export type AlertProduct = {
  id: string;
  name: string;
  slug: string;
  variantId: string | null;
  sizeLabel: string | null;
};

/** A product waited for, with its sizes and the chosen one (null: the product as a whole). */
export type Target = {
  product: typeof products.$inferSelect;
  variants: (typeof productVariants.$inferSelect)[];
  variant: typeof productVariants.$inferSelect | null;
};

/** Rate-limit key of an address: hashed, so the limits table holds no address. */
function addressKey(key: string) {
  return `stock-alert-email:${createHash("sha256").update(key).digest("base64url").slice(0, 32)}`;
}

/**
 * Records the alert and queues its confirmation when one is due, in one transaction:
 * - no row yet: a new, unconfirmed alert and its link;
 * - unconfirmed: a new link, which replaces the old one;
 * - confirmed and waiting: nothing (it will be notified);
 * - already notified or unsubscribed: armed again, to be confirmed again.
 * A link goes out only within the address's limit; past it nothing changes, so the last link sent keeps
 * working. Returns whether a confirmation was queued.
 */
export async function subscribe(
  input: { email: string },
  target: Target,
  { now = clockNow(), database = db() }: { now?: Date; database?: Executor } = {},
): Promise<boolean> {
  const key = emailKey(input.email);
  const variantId = target.variant?.id ?? null;
  const sameAlert = and(
    eq(stockAlerts.productId, target.product.id),
    variantId ? eq(stockAlerts.variantId, variantId) : isNull(stockAlerts.variantId),
    eq(stockAlerts.emailKey, key),
  );
  const waiting = (row: typeof stockAlerts.$inferSelect | undefined) =>
    Boolean(row?.confirmedAt && !row.notifiedAt && !row.unsubscribedAt);

  const [seen] = await database.select().from(stockAlerts).where(sameAlert);
  if (waiting(seen)) return false;
  // Counted outside the transaction below: the limiter prunes in the background on the executor it
  // is given, which must not be a transaction's connection.
  const limit = await checkRateLimit(addressKey(key), STOCK_ALERT_RATE_LIMITS.perAddress, { database });
  if (!limit.allowed) {
    logger.info("stock alert: confirmation already sent to this address often enough this hour");
    return false;
  }

  const { token, hash } = newConfirmToken();
  // Rendered before the transaction, which then holds its lock only for the writes.
  const mail = await confirmationMail({
    email: input.email,
    token,
    productName: target.product.name,
    sizeLabel: sizeLabel(target.variant),
  });
  const queued = await database.transaction(async (tx) => {
    const [existing] = await tx.select().from(stockAlerts).where(sameAlert).for("update");
    if (waiting(existing)) return false;
    const armed = {
      email: input.email,
      confirmTokenHash: hash,
      consentText: STOCK_ALERT_CONSENT_TEXT,
      consentedAt: now,
      confirmedAt: null,
      notifiedAt: null,
      unsubscribedAt: null,
    };
    if (existing) {
      await tx
        .update(stockAlerts)
        .set({ ...armed, updatedAt: sql`now()` })
        .where(eq(stockAlerts.id, existing.id));
    } else {
      const inserted = await tx
        .insert(stockAlerts)
        .values({ productId: target.product.id, variantId, emailKey: key, ...armed })
        .onConflictDoNothing()
        .returning({ id: stockAlerts.id });
      // The same address subscribed at the same moment in another request, which sends the link.
      if (inserted.length === 0) return false;
    }
    await enqueueMail(tx, mail);
    return true;
  });
  // After commit, so the worker sees the row.
  if (queued) kickOutbox();
  return queued;
}

/** The product (and size) of an alert, for its pages. */
async function alertProduct(executor: Executor, alertId: string): Promise<AlertProduct | null> {
  const [row] = await executor
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      variantId: productVariants.id,
      size: productVariants.size,
      color: productVariants.color,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .leftJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .where(eq(stockAlerts.id, alertId));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    variantId: row.variantId,
    sizeLabel: row.size === null ? null : sizeLabel({ size: row.size, color: row.color }),
  };
}

export type ConfirmOutcome =
  | { status: "confirmed"; product: AlertProduct }
  | { status: "invalid" | "expired"; product: null };

/**
 * Confirms the alert of a confirmation link, once: the token's hash is cleared as it is used, so the
 * same link a second time is as unknown as a forged one. A link older than CONFIRM_VALID_DAYS is
 * refused (and stays refused); a new subscription sends a new one.
 */
export async function confirmStockAlert(
  token: string,
  { now = clockNow(), database = db() }: { now?: Date; database?: Executor } = {},
): Promise<ConfirmOutcome> {
  if (!isConfirmTokenShaped(token)) return { status: "invalid", product: null };
  const hash = hashConfirmToken(token);
  const oldest = new Date(now.getTime() - CONFIRM_VALID_DAYS * 86_400_000);
  const [confirmed] = await database
    .update(stockAlerts)
    .set({ confirmedAt: now, confirmTokenHash: null, updatedAt: sql`now()` })
    .where(and(eq(stockAlerts.confirmTokenHash, hash), gt(stockAlerts.consentedAt, oldest)))
    .returning({ id: stockAlerts.id });
  if (!confirmed) {
    const [stale] = await database
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(eq(stockAlerts.confirmTokenHash, hash));
    return { status: stale ? "expired" : "invalid", product: null };
  }
  const product = await alertProduct(database, confirmed.id);
  if (!product) return { status: "invalid", product: null };
  return { status: "confirmed", product };
}

export type UnsubscribeOutcome =
  | { status: "ready"; product: AlertProduct; email: string }
  | { status: "unsubscribed" | "already"; product: AlertProduct }
  | { status: "invalid"; product: null };

/** What the unsubscribe page shows before its button is pressed (a GET changes nothing). */
export async function findUnsubscribe(
  token: string,
  { database = db() }: { database?: Executor } = {},
): Promise<UnsubscribeOutcome> {
  const alertId = verifyUnsubscribeToken(token, resolveAuthSecret());
  if (!alertId) return { status: "invalid", product: null };
  const [alert] = await database
    .select({ email: stockAlerts.email, unsubscribedAt: stockAlerts.unsubscribedAt })
    .from(stockAlerts)
    .where(eq(stockAlerts.id, alertId));
  const product = alert ? await alertProduct(database, alertId) : null;
  if (!alert || !product) return { status: "invalid", product: null };
  if (alert.unsubscribedAt) return { status: "already", product };
  return { status: "ready", product, email: maskEmail(alert.email) };
}

/**
 * Unsubscribes the alert of a genuine link (the page's button, or a mail provider's one-click POST);
 * a pending confirmation link dies with it.
 */
export async function unsubscribeStockAlert(
  token: string,
  { now = clockNow(), database = db() }: { now?: Date; database?: Executor } = {},
): Promise<UnsubscribeOutcome> {
  const alertId = verifyUnsubscribeToken(token, resolveAuthSecret());
  if (!alertId) return { status: "invalid", product: null };
  const [done] = await database
    .update(stockAlerts)
    .set({ unsubscribedAt: now, confirmTokenHash: null, updatedAt: sql`now()` })
    .where(and(eq(stockAlerts.id, alertId), isNull(stockAlerts.unsubscribedAt)))
    .returning({ id: stockAlerts.id });
  const product = await alertProduct(database, alertId);
  if (!product) return { status: "invalid", product: null };
  return { status: done ? "unsubscribed" : "already", product };
}
