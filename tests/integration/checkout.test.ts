import { and, count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import { checkoutRequestSchema } from "../../app/modules/cart/cart.schema";
import {
  CheckoutError,
  fulfilBySessionId,
  PaymentUnavailableError,
  releaseCheckout,
  startCheckout,
  sweepExpiredCheckouts,
} from "../../app/modules/checkout/checkout.server";
import { handleStripeWebhook } from "../../app/modules/checkout/stripe-webhook.server";
import { payTestCheckout } from "../../app/modules/checkout/test-payment.server";
import { paymentProvider, resetPaymentProvider } from "../../app/modules/payments/payment-provider.server";
import * as s from "../../db/schema";
import { seedDemo } from "../../db/seed";
import { type StripeDouble, startStripeDouble } from "../support/stripe-double";
import { createTestDatabase, type TestDatabase, usingPostgres } from "../support/test-database";

const WEBHOOK_SECRET = "whsec_integration_test_secret";
let database: TestDatabase;
let stripeDouble: StripeDouble;
const stripe = new Stripe("sk_test_for_signatures");

async function product(slug: string) {
  const [row] = await database.db.select().from(s.products).where(eq(s.products.slug, slug));
  return row;
}

async function variant(productSlug: string, size: string) {
  const p = await product(productSlug);
  const [row] = await database.db
    .select()
    .from(s.productVariants)
    .where(and(eq(s.productVariants.productId, p.id), eq(s.productVariants.size, size)));
  return row;
}

async function setStock(slug: string, stock: number) {
  await database.db.update(s.products).set({ stockQuantity: stock }).where(eq(s.products.slug, slug));
}

async function countRows(
  table: typeof s.orders | typeof s.checkouts | typeof s.mailOutbox | typeof s.discountCodeUsages,
) {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row.n;
}

function useProvider(kind: "test" | "stripe") {
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

function webhook(type: string, session: unknown) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    data: { object: session },
  });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, header };
}

const courier = (
  lines: { productId: string; variantId: string | null; quantity: number }[],
  discountCode: string | null = null,
) => checkoutRequestSchema.parse({ lines, deliveryMethod: "courier", locker: null, discountCode });

beforeAll(async () => {
  stripeDouble = await startStripeDouble();
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
});

afterAll(async () => {
  useProvider("test");
  setDatabase(undefined);
  await database?.dispose();
  await stripeDouble?.close();
});

beforeEach(() => {
  stripeDouble.failCreate = false;
  useProvider("test");
});

describe(`checkout on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("prices the Stripe session from the database, whatever the browser claims", async () => {
    useProvider("stripe");
    const tote = await product("torba-nokturn-tote");
    const body = {
      lines: [{ productId: tote.id, variantId: null, quantity: 2, price: 1, name: "Za darmo" }],
      deliveryMethod: "courier",
      locker: null,
      discountCode: null,
      total: 100,
      cartTotal: 100,
    };
    const started = await startCheckout(checkoutRequestSchema.parse(body), null);
    expect(started.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = [...stripeDouble.sessions.values()].find(
      (x) => x.metadata.checkoutId === started.checkoutId,
    )!;
    expect(session.params["line_items[0][price_data][unit_amount]"]).toBe(String(tote.price));
    expect(session.params["line_items[0][quantity]"]).toBe("2");
    expect(session.params["line_items[0][price_data][currency]"]).toBe("pln");
    expect(session.params["shipping_options[0][shipping_rate_data][fixed_amount][amount]"]).toBe("1699");
    expect(session.params["shipping_address_collection[allowed_countries][0]"]).toBe("PL");
    expect(session.params["phone_number_collection[enabled]"]).toBe("true");
    expect(session.params["allowed_payment_method_types[1]"]).toBe("blik");
    expect(Number(session.params.expires_at) * 1000).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(started.priced.total).toBe(tote.price * 2 + 1699);
    const [checkout] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, started.checkoutId));
    expect(checkout.total).toBe(tote.price * 2 + 1699);
    expect(checkout.providerSessionId).toBe(session.id);
    await releaseCheckout(started.checkoutId, "cancelled");
  });

  it("fulfils once when the webhook is replayed five times, and the return page finds the same order", async () => {
    useProvider("stripe");
    const tote = await product("torba-nokturn-tote");
    const ordersBefore = await countRows(s.orders);
    const mailBefore = await countRows(s.mailOutbox);
    const started = await startCheckout(
      courier([{ productId: tote.id, variantId: null, quantity: 1 }]),
      null,
    );
    const sessionId = [...stripeDouble.sessions.values()].find(
      (x) => x.metadata.checkoutId === started.checkoutId,
    )!.id;
    const paid = stripeDouble.pay(sessionId, "Replay@Example.pl");
    const event = webhook("checkout.session.completed", paid);
    for (let i = 0; i < 5; i++) {
      const result = await handleStripeWebhook(event.payload, event.header, {
        secret: WEBHOOK_SECRET,
        stripe,
      });
      expect(result.status).toBe(200);
    }
    expect(await countRows(s.orders)).toBe(ordersBefore + 1);
    expect(await countRows(s.mailOutbox)).toBe(mailBefore + 1);
    const outcome = await fulfilBySessionId(sessionId);
    expect(outcome.kind).toBe("order");
    expect(await countRows(s.orders)).toBe(ordersBefore + 1);
    const [order] = await database.db
      .select()
      .from(s.orders)
      .where(eq(s.orders.checkoutId, started.checkoutId));
    expect(order.customerEmail).toBe("replay@example.pl");
    expect(order.shippingAddress?.city).toBe("Wrocław");
    expect(order.totalAmount).toBe(tote.price + 1699);
    const [mail] = await database.db
      .select()
      .from(s.mailOutbox)
      .where(eq(s.mailOutbox.kind, "order-confirmation"));
    expect(mail.subject).toContain(order.id.slice(0, 8).toUpperCase());
    expect(mail.text).toContain("Prawo odstąpienia");
    expect(mail.text).toContain("/formularz-odstapienia");
  });

  it("creates one order when the webhook and the return arrive at the same moment", async () => {
    useProvider("stripe");
    const tote = await product("torba-nokturn-tote");
    const ordersBefore = await countRows(s.orders);
    const started = await startCheckout(
      courier([{ productId: tote.id, variantId: null, quantity: 1 }]),
      null,
    );
    const sessionId = [...stripeDouble.sessions.values()].find(
      (x) => x.metadata.checkoutId === started.checkoutId,
    )!.id;
    const event = webhook("checkout.session.completed", stripeDouble.pay(sessionId));
    const [fromWebhook, fromReturn] = await Promise.all([
      handleStripeWebhook(event.payload, event.header, { secret: WEBHOOK_SECRET, stripe }),
      fulfilBySessionId(sessionId),
    ]);
    expect(fromWebhook.status).toBe(200);
    expect(fromReturn.kind).toBe("order");
    expect(await countRows(s.orders)).toBe(ordersBefore + 1);
  });

  it("answers 400 to a bad signature and writes nothing", async () => {
    useProvider("stripe");
    const tote = await product("torba-nokturn-tote");
    const started = await startCheckout(
      courier([{ productId: tote.id, variantId: null, quantity: 1 }]),
      null,
    );
    const sessionId = [...stripeDouble.sessions.values()].find(
      (x) => x.metadata.checkoutId === started.checkoutId,
    )!.id;
    const event = webhook("checkout.session.completed", stripeDouble.pay(sessionId));
    const ordersBefore = await countRows(s.orders);
    const forged = stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: "whsec_someone_else",
    });
    for (const signature of [forged, "t=1,v1=deadbeef", null]) {
      const result = await handleStripeWebhook(event.payload, signature, { secret: WEBHOOK_SECRET, stripe });
      expect(result.status).toBe(400);
    }
    const tampered = event.payload.replace('"paid"', '"unpaid"');
    expect(
      (await handleStripeWebhook(tampered, event.header, { secret: WEBHOOK_SECRET, stripe })).status,
    ).toBe(400);
    expect(await countRows(s.orders)).toBe(ordersBefore);
    const [checkout] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, started.checkoutId));
    expect(checkout.status).toBe("open");
  });

  it("gives the stock back when a session expires (webhook or sweep)", async () => {
    useProvider("stripe");
    await setStock("bandana-nokturn", 8);
    const bandana = await product("bandana-nokturn");
    const first = await startCheckout(
      courier([{ productId: bandana.id, variantId: null, quantity: 3 }]),
      null,
    );
    expect((await product("bandana-nokturn")).stockQuantity).toBe(5);
    const session = [...stripeDouble.sessions.values()].find(
      (x) => x.metadata.checkoutId === first.checkoutId,
    )!;
    session.status = "expired";
    const event = webhook("checkout.session.expired", session);
    expect(
      (await handleStripeWebhook(event.payload, event.header, { secret: WEBHOOK_SECRET, stripe })).status,
    ).toBe(200);
    expect((await product("bandana-nokturn")).stockQuantity).toBe(8);
    // A replayed expiry gives nothing back twice.
    await handleStripeWebhook(event.payload, event.header, { secret: WEBHOOK_SECRET, stripe });
    expect((await product("bandana-nokturn")).stockQuantity).toBe(8);

    const second = await startCheckout(
      courier([{ productId: bandana.id, variantId: null, quantity: 2 }]),
      null,
    );
    expect((await product("bandana-nokturn")).stockQuantity).toBe(6);
    const later = new Date(Date.now() + 60 * 60_000);
    const swept = await sweepExpiredCheckouts({ now: later });
    expect(swept.released).toBeGreaterThanOrEqual(1);
    expect((await product("bandana-nokturn")).stockQuantity).toBe(8);
    const [checkout] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, second.checkoutId));
    expect(checkout.status).toBe("expired");
  });

  it("releases the reservation when the payment session cannot be created", async () => {
    useProvider("stripe");
    stripeDouble.failCreate = true;
    await setStock("zapalniczka-nokturn", 25);
    const lighter = await product("zapalniczka-nokturn");
    const error = await startCheckout(
      courier([{ productId: lighter.id, variantId: null, quantity: 2 }]),
      null,
    ).catch((e) => e);
    expect(error).toBeInstanceOf(PaymentUnavailableError);
    expect(error.message).toBe("Płatności chwilowo niedostępne. Spróbuj ponownie za chwilę.");
    expect((await product("zapalniczka-nokturn")).stockQuantity).toBe(25);
  }, 30_000);

  it("refuses a line that is no longer available, naming it, and reserves nothing", async () => {
    const lanyard = await product("smycz-nokturn"); // sold out
    const tote = await product("torba-nokturn-tote");
    const totesBefore = tote.stockQuantity;
    const checkoutsBefore = await countRows(s.checkouts);
    const error = await startCheckout(
      courier([
        { productId: tote.id, variantId: null, quantity: 1 },
        { productId: lanyard.id, variantId: null, quantity: 1 },
      ]),
      null,
    ).catch((e) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error.status).toBe(409);
    expect(error.message).toContain("Smycz NOKTURN");
    expect((await product("torba-nokturn-tote")).stockQuantity).toBe(totesBefore);
    expect(await countRows(s.checkouts)).toBe(checkoutsBefore);
    const xxl = await variant("koszulka-nokturn-logo", "XXL"); // 0 in stock
    const tee = await product("koszulka-nokturn-logo");
    const sizeError = await startCheckout(
      courier([{ productId: tee.id, variantId: xxl.id, quantity: 1 }]),
      null,
    ).catch((e) => e);
    expect(sizeError.status).toBe(409);
  });

  it("sells exactly the stock to 50 parallel buyers and never goes negative", async () => {
    await setStock("czapka-nokturn-beanie", 5);
    const beanie = await product("czapka-nokturn-beanie");
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        startCheckout(courier([{ productId: beanie.id, variantId: null, quantity: 1 }]), null),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(CheckoutError);
      expect(r.reason.message).toContain("Czapka NOKTURN Beanie");
    }
    expect((await product("czapka-nokturn-beanie")).stockQuantity).toBe(0);
    const [active] = await database.db
      .select({ n: count() })
      .from(s.stockReservations)
      .where(and(eq(s.stockReservations.productId, beanie.id), eq(s.stockReservations.status, "active")));
    expect(active.n).toBe(5);
  }, 60_000);

  it("uses the last use of a code once when two checkouts race for it", async () => {
    await database.db
      .insert(s.discountCodes)
      .values({ code: "OSTATNI", type: "fixed_amount", value: 500, maxUses: 3, currentUses: 2 });
    const tote = await product("torba-nokturn-tote");
    const request = courier([{ productId: tote.id, variantId: null, quantity: 1 }], "ostatni");
    const results = await Promise.allSettled([startCheckout(request, null), startCheckout(request, null)]);
    const ok = results.filter(
      (r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof startCheckout>>> => r.status === "fulfilled",
    );
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].reason.status).toBe(400);
    expect(ok[0].value.priced.discountAmount).toBe(500);
    const [code] = await database.db
      .select()
      .from(s.discountCodes)
      .where(eq(s.discountCodes.code, "OSTATNI"));
    expect(code.currentUses).toBe(3);

    const paid = await payTestCheckout(ok[0].value.checkoutId, {
      email: "rabat@example.pl",
      name: "Ola Rabat",
      address: "ul. Kodowa 3",
      postalCode: "50-002",
      city: "Wrocław",
    });
    expect(paid?.created).toBe(true);
    const usages = await database.db
      .select()
      .from(s.discountCodeUsages)
      .where(eq(s.discountCodeUsages.discountCodeId, code.id));
    expect(usages).toHaveLength(1);
    expect(usages[0].discountAmount).toBe(500);
  });

  it("pays with the test provider: order, e-mail, stock sold; a reload creates nothing; cancel gives stock back", async () => {
    expect(paymentProvider().name).toBe("test");
    const m = await variant("bluza-nokturn-afterhours", "M");
    const hoodie = await product("bluza-nokturn-afterhours");
    const stockBefore = m.stockQuantity;
    const ordersBefore = await countRows(s.orders);
    const started = await startCheckout(
      checkoutRequestSchema.parse({
        lines: [{ productId: hoodie.id, variantId: m.id, quantity: 1 }],
        deliveryMethod: "inpost",
        locker: { id: "WRO01M", name: "WRO01M", address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" } },
        discountCode: null,
      }),
      { id: "no-such-user", email: "nie@example.pl" },
    ).catch((e) => e);
    // A buyer id that is not a user is refused by the database (foreign key): nothing kept.
    expect(started).toBeInstanceOf(Error);
    expect((await variant("bluza-nokturn-afterhours", "M")).stockQuantity).toBe(stockBefore);

    const guest = await startCheckout(
      checkoutRequestSchema.parse({
        lines: [{ productId: hoodie.id, variantId: m.id, quantity: 1 }],
        deliveryMethod: "inpost",
        locker: { id: "WRO01M", name: "WRO01M", address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" } },
        discountCode: null,
      }),
      null,
    );
    expect(guest.url).toContain(`/platnosc-testowa/${guest.checkoutId}`);
    expect((await variant("bluza-nokturn-afterhours", "M")).stockQuantity).toBe(stockBefore - 1);
    const paid = await payTestCheckout(guest.checkoutId, {
      email: "gosc@example.pl",
      name: "Gość Testowy",
      address: "ul. Długa 5",
      postalCode: "50-100",
      city: "Wrocław",
    });
    expect(paid?.created).toBe(true);
    expect(await countRows(s.orders)).toBe(ordersBefore + 1);
    const again = await fulfilBySessionId(paid!.sessionId);
    expect(again).toMatchObject({ kind: "order", order: { orderId: paid!.orderId, created: false } });
    expect(await countRows(s.orders)).toBe(ordersBefore + 1);
    // Paying twice is refused.
    expect(
      await payTestCheckout(guest.checkoutId, {
        email: "x@example.pl",
        name: "Ktoś",
        address: "ul. A 1",
        postalCode: "00-001",
        city: "Łódź",
      }),
    ).toBeNull();
    const [order] = await database.db.select().from(s.orders).where(eq(s.orders.id, paid!.orderId));
    expect(order.locker?.name).toBe("WRO01M");
    expect(order.shippingAddress).toBeNull();
    expect(order.deliveryCost).toBe(0); // 279 zł of products: free delivery
    expect((await variant("bluza-nokturn-afterhours", "M")).stockQuantity).toBe(stockBefore - 1);

    const cancelled = await startCheckout(
      courier([{ productId: hoodie.id, variantId: m.id, quantity: 2 }]),
      null,
    );
    expect((await variant("bluza-nokturn-afterhours", "M")).stockQuantity).toBe(stockBefore - 3);
    expect(await releaseCheckout(cancelled.checkoutId, "cancelled")).toBe(true);
    expect(await releaseCheckout(cancelled.checkoutId, "cancelled")).toBe(false);
    expect((await variant("bluza-nokturn-afterhours", "M")).stockQuantity).toBe(stockBefore - 1);
    expect(
      await payTestCheckout(cancelled.checkoutId, {
        email: "x@example.pl",
        name: "Ktoś",
        address: "ul. A 1",
        postalCode: "00-001",
        city: "Łódź",
      }),
    ).toBeNull();
  });
});
