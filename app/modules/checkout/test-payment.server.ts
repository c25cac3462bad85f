/** The built-in test provider's page: records a payment on the checkout, then fulfils it like a webhook. */
import { and, eq, gt, isNull, or } from "drizzle-orm";
import { type Database, db } from "~/lib/db.server";
import { TEST_SESSION_PREFIX } from "~/modules/payments/payment-provider.server";
import { checkouts } from "../../../db/schema";
import { type FulfilledOrder, fulfilCheckout } from "./fulfil-checkout.server";
import type { TestPayment } from "./test-payment.schema";

export async function getTestCheckout(checkoutId: string, database: Database = db()) {
  if (!/^[0-9a-f-]{36}$/i.test(checkoutId)) return null;
  const [checkout] = await database.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (checkout?.provider !== "test") return null;
  return checkout;
}

/** Marks an open, unexpired test checkout paid and creates its order. Null when it can no longer be paid. */
export async function payTestCheckout(
  checkoutId: string,
  payment: TestPayment,
  database: Database = db(),
  now = new Date(),
): Promise<(FulfilledOrder & { sessionId: string }) | null> {
  const email = payment.email.trim().toLowerCase();
  const [paid] = await database
    .update(checkouts)
    .set({
      customerEmail: email,
      customerName: payment.name,
      shippingAddress: {
        name: payment.name,
        line1: payment.address,
        line2: null,
        postal_code: payment.postalCode,
        city: payment.city,
        country: "PL",
      },
      paidAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(checkouts.id, checkoutId),
        eq(checkouts.provider, "test"),
        eq(checkouts.status, "open"),
        isNull(checkouts.paidAt),
        gt(checkouts.expiresAt, now),
        // A checkout started with an e-mail (an account's, or a guest's for a first-order code) is
        // paid with that e-mail only; the page says so before it gets here.
        or(isNull(checkouts.email), eq(checkouts.email, email)),
      ),
    )
    .returning();
  if (!paid?.providerSessionId?.startsWith(TEST_SESSION_PREFIX)) return null;
  const order = await fulfilCheckout(
    checkoutId,
    {
      sessionId: paid.providerSessionId,
      status: "paid",
      paymentId: paid.providerSessionId,
      email: paid.customerEmail,
      name: paid.customerName,
      phone: null,
      address: paid.shippingAddress,
    },
    database,
  );
  return { ...order, sessionId: paid.providerSessionId };
}
