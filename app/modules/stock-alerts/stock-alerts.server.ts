/**
 * "Powiadom mnie" (issue #27), the visitor's side: subscribing (double opt-in), confirming by the
 * e-mailed link, unsubscribing by the notice's link. One row per product, size and address
 * (`emailKey`); the answer to a subscription is the same, in words and in time, whatever that row's
 * state (issue #42: every path does the same work), so the form never tells a stranger whether an
 * address waits for something. The form's action: stock-alert-form.server.ts; the notices themselves:
 * notifier.server.ts.
 */
import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { now as clockNow } from "~/lib/clock.server";
import { db, type Executor } from "~/lib/db.server";
import { emailKey } from "~/lib/email-key";
import { logger } from "~/lib/logger.server";
import { checkRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { resolveAuthSecret } from "~/lib/secret.server";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import { products, productVariants, stockAlertConfirmations, stockAlerts } from "../../../db/schema";
import { confirmationMail } from "./stock-alert-mail.server";
import { CONFIRM_VALID_DAYS, STOCK_ALERT_CONSENT_TEXT, UNSUBSCRIBE_VALID_DAYS } from "./stock-alert-texts";
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

const DAY_MS = 86_400_000;

/**
 * Records the alert and queues a confirmation e-mail, in one transaction, doing the same work whatever
 * the alert's state (issue #42: a faster answer told who waits for what):
 * - no row yet: a new, unconfirmed alert;
 * - unconfirmed: consented again; its earlier links keep working until they expire;
 * - confirmed and waiting: unchanged (its place in the queue kept); its new link only says so;
 * - already notified or unsubscribed: armed again, to be confirmed again (earlier links die).
 * Every one gets a new link by e-mail through the outbox, which sends in the background. Past the
 * address's limit nothing is written or sent (the same reads and the rendering still run). Returns
 * whether a confirmation was queued.
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
  // Counted outside the transaction below: the limiter prunes in the background on the executor it
  // is given, which must not be a transaction's connection.
  const limit = await checkRateLimit(addressKey(key), STOCK_ALERT_RATE_LIMITS.perAddress, { database });
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
    if (!limit.allowed) return false;
    const waiting = Boolean(existing?.confirmedAt && !existing.notifiedAt && !existing.unsubscribedAt);
    const rearm = Boolean(existing?.notifiedAt || existing?.unsubscribedAt);
    const armed = {
      email: input.email,
      consentText: STOCK_ALERT_CONSENT_TEXT,
      consentedAt: now,
      confirmedAt: null,
      notifiedAt: null,
      unsubscribedAt: null,
    };
    let alertId: string;
    if (existing) {
      alertId = existing.id;
      // A waiting alert is written too (its time only), so every path takes the same lock and write.
      await tx
        .update(stockAlerts)
        .set(waiting ? { updatedAt: sql`now()` } : { ...armed, updatedAt: sql`now()` })
        .where(eq(stockAlerts.id, existing.id));
    } else {
      const [inserted] = await tx
        .insert(stockAlerts)
        .values({ productId: target.product.id, variantId, emailKey: key, ...armed })
        .onConflictDoNothing()
        .returning({ id: stockAlerts.id });
      // The same address subscribed at the same moment in another request, which sends the link.
      if (!inserted) return false;
      alertId = inserted.id;
    }
    // Links past their week go; so do all of an earlier round's when the alert is armed again.
    const ofAlert = eq(stockAlertConfirmations.alertId, alertId);
    const oldest = new Date(now.getTime() - CONFIRM_VALID_DAYS * DAY_MS);
    await tx
      .delete(stockAlertConfirmations)
      .where(rearm ? ofAlert : and(ofAlert, lt(stockAlertConfirmations.createdAt, oldest)));
    await tx.insert(stockAlertConfirmations).values({ tokenHash: hash, alertId, createdAt: now });
    await enqueueMail(tx, mail);
    return true;
  });
  if (!limit.allowed)
    logger.info("stock alert: confirmation already sent to this address often enough this hour");
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
  | { status: "ready" | "confirmed"; product: AlertProduct }
  | { status: "notified" | "invalid" | "expired"; product: null };

/** A confirmation link's alert, or why there is none to confirm. */
async function confirmationOf(executor: Executor, token: string, now: Date) {
  if (!isConfirmTokenShaped(token)) return { status: "invalid" } as const;
  const [link] = await executor
    .select({
      alertId: stockAlertConfirmations.alertId,
      createdAt: stockAlertConfirmations.createdAt,
      notifiedAt: stockAlerts.notifiedAt,
    })
    .from(stockAlertConfirmations)
    .innerJoin(stockAlerts, eq(stockAlerts.id, stockAlertConfirmations.alertId))
    .where(eq(stockAlertConfirmations.tokenHash, hashConfirmToken(token)));
  if (!link) return { status: "invalid" } as const;
  if (link.createdAt.getTime() <= now.getTime() - CONFIRM_VALID_DAYS * DAY_MS) {
    return { status: "expired" } as const;
  }
  return { status: "found", ...link } as const;
}

/**
 * What the confirmation page shows before its button is pressed: a GET confirms nothing, since mail
 * scanners open the links of the e-mails they check.
 */
export async function findConfirmation(
  token: string,
  { now = clockNow(), database = db() }: { now?: Date; database?: Executor } = {},
): Promise<ConfirmOutcome> {
  const link = await confirmationOf(database, token, now);
  if (link.status !== "found") return { status: link.status, product: null };
  if (link.notifiedAt) return { status: "notified", product: null };
  const product = await alertProduct(database, link.alertId);
  if (!product) return { status: "invalid", product: null };
  return { status: "ready", product };
}

/**
 * Confirms the alert of a confirmation link (the page's button), once: the link is deleted as it is
 * used, so the same link a second time is as unknown as a forged one. A link older than
 * CONFIRM_VALID_DAYS is refused (and stays refused); the alert's other links stay as they were. An alert
 * confirmed already keeps its first confirmation (its place in the queue).
 */
export async function confirmStockAlert(
  token: string,
  { now = clockNow(), database = db() }: { now?: Date; database?: Executor } = {},
): Promise<ConfirmOutcome> {
  const link = await confirmationOf(database, token, now);
  if (link.status !== "found") return { status: link.status, product: null };
  const [used] = await database
    .delete(stockAlertConfirmations)
    .where(eq(stockAlertConfirmations.tokenHash, hashConfirmToken(token)))
    .returning({ alertId: stockAlertConfirmations.alertId });
  // Used by a simultaneous press.
  if (!used) return { status: "invalid", product: null };
  const [alert] = await database
    .update(stockAlerts)
    .set({
      confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(stockAlerts.id, used.alertId), isNull(stockAlerts.notifiedAt)))
    .returning({ id: stockAlerts.id });
  if (!alert) return { status: "notified", product: null };
  const product = await alertProduct(database, used.alertId);
  if (!product) return { status: "invalid", product: null };
  return { status: "confirmed", product };
}

export type UnsubscribeOutcome =
  | { status: "ready"; product: AlertProduct; email: string; notified: boolean }
  | { status: "unsubscribed" | "already"; product: AlertProduct }
  | { status: "invalid" | "expired"; product: null };

/**
 * The alert a genuine, live unsubscribe link names. A link expires UNSUBSCRIBE_VALID_DAYS after its
 * notice, and with its alert: when the alert is removed (its product deleted), or armed again by a new
 * subscription (a new round, whose own notice brings its own link).
 */
async function unsubscribeTarget(executor: Executor, token: string, now: Date) {
  const verified = verifyUnsubscribeToken(token, resolveAuthSecret());
  if (!verified) return { status: "invalid" } as const;
  const [alert] = await executor
    .select({
      email: stockAlerts.email,
      consentedAt: stockAlerts.consentedAt,
      notifiedAt: stockAlerts.notifiedAt,
      unsubscribedAt: stockAlerts.unsubscribedAt,
    })
    .from(stockAlerts)
    .where(eq(stockAlerts.id, verified.alertId));
  if (!alert) return { status: "invalid" } as const;
  const issued = verified.issuedAt.getTime();
  if (issued + UNSUBSCRIBE_VALID_DAYS * DAY_MS <= now.getTime() || alert.consentedAt.getTime() > issued) {
    return { status: "expired" } as const;
  }
  const product = await alertProduct(executor, verified.alertId);
  if (!product) return { status: "invalid" } as const;
  return { status: "found", alertId: verified.alertId, alert, product } as const;
}

/** What the unsubscribe page shows before its button is pressed (a GET changes nothing). */
export async function findUnsubscribe(
  token: string,
  { now = clockNow(), database = db() }: { now?: Date; database?: Executor } = {},
): Promise<UnsubscribeOutcome> {
  const target = await unsubscribeTarget(database, token, now);
  if (target.status !== "found") return { status: target.status, product: null };
  const { alert, product } = target;
  if (alert.unsubscribedAt) return { status: "already", product };
  return { status: "ready", product, email: maskEmail(alert.email), notified: Boolean(alert.notifiedAt) };
}

/**
 * Unsubscribes the alert of a genuine, live link (the page's button, or a mail provider's one-click
 * POST); its pending confirmation links die with it.
 */
export async function unsubscribeStockAlert(
  token: string,
  { now = clockNow(), database = db() }: { now?: Date; database?: Executor } = {},
): Promise<UnsubscribeOutcome> {
  const target = await unsubscribeTarget(database, token, now);
  if (target.status !== "found") return { status: target.status, product: null };
  const [done] = await database
    .update(stockAlerts)
    .set({ unsubscribedAt: now, updatedAt: sql`now()` })
    .where(and(eq(stockAlerts.id, target.alertId), isNull(stockAlerts.unsubscribedAt)))
    .returning({ id: stockAlerts.id });
  if (done) {
    await database.delete(stockAlertConfirmations).where(eq(stockAlertConfirmations.alertId, target.alertId));
  }
  return { status: done ? "unsubscribed" : "already", product: target.product };
}
