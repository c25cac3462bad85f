/**
 * The products list's quick actions in the panel (POST /admin/products): active, stock, sold out,
 * delete. Stock never goes negative (CHECK constraints); nothing that someone is paying for right now
 * (an active stock reservation) is deleted from under them. Callers check the admin role first.
 */
import { and, eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { type IntentHandler, intent } from "~/lib/form-action.server";
import { lockedRowOr404 } from "~/lib/locked-row.server";
import { discardUnreferencedImages } from "~/modules/media/stored-images.server";
import * as s from "../../../db/schema";
import {
  type ProductListIntent,
  productListFailure,
  productListMessages,
  productListSchemas,
} from "./product-list.schema";

/** The product's row locked for a change (404 when there is none). */
export function lockProduct(tx: Executor, productId: string) {
  return lockedRowOr404(
    tx
      .select({ id: s.products.id, images: s.products.images })
      .from(s.products)
      .where(eq(s.products.id, productId)),
    productListMessages.notFound,
  );
}

export async function setProductActive(productId: string, isActive: boolean, executor: Executor = db()) {
  const [row] = await executor
    .update(s.products)
    .set({ isActive, updatedAt: sql`now()` })
    .where(eq(s.products.id, productId))
    .returning({ id: s.products.id });
  if (!row) throw new DomainError(productListMessages.notFound, 404);
}

/** Sets a product's own stock; refused for a product whose stock is its variants'. */
export async function setProductStock(productId: string, stockQuantity: number, executor: Executor = db()) {
  await executor.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [variant] = await tx
      .select({ id: s.productVariants.id })
      .from(s.productVariants)
      .where(eq(s.productVariants.productId, productId))
      .limit(1);
    if (variant) throw new DomainError(productListMessages.stockOfVariants, 409, "stockQuantity");
    await tx
      .update(s.products)
      .set({ stockQuantity, updatedAt: sql`now()` })
      .where(eq(s.products.id, productId));
  });
}

/** Sold Out: the product's own stock and every variant's go to 0. */
export async function markProductSoldOut(productId: string, executor: Executor = db()) {
  await executor.transaction(async (tx) => {
    await lockProduct(tx, productId);
    await tx
      .update(s.products)
      .set({ stockQuantity: 0, updatedAt: sql`now()` })
      .where(eq(s.products.id, productId));
    await tx
      .update(s.productVariants)
      .set({ stockQuantity: 0 })
      .where(eq(s.productVariants.productId, productId));
  });
}

export async function activeReservationCount(tx: Executor, condition: ReturnType<typeof eq>) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(s.stockReservations)
    .where(and(eq(s.stockReservations.status, "active"), condition));
  return row?.n ?? 0;
}

export const PRODUCT_IN_CHECKOUT_MESSAGE =
  "Ktoś właśnie płaci za ten produkt. Spróbuj ponownie za kilka minut.";

/** Deletes a product (its variants and reviews go with it; past orders keep their own snapshot). */
export async function deleteProduct(productId: string, executor: Executor = db()) {
  const images = await executor.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (await activeReservationCount(tx, eq(s.stockReservations.productId, productId))) {
      throw new DomainError(PRODUCT_IN_CHECKOUT_MESSAGE, 409);
    }
    await tx.delete(s.products).where(eq(s.products.id, productId));
    return product.images;
  });
  await discardUnreferencedImages(images);
}

// ---------------------------------------------------------------------------------------------
// The list's quick actions (POST /admin/products), for `handleFormAction`
// ---------------------------------------------------------------------------------------------

export const productListIntents = {
  "set-active": intent({
    schema: productListSchemas["set-active"],
    failure: productListFailure["set-active"],
    run: async ({ productId, isActive }) => {
      await setProductActive(productId, isActive);
      return {
        message: isActive ? productListMessages.activated : productListMessages.deactivated,
        productId,
      };
    },
  }),
  "set-stock": intent({
    schema: productListSchemas["set-stock"],
    failure: productListFailure["set-stock"],
    run: async ({ productId, stockQuantity }) => {
      await setProductStock(productId, stockQuantity);
      return { message: productListMessages.stockUpdated, productId };
    },
  }),
  "sold-out": intent({
    schema: productListSchemas["sold-out"],
    failure: productListFailure["sold-out"],
    run: async ({ productId }) => {
      await markProductSoldOut(productId);
      return { message: productListMessages.soldOut, productId };
    },
  }),
  delete: intent({
    schema: productListSchemas.delete,
    failure: productListFailure.delete,
    run: async ({ productId }) => {
      await deleteProduct(productId);
      return { message: productListMessages.deleted, productId };
    },
  }),
} satisfies Record<ProductListIntent, IntentHandler>;
