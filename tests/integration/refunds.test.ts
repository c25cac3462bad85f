/**
 * Issue 18 "Money back": refunds of orders through the test provider and Stripe (the local double with
 * the Refunds API's request shapes, signed webhook events), the money rule under concurrency, bad input,
 * and the automatic refund of a payment that arrived after its stock sold out.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { DomainError } from "../../app/lib/domain-error";
import { resetEnvCache } from "../../app/lib/env.server";
import { checkoutRequestSchema } from "../../app/modules/cart/cart.schema";
import {
  fulfilBySessionId,
  releaseCheckout,
  startCheckout,
} from "../../app/modules/checkout/checkout.server";
import { handleStripeWebhook } from "../../app/modules/checkout/stripe-webhook.server";
import { payTestCheckout } from "../../app/modules/checkout/test-payment.server";
import { refundErrors } from "../../app/modules/orders/refund-amounts";
import { listOrderRefunds, listSoldOutRefunds } from "../../app/modules/orders/refund-lists.server";
import { getRefundQuote } from "../../app/modules/orders/refund-quote.server";
import { refundMessages } from "../../app/modules/orders/refunds.schema";
import { type RefundOrderInput, refundOrder } from "../../app/modules/orders/refunds.server";
import {
  type PaymentProvider,
  paymentProvider,
  RefundRefusedError,
  resetPaymentProvider,
} from "../../app/modules/payments/payment-provider.server";
import * as s from "../../db/schema";
import { seedDemo } from "../../db/seed";
import { type StripeDouble, startStripeDouble } from "../support/stripe-double";
import { createTestDatabase, type TestDatabase, usingPostgres } from "../support/test-database";

const WEBHOOK_SECRET = "whsec_refunds_test_secret";
let database: TestDatabase;
let stripeDouble: StripeDouble;
const stripe = new Stripe("sk_test_for_signatures");

function selectProvider(kind: "test" | "stripe") {
  if (kind === "stripe") {
    process.env.STRIPE_SECRET_KEY = "sk_test_double";
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_API_URL = stripeDouble.url;
  } else {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_URL;
  }
  resetEnvCache();
  resetPaymentProvider();
}

function webhook(type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    data: { object },
  });
  return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

const handle = (event: { payload: string; header: string }) =>
  handleStripeWebhook(event.payload, event.header, { secret: WEBHOOK_SECRET, stripe });

async function product(slug: string) {
  const [row] = await database.db.select().from(s.products).where(eq(s.products.slug, slug));
  return row;
}

async function setStock(slug: string, stock: number) {
  await database.db.update(s.products).set({ stockQuantity: stock }).where(eq(s.products.slug, slug));
}

async function countOf(table: typeof s.refunds | typeof s.mailOutbox, where?: ReturnType<typeof eq>) {
  const [row] = await database.db.select({ n: count() }).from(table).where(where);
  return row.n;
}

const mailsOfKind = (kind: string) => countOf(s.mailOutbox, eq(s.mailOutbox.kind, kind));

function request(lines: { productId: string; quantity: number }[]) {
  return checkoutRequestSchema.parse({
    lines: lines.map((line) => ({ ...line, variantId: null })),
    deliveryMethod: "courier",
    locker: null,
    discountCode: null,
  });
}

/** A paid order of the test provider: tote ×2 and bandana ×1 by courier (below free delivery). */
async function paidTestOrder() {
  const tote = await product("torba-nokturn-tote");
  const bandana = await product("bandana-nokturn");
  const started = await startCheckout(
    request([
      { productId: tote.id, quantity: 2 },
      { productId: bandana.id, quantity: 1 },
    ]),
    null,
  );
  const paid = await payTestCheckout(started.checkoutId, {
    email: `kupujacy-${randomUUID().slice(0, 8)}@example.pl`,
    name: "Ola Zwrot",
    address: "ul. Ruska 1",
    postalCode: "50-079",
    city: "Wrocław",
  });
  if (!paid) throw new Error("not paid");
  return orderWithItems(paid.orderId);
}

async function orderWithItems(orderId: string) {
  const [order] = await database.db.select().from(s.orders).where(eq(s.orders.id, orderId));
  const items = await database.db
    .select()
    .from(s.orderItems)
    .where(eq(s.orderItems.orderId, orderId))
    .orderBy(s.orderItems.productName);
  return { order, items };
}

function refund(orderId: string, overrides: Partial<RefundOrderInput> = {}): RefundOrderInput {
  return {
    orderId,
    lines: [],
    includeDelivery: false,
    reason: "Reklamacja uznana",
    restock: false,
    kind: "manual",
    actorId: null,
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

beforeAll(async () => {
  stripeDouble = await startStripeDouble();
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
  await setStock("torba-nokturn-tote", 500);
  await setStock("bandana-nokturn", 500);
});

afterAll(async () => {
  selectProvider("test");
  setDatabase(undefined);
  await database?.dispose();
  await stripeDouble?.close();
});

beforeEach(() => {
  stripeDouble.refundFailure = null;
  stripeDouble.refundStatus = "succeeded";
  selectProvider("test");
});

describe(`refunds on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("refunds a whole order: lines and delivery, stock back once, one row, one e-mail, the payment id kept", async () => {
    const { order, items } = await paidTestOrder();
    const [checkout] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, order.checkoutId!));
    expect(checkout.providerPaymentId).toBe(checkout.providerSessionId);
    const toteBefore = (await product("torba-nokturn-tote")).stockQuantity;
    const bandanaBefore = (await product("bandana-nokturn")).stockQuantity;
    const mailBefore = await mailsOfKind("refund-issued");

    const result = await refundOrder(
      refund(order.id, {
        lines: items.map((item) => ({ orderItemId: item.id, quantity: item.quantity })),
        includeDelivery: true,
        restock: true,
        kind: "cancellation",
      }),
    );
    expect(result).toMatchObject({ amount: order.totalAmount, status: "succeeded" });
    const after = await orderWithItems(order.id);
    expect(after.order.refundedAmount).toBe(order.totalAmount);
    expect(after.items.map((item) => item.refundedQuantity)).toEqual(items.map((item) => item.quantity));
    expect((await product("torba-nokturn-tote")).stockQuantity).toBe(toteBefore + 2);
    expect((await product("bandana-nokturn")).stockQuantity).toBe(bandanaBefore + 1);

    const rows = await listOrderRefunds(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "cancellation",
      amount: order.totalAmount,
      deliveryAmount: 1699,
      restocked: true,
      status: "succeeded",
    });
    const [row] = await database.db.select().from(s.refunds).where(eq(s.refunds.id, result.refundId));
    expect(row.idempotencyKey).toBe(`refund-${result.refundId}`);
    expect(row.providerRefundId).toMatch(/^test_re_/);
    expect(row.provider).toBe("test");

    expect(await mailsOfKind("refund-issued")).toBe(mailBefore + 1);
    const [mail] = await database.db
      .select()
      .from(s.mailOutbox)
      .where(and(eq(s.mailOutbox.kind, "refund-issued"), eq(s.mailOutbox.to, order.customerEmail)));
    expect(mail.subject).toContain(order.id.slice(0, 8).toUpperCase());
    expect(mail.text).toContain("zł");
    expect(mail.text).toContain("kilku dni roboczych");

    // A refunded order is refused, and nothing more is stored.
    const again = await refusal(
      refundOrder(refund(order.id, { lines: [{ orderItemId: items[0].id, quantity: 1 }] })),
    );
    expect(again.status).toBe(409);
    expect(again.message).toBe(refundErrors.nothingLeft);
    expect(await countOf(s.refunds, eq(s.refunds.orderId, order.id))).toBe(1);
    expect((await getRefundQuote(order.id))?.remaining).toBe(0);
  });

  it("refunds part of an order, then the rest: the parts add up to the total, not a grosz more", async () => {
    const { order, items } = await paidTestOrder();
    const tote = items.find((item) => item.quantity === 2)!;
    const bandana = items.find((item) => item.quantity === 1)!;
    const stockBefore = (await product("torba-nokturn-tote")).stockQuantity;
    const first = await refundOrder(refund(order.id, { lines: [{ orderItemId: tote.id, quantity: 1 }] }));
    expect(first).toMatchObject({ amount: tote.pricePerUnit, status: "succeeded" });
    // No restock asked: the stock stays.
    expect((await product("torba-nokturn-tote")).stockQuantity).toBe(stockBefore);
    const quote = await getRefundQuote(order.id);
    expect(quote?.remaining).toBe(order.totalAmount - tote.pricePerUnit);
    const second = await refundOrder(
      refund(order.id, {
        lines: [
          { orderItemId: tote.id, quantity: 1 },
          { orderItemId: bandana.id, quantity: 1 },
        ],
        includeDelivery: true,
      }),
    );
    expect(first.amount + second.amount).toBe(order.totalAmount);
    const after = await orderWithItems(order.id);
    expect(after.order.refundedAmount).toBe(order.totalAmount);
    const rows = await listOrderRefunds(order.id);
    expect(rows.map((row) => row.amount).sort()).toEqual([first.amount, second.amount].sort());
  });

  it("two concurrent refunds of the last refundable amount: exactly one succeeds", async () => {
    const { order, items } = await paidTestOrder();
    const tote = items.find((item) => item.quantity === 2)!;
    const bandana = items.find((item) => item.quantity === 1)!;
    await refundOrder(
      refund(order.id, {
        lines: [
          { orderItemId: tote.id, quantity: 2 },
          { orderItemId: bandana.id, quantity: 1 },
        ],
      }),
    );
    // Only the delivery is left; two admins refund it (with the tote, which is gone) at the same moment.
    const stockBefore = (await product("bandana-nokturn")).stockQuantity;
    const results = await Promise.allSettled([
      refundOrder(refund(order.id, { includeDelivery: true, actorId: null })),
      refundOrder(refund(order.id, { includeDelivery: true, actorId: null })),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(DomainError);
    expect([400, 409]).toContain((lost[0].reason as DomainError).status);
    expect((await orderWithItems(order.id)).order.refundedAmount).toBe(order.totalAmount);
    expect(await countOf(s.refunds, eq(s.refunds.orderId, order.id))).toBe(2);
    expect((await product("bandana-nokturn")).stockQuantity).toBe(stockBefore);
  });

  it("two concurrent refunds of the same last unit with restock: one refund, the unit back in stock once", async () => {
    const { order, items } = await paidTestOrder();
    const bandana = items.find((item) => item.quantity === 1)!;
    const stockBefore = (await product("bandana-nokturn")).stockQuantity;
    const body = refund(order.id, { lines: [{ orderItemId: bandana.id, quantity: 1 }], restock: true });
    const results = await Promise.allSettled([refundOrder(body), refundOrder(body), refundOrder(body)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await product("bandana-nokturn")).stockQuantity).toBe(stockBefore + 1);
    expect(await countOf(s.refunds, eq(s.refunds.orderId, order.id))).toBe(1);
    const after = await orderWithItems(order.id);
    expect(after.items.find((item) => item.id === bandana.id)?.refundedQuantity).toBe(1);
  });

  it("no restock for an order whose stock was already given back (a cancellation before it): units back once", async () => {
    const { order, items } = await paidTestOrder();
    const bandana = items.find((item) => item.quantity === 1)!;
    await database.db.update(s.orders).set({ stockReturnedAt: new Date() }).where(eq(s.orders.id, order.id));
    const stockBefore = (await product("bandana-nokturn")).stockQuantity;
    await refundOrder(refund(order.id, { lines: [{ orderItemId: bandana.id, quantity: 1 }], restock: true }));
    expect((await product("bandana-nokturn")).stockQuantity).toBe(stockBefore);
    const [row] = await listOrderRefunds(order.id);
    expect(row?.restocked).toBe(false);
  });

  it("refuses bad input in Polish with 400 and stores nothing", async () => {
    const { order, items } = await paidTestOrder();
    const other = await paidTestOrder();
    const tote = items.find((item) => item.quantity === 2)!;
    const rowsBefore = await countOf(s.refunds);
    const mailBefore = await countOf(s.mailOutbox);
    const stockBefore = (await product("torba-nokturn-tote")).stockQuantity;
    const cases: [RefundOrderInput, string][] = [
      [
        refund(order.id, { lines: [{ orderItemId: tote.id, quantity: 3 }] }),
        refundErrors.tooMany(tote.productName, 2),
      ],
      [refund(order.id, { lines: [{ orderItemId: tote.id, quantity: -1 }] }), refundErrors.quantity],
      [refund(order.id, { lines: [{ orderItemId: tote.id, quantity: 1.5 }] }), refundErrors.quantity],
      [
        refund(order.id, { lines: [{ orderItemId: other.items[0].id, quantity: 1 }] }),
        refundErrors.foreignLine,
      ],
      [refund(order.id, { lines: [{ orderItemId: "nie-uuid", quantity: 1 }] }), refundErrors.foreignLine],
      [refund(randomUUID(), { lines: [{ orderItemId: tote.id, quantity: 1 }] }), "Zamówienie nie istnieje"],
      [refund("1 or 1=1", { lines: [{ orderItemId: tote.id, quantity: 1 }] }), "Zamówienie nie istnieje"],
      [refund(order.id, { lines: [] }), refundErrors.nothingChosen],
      [refund(order.id, { lines: [{ orderItemId: tote.id, quantity: 0 }] }), refundErrors.nothingChosen],
      [
        refund(order.id, { lines: [{ orderItemId: tote.id, quantity: 1 }], reason: "zły\u0000powód" }),
        "Podaj powód zwrotu (najwyżej 500 znaków, bez znaków sterujących)",
      ],
      [
        refund(order.id, { lines: [{ orderItemId: tote.id, quantity: 1 }], reason: "x".repeat(100_000) }),
        "Podaj powód zwrotu (najwyżej 500 znaków, bez znaków sterujących)",
      ],
      [
        refund(order.id, { lines: [{ orderItemId: tote.id, quantity: 1 }], withdrawalId: randomUUID() }),
        refundMessages.withdrawalForeign,
      ],
    ];
    for (const [input, message] of cases) {
      const error = await refusal(refundOrder(input));
      expect(error.message).toBe(message);
      expect(error.status).toBe(400);
    }
    expect(await countOf(s.refunds)).toBe(rowsBefore);
    expect(await countOf(s.mailOutbox)).toBe(mailBefore);
    expect((await orderWithItems(order.id)).order.refundedAmount).toBe(0);
    expect((await product("torba-nokturn-tote")).stockQuantity).toBe(stockBefore);

    // An amount sent along is never read: the server prices the unit as it was paid.
    const priced = await refundOrder({
      ...refund(order.id, { lines: [{ orderItemId: tote.id, quantity: 1 }] }),
      amount: 10_000_000,
    } as RefundOrderInput);
    expect(priced.amount).toBe(tote.pricePerUnit);
    // Delivery cannot be refunded twice, whatever the caller says.
    await refundOrder(refund(order.id, { includeDelivery: true }));
    const delivery = await refusal(refundOrder(refund(order.id, { includeDelivery: true })));
    expect(delivery).toMatchObject({ status: 400, message: refundErrors.deliveryRefunded });
  });

  it("refuses an order that was never paid through a provider", async () => {
    const [unpaid] = await database.db
      .insert(s.orders)
      .values({
        customerEmail: "bez-platnosci@example.pl",
        subtotal: 1000,
        deliveryMethod: "courier",
        deliveryCost: 1699,
        totalAmount: 2699,
      })
      .returning();
    const error = await refusal(refundOrder(refund(unpaid.id, { includeDelivery: true })));
    expect(error).toMatchObject({ status: 400, message: refundMessages.notPaid });
    expect(await countOf(s.refunds, eq(s.refunds.orderId, unpaid.id))).toBe(0);
  });

  it("a provider refusal fails the row and gives back the amounts, the stock and the withdrawal; no e-mail", async () => {
    const { order, items } = await paidTestOrder();
    const tote = items.find((item) => item.quantity === 2)!;
    const [withdrawal] = await database.db
      .insert(s.withdrawals)
      .values({
        orderId: order.id,
        lines: [{ orderItemId: tote.id, quantity: 2 }],
        customerEmail: order.customerEmail,
      })
      .returning();
    const refusing: PaymentProvider = Object.assign(Object.create(paymentProvider()), {
      createRefund: async () => {
        throw new RefundRefusedError("charge_already_refunded");
      },
    });
    const stockBefore = (await product("torba-nokturn-tote")).stockQuantity;
    const mailBefore = await mailsOfKind("refund-issued");
    const result = await refundOrder(
      refund(order.id, {
        lines: [{ orderItemId: tote.id, quantity: 2 }],
        includeDelivery: true,
        restock: true,
        kind: "withdrawal",
        withdrawalId: withdrawal.id,
      }),
      { provider: refusing },
    );
    expect(result.status).toBe("failed");
    const after = await orderWithItems(order.id);
    expect(after.order.refundedAmount).toBe(0);
    expect(after.items.every((item) => item.refundedQuantity === 0)).toBe(true);
    expect((await product("torba-nokturn-tote")).stockQuantity).toBe(stockBefore);
    const [row] = await database.db.select().from(s.refunds).where(eq(s.refunds.id, result.refundId));
    expect(row).toMatchObject({ status: "failed", restocked: false });
    expect(row.failureReason).toContain("odrzucił");
    const [reopened] = await database.db
      .select()
      .from(s.withdrawals)
      .where(eq(s.withdrawals.id, withdrawal.id));
    expect(reopened.status).toBe("open");
    expect(await mailsOfKind("refund-issued")).toBe(mailBefore);

    // The withdrawal can be refunded again, now with the real provider: closed, delivery capped at 13,99 zł.
    const retry = await refundOrder(
      refund(order.id, {
        lines: [{ orderItemId: tote.id, quantity: 2 }],
        includeDelivery: true,
        kind: "withdrawal",
        withdrawalId: withdrawal.id,
      }),
    );
    expect(retry).toMatchObject({ status: "succeeded", amount: tote.pricePerUnit * 2 + 1399 });
    const [closed] = await database.db
      .select()
      .from(s.withdrawals)
      .where(eq(s.withdrawals.id, withdrawal.id));
    expect(closed.status).toBe("refunded");
    const twice = await refusal(
      refundOrder(
        refund(order.id, {
          lines: [{ orderItemId: items.find((item) => item.quantity === 1)!.id, quantity: 1 }],
          kind: "withdrawal",
          withdrawalId: withdrawal.id,
        }),
      ),
    );
    expect(twice).toMatchObject({ status: 409, message: refundMessages.withdrawalClosed });
  });

  it("a provider that does not answer leaves the refund pending with the amounts held", async () => {
    const { order, items } = await paidTestOrder();
    const silent: PaymentProvider = Object.assign(Object.create(paymentProvider()), {
      createRefund: async () => {
        throw new Error("ECONNRESET");
      },
    });
    const bandana = items.find((item) => item.quantity === 1)!;
    const result = await refundOrder(
      refund(order.id, { lines: [{ orderItemId: bandana.id, quantity: 1 }] }),
      {
        provider: silent,
      },
    );
    expect(result.status).toBe("pending");
    expect((await orderWithItems(order.id)).order.refundedAmount).toBe(result.amount);
    const [row] = await database.db.select().from(s.refunds).where(eq(s.refunds.id, result.refundId));
    expect(row.failureReason).toBe(refundMessages.providerUnavailable);
  });
});

describe("Stripe refunds (local double, signed webhooks)", () => {
  async function paidStripeOrder() {
    selectProvider("stripe");
    const tote = await product("torba-nokturn-tote");
    const started = await startCheckout(request([{ productId: tote.id, quantity: 2 }]), null);
    const session = [...stripeDouble.sessions.values()].find(
      (x) => x.metadata.checkoutId === started.checkoutId,
    )!;
    const paid = stripeDouble.pay(session.id, `stripe-${randomUUID().slice(0, 8)}@example.pl`);
    expect((await handle(webhook("checkout.session.completed", paid))).status).toBe(200);
    const [order] = await database.db
      .select()
      .from(s.orders)
      .where(eq(s.orders.checkoutId, started.checkoutId));
    const items = await database.db.select().from(s.orderItems).where(eq(s.orderItems.orderId, order.id));
    return { order, items, paymentIntent: paid.payment_intent! };
  }

  it("sends Stripe's Refunds API request with the idempotency key, and keeps the refund id", async () => {
    const { order, items, paymentIntent } = await paidStripeOrder();
    const [checkout] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, order.checkoutId!));
    expect(checkout.providerPaymentId).toBe(paymentIntent);
    const result = await refundOrder(
      refund(order.id, { lines: [{ orderItemId: items[0].id, quantity: 1 }], reason: "Uszkodzony nadruk" }),
    );
    expect(result.status).toBe("succeeded");
    const sent = stripeDouble.refundRequests.at(-1)!;
    expect(sent.idempotencyKey).toBe(`refund-${result.refundId}`);
    expect(sent.params).toMatchObject({
      payment_intent: paymentIntent,
      amount: String(items[0].pricePerUnit),
      reason: "requested_by_customer",
      "metadata[refundId]": result.refundId,
      "metadata[orderId]": order.id,
      "metadata[kind]": "manual",
    });
    const [row] = await database.db.select().from(s.refunds).where(eq(s.refunds.id, result.refundId));
    expect(row.providerRefundId).toBe(stripeDouble.refunds.at(-1)!.id);
    expect(row.provider).toBe("stripe");
  });

  it("a pending Stripe refund is settled by refund.updated; refund.failed gives the amounts back; replays change nothing", async () => {
    const { order, items } = await paidStripeOrder();
    stripeDouble.refundStatus = "pending";
    const first = await refundOrder(refund(order.id, { lines: [{ orderItemId: items[0].id, quantity: 1 }] }));
    const second = await refundOrder(refund(order.id, { includeDelivery: true }));
    expect(first.status).toBe("pending");
    expect(second.status).toBe("pending");
    const [firstStripe, secondStripe] = stripeDouble.refunds.slice(-2);

    const succeeded = webhook("refund.updated", { ...firstStripe, status: "succeeded" });
    for (let i = 0; i < 3; i++) expect((await handle(succeeded)).status).toBe(200);
    const failed = webhook("refund.failed", {
      ...secondStripe,
      status: "failed",
      failure_reason: "expired_or_canceled_card",
    });
    for (let i = 0; i < 3; i++) expect((await handle(failed)).status).toBe(200);

    const rows = await listOrderRefunds(order.id);
    expect(rows.find((row) => row.id === first.refundId)?.status).toBe("succeeded");
    expect(rows.find((row) => row.id === second.refundId)).toMatchObject({
      status: "failed",
      failureReason: "expired_or_canceled_card",
    });
    expect((await orderWithItems(order.id)).order.refundedAmount).toBe(first.amount);

    // charge.refunded with the refunds listed settles too; a refund this shop never made is ignored with 200.
    const third = await refundOrder(refund(order.id, { includeDelivery: true }));
    const thirdStripe = stripeDouble.refunds.at(-1)!;
    const charge = webhook("charge.refunded", {
      id: "ch_test",
      object: "charge",
      refunds: { object: "list", data: [{ ...thirdStripe, status: "succeeded" }] },
    });
    expect((await handle(charge)).status).toBe(200);
    expect((await listOrderRefunds(order.id)).find((row) => row.id === third.refundId)?.status).toBe(
      "succeeded",
    );
    const rowsBefore = await countOf(s.refunds);
    const stranger = webhook("refund.updated", {
      id: "re_someone_else",
      object: "refund",
      status: "succeeded",
      metadata: { refundId: "nie-uuid" },
    });
    expect((await handle(stranger)).status).toBe(200);
    expect(await countOf(s.refunds)).toBe(rowsBefore);
  });

  it("a webhook that arrives before our request's answer is found by the metadata refund id", async () => {
    const { order, items } = await paidStripeOrder();
    const silent: PaymentProvider = Object.assign(Object.create(paymentProvider()), {
      createRefund: async () => {
        throw new Error("socket hang up");
      },
    });
    const result = await refundOrder(
      refund(order.id, { lines: [{ orderItemId: items[0].id, quantity: 1 }] }),
      {
        provider: silent,
      },
    );
    expect(result.status).toBe("pending");
    const event = webhook("refund.updated", {
      id: "re_from_dashboard_retry",
      object: "refund",
      amount: result.amount,
      status: "succeeded",
      metadata: { refundId: result.refundId },
    });
    expect((await handle(event)).status).toBe(200);
    const [row] = await database.db.select().from(s.refunds).where(eq(s.refunds.id, result.refundId));
    expect(row).toMatchObject({ status: "succeeded", providerRefundId: "re_from_dashboard_retry" });
  });

  it("Stripe down (500 after the SDK's retries with the same key) leaves the refund pending, amounts held", async () => {
    const { order, items } = await paidStripeOrder();
    stripeDouble.refundFailure = "outage";
    const requestsBefore = stripeDouble.refundRequests.length;
    const result = await refundOrder(
      refund(order.id, { lines: [{ orderItemId: items[0].id, quantity: 1 }] }),
    );
    expect(result.status).toBe("pending");
    const sent = stripeDouble.refundRequests.slice(requestsBefore);
    expect(sent.length).toBeGreaterThan(1);
    expect(new Set(sent.map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${result.refundId}`]));
    expect((await orderWithItems(order.id)).order.refundedAmount).toBe(result.amount);
  });

  it("Stripe refusing the refund fails it and gives the amounts back", async () => {
    const { order, items } = await paidStripeOrder();
    stripeDouble.refundFailure = "refuse";
    const result = await refundOrder(
      refund(order.id, { lines: [{ orderItemId: items[0].id, quantity: 2 }] }),
    );
    expect(result.status).toBe("failed");
    expect((await orderWithItems(order.id)).order.refundedAmount).toBe(0);
  });
});

describe("automatic refund of a payment that arrived after its stock sold out", () => {
  it("refunds once and e-mails once, however often the webhook comes and the buyer returns; stock untouched", async () => {
    selectProvider("stripe");
    await setStock("smycz-nokturn", 1);
    const lanyard = await product("smycz-nokturn");
    const late = await startCheckout(request([{ productId: lanyard.id, quantity: 1 }]), null);
    await releaseCheckout(late.checkoutId, "expired");
    // Someone else buys the last one meanwhile (test provider).
    selectProvider("test");
    const other = await startCheckout(request([{ productId: lanyard.id, quantity: 1 }]), null);
    await payTestCheckout(other.checkoutId, {
      email: "szybszy@example.pl",
      name: "Szybszy",
      address: "ul. Ruska 1",
      postalCode: "50-079",
      city: "Wrocław",
    });
    expect((await product("smycz-nokturn")).stockQuantity).toBe(0);

    selectProvider("stripe");
    const session = [...stripeDouble.sessions.values()].find(
      (x) => x.metadata.checkoutId === late.checkoutId,
    )!;
    const paid = stripeDouble.pay(session.id, "Spozniony@Example.pl");
    const event = webhook("checkout.session.async_payment_succeeded", paid);
    const mailBefore = await mailsOfKind("sold-out-refund");
    const requestsBefore = stripeDouble.refundRequests.length;

    const [returned, ...answers] = await Promise.all([
      fulfilBySessionId(session.id),
      handle(event),
      handle(event),
    ]);
    for (let i = 0; i < 3; i++) answers.push(await handle(event));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(returned).toMatchObject({ kind: "refunded", amount: late.priced.total });
    expect(await fulfilBySessionId(session.id)).toMatchObject({ kind: "refunded" });

    const rows = await database.db.select().from(s.refunds).where(eq(s.refunds.checkoutId, late.checkoutId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "sold_out",
      orderId: null,
      amount: late.priced.total,
      status: "succeeded",
      provider: "stripe",
    });
    expect(stripeDouble.refunds.filter((r) => r.metadata.checkoutId === late.checkoutId)).toHaveLength(1);
    expect(stripeDouble.refundRequests.length - requestsBefore).toBe(1);
    expect(stripeDouble.refundRequests.at(-1)?.params).toMatchObject({
      payment_intent: paid.payment_intent,
      amount: String(late.priced.total),
    });
    expect(await mailsOfKind("sold-out-refund")).toBe(mailBefore + 1);
    const [mail] = await database.db
      .select()
      .from(s.mailOutbox)
      .where(eq(s.mailOutbox.kind, "sold-out-refund"));
    expect(mail.to).toBe("spozniony@example.pl");
    expect(mail.text).toContain("wyprzedane");

    const [checkout] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, late.checkoutId));
    expect(checkout).toMatchObject({ refundedAmount: late.priced.total, needsAttention: "paid_stock_gone" });
    expect(
      await database.db.select().from(s.orders).where(eq(s.orders.checkoutId, late.checkoutId)),
    ).toHaveLength(0);
    expect((await product("smycz-nokturn")).stockQuantity).toBe(0);

    const listed = await listSoldOutRefunds();
    expect(listed.find((row) => row.checkoutId === late.checkoutId)).toMatchObject({
      email: "spozniony@example.pl",
      amount: late.priced.total,
      status: "succeeded",
    });
  });
});
