/**
 * The panel's view of "Powiadom mnie" (issue #27): per product and per size, how many addresses wait
 * (confirmed, not yet notified), how many never confirmed, how many notices went out and when the last
 * one did, and how many unsubscribed.
 */
import { asc, eq, sql } from "drizzle-orm";
import { formatDateTime } from "~/lib/dates";
import { db, type Executor } from "~/lib/db.server";
import { productVariants, stockAlerts } from "../../../db/schema";
import { sizeLabel } from "./stock-alerts";

export type StockAlertCounts = {
  /** null: alerts for the product as a whole. */
  variantId: string | null;
  /** "M", "M, czarny"; null for the product as a whole. */
  sizeLabel: string | null;
  waiting: number;
  unconfirmed: number;
  sent: number;
  unsubscribed: number;
  /** When the last notice of this row was queued, worded for the panel (Warsaw time); null: none yet. */
  lastSent: string | null;
};

const counted = (condition: ReturnType<typeof sql>) =>
  sql<number>`(count(*) filter (where ${condition}))::int`;

export async function stockAlertCounts(
  productId: string,
  executor: Executor = db(),
): Promise<StockAlertCounts[]> {
  const open = sql`${stockAlerts.unsubscribedAt} is null and ${stockAlerts.notifiedAt} is null`;
  const rows = await executor
    .select({
      variantId: stockAlerts.variantId,
      size: productVariants.size,
      color: productVariants.color,
      waiting: counted(sql`${stockAlerts.confirmedAt} is not null and ${open}`),
      unconfirmed: counted(sql`${stockAlerts.confirmedAt} is null and ${open}`),
      sent: counted(sql`${stockAlerts.notifiedAt} is not null`),
      unsubscribed: counted(sql`${stockAlerts.unsubscribedAt} is not null`),
      lastSentAt: sql<Date | null>`max(${stockAlerts.notifiedAt})`.mapWith(stockAlerts.notifiedAt),
    })
    .from(stockAlerts)
    .leftJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .where(eq(stockAlerts.productId, productId))
    .groupBy(stockAlerts.variantId, productVariants.size, productVariants.color, productVariants.sortOrder)
    // The product's own row first, then the sizes in the product's order.
    .orderBy(
      sql`${stockAlerts.variantId} is not null`,
      asc(productVariants.sortOrder),
      asc(productVariants.size),
    );
  return rows.map(({ size, color, lastSentAt, ...row }) => ({
    ...row,
    sizeLabel: size === null ? null : sizeLabel({ size, color }),
    lastSent: lastSentAt === null ? null : formatDateTime(lastSentAt),
  }));
}
