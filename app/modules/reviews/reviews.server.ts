/** Reviews: reading a product's list and saving one (the route checks the session first). */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import * as s from "../../../db/schema";
import type { ReviewInput } from "./review.schema";
import { type ReviewView, reviewAuthorName } from "./reviews";

/** A product's reviews, newest first. */
export async function listProductReviews(executor: Executor, productId: string): Promise<ReviewView[]> {
  const rows = await executor
    .select({
      id: s.reviews.id,
      rating: s.reviews.rating,
      comment: s.reviews.comment,
      createdAt: s.reviews.createdAt,
      verifiedPurchase: s.reviews.verifiedPurchase,
      name: s.user.name,
      email: s.user.email,
    })
    .from(s.reviews)
    .innerJoin(s.user, eq(s.user.id, s.reviews.userId))
    .where(eq(s.reviews.productId, productId))
    .orderBy(desc(s.reviews.createdAt), desc(s.reviews.id));
  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    verifiedPurchase: row.verifiedPurchase,
    author: reviewAuthorName(row, env().site.name),
  }));
}

/** Whether the user has a paid (not cancelled) order containing the product. */
export async function hasBoughtProduct(executor: Executor, userId: string, productId: string) {
  const [row] = await executor
    .select({ id: s.orderItems.id })
    .from(s.orderItems)
    .innerJoin(s.orders, eq(s.orders.id, s.orderItems.orderId))
    .where(
      and(
        eq(s.orders.userId, userId),
        ne(s.orders.status, "cancelled"),
        eq(s.orderItems.productId, productId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Saves a signed-in user's review of a product: one per account per product (a unique index), so a
 * second submission edits the first instead of adding another, and the rating and JSON-LD count each
 * account once. `input` must come from `reviewSchema` (rating 1–5, comment 10–1000 characters).
 * "Zweryfikowany zakup" is decided here, from the user's orders. An edit takes the current date: the
 * date shown is that of the words shown.
 */
export async function saveReview(
  executor: Executor,
  input: ReviewInput & { productId: string; userId: string },
) {
  const verifiedPurchase = await hasBoughtProduct(executor, input.userId, input.productId);
  const [review] = await executor
    .insert(s.reviews)
    .values({
      productId: input.productId,
      userId: input.userId,
      rating: input.rating,
      comment: input.comment,
      verifiedPurchase,
    })
    .onConflictDoUpdate({
      target: [s.reviews.productId, s.reviews.userId],
      set: { rating: input.rating, comment: input.comment, verifiedPurchase, createdAt: sql`now()` },
    })
    // xmax is set on a row an upsert updated, 0 on one it inserted.
    .returning({ id: s.reviews.id, edited: sql<boolean>`xmax <> 0` });
  return review;
}
