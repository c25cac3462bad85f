/**
 * Issue #14, checkout side: first-order codes used once per buyer (e-mail and account, concurrency-safe,
 * at reservation and at fulfilment), per-client checkout limits, one shared limit of failed code checks
 * across the three endpoints that reveal a code, control characters and tampered bodies refused in
 * Polish, and a Stripe webhook that never answers 500 to a verified event it cannot act upon.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import { requestContext } from "../../app/lib/request-context";
import { CONTROL_CHARS_MESSAGE } from "../../app/lib/text-fields";
import { resetAuth } from "../../app/modules/accounts/auth.server";
import { type CheckoutRequest, checkoutRequestSchema } from "../../app/modules/cart/cart.schema";
import {
  type Buyer,
  CheckoutError,
  fulfilBySessionId,
  fulfilCheckout,
  releaseCheckout,
  startCheckout,
} from "../../app/modules/checkout/checkout.server";
import {
  CHECKOUT_COOKIE,
  type CheckoutClient,
  TOO_MANY_CHECKOUT_STARTS_MESSAGE,
  TOO_MANY_OPEN_CHECKOUTS_MESSAGE,
} from "../../app/modules/checkout/checkout-limits.server";
import { handleStripeWebhook } from "../../app/modules/checkout/stripe-webhook.server";
import { payTestCheckout } from "../../app/modules/checkout/test-payment.server";
import {
  CODE_CHECK_LIMIT,
  TOO_MANY_CODE_CHECKS_MESSAGE,
} from "../../app/modules/discounts/code-checks.server";
import { resetPaymentProvider } from "../../app/modules/payments/payment-provider.server";
import { action as cartPricesAction } from "../../app/routes/api/cart-prices";
import { action as checkoutAction } from "../../app/routes/api/checkout";
import { action as validateAction } from "../../app/routes/api/discount-codes-validate";
import { action as stripeWebhookAction } from "../../app/routes/api/stripe-webhook";
import { action as testPaymentAction } from "../../app/routes/test-payment";
import * as s from "../../db/schema";
import { DEMO_CUSTOMER, seedDemo } from "../../db/seed";
import { startStripeDouble } from "../support/stripe-double";
import { createTestDatabase, type TestDatabase, usingPostgres } from "../support/test-database";

const FIRST_ORDER_MESSAGE = "Kod PIERWSZE15 obowiązuje tylko przy pierwszym zamówieniu";
const WEBHOOK_SECRET = "whsec_hardening_test_secret";
const origin = "http://localhost:3000";
const stripe = new Stripe("sk_test_for_signatures");
let database: TestDatabase;
let tote: typeof s.products.$inferSelect;
let lighter: typeof s.products.$inferSelect;
let ipCounter = 0;

/** A fresh client address for each test, so the per-IP limits of one test never touch another. */
function freshIp() {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

async function product(slug: string) {
  const [row] = await database.db.select().from(s.products).where(eq(s.products.slug, slug));
  return row;
}

function order(
  discountCode: string | null,
  email?: string | null,
  lines = [{ productId: tote.id, variantId: null, quantity: 1 }],
): CheckoutRequest {
  return checkoutRequestSchema.parse({
    lines,
    deliveryMethod: "courier",
    locker: null,
    discountCode,
    ...(email === undefined ? {} : { email }),
  });
}

const payment = (email: string) => ({
  email,
  name: "Ola Pierwsza",
  address: "ul. Ruska 1",
  postalCode: "50-079",
  city: "Wrocław",
});

function uniqueEmail(label: string) {
  return `${label}-${randomUUID().slice(0, 8)}@example.pl`;
}

async function newAccount(email: string): Promise<NonNullable<Buyer>> {
  const id = randomUUID();
  await database.db.insert(s.user).values({ id, name: "Nowa", email });
  return { id, email };
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function call(handler: (args: never) => Promise<Response> | Response, request: Request) {
  const response = await handler({ request, params: {}, context: requestContext() } as never);
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, body };
}

function webhook(type: string, session: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: "event",
    type,
    data: { object: { object: "checkout.session", ...session } },
  });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, header };
}

beforeAll(async () => {
  process.env.AUTH_SECRET = "integration-test-secret-0123456789abcdef";
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.STRIPE_API_URL;
  delete process.env.CHECKOUT_OPEN_PER_IP;
  delete process.env.CHECKOUT_STARTS_PER_IP;
  resetEnvCache();
  resetAuth();
  resetPaymentProvider();
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
  await database.db
    .update(s.products)
    .set({ stockQuantity: 10_000 })
    .where(eq(s.products.slug, "torba-nokturn-tote"));
  tote = await product("torba-nokturn-tote");
  lighter = await product("zapalniczka-nokturn");
});

afterAll(async () => {
  delete process.env.CHECKOUT_STARTS_PER_IP;
  resetEnvCache();
  setDatabase(undefined);
  resetAuth();
  await database?.dispose();
});

beforeEach(() => {
  delete process.env.CHECKOUT_STARTS_PER_IP;
  resetEnvCache();
});

describe(`first-order-only codes on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("reserves exactly one of two concurrent guest checkouts with one e-mail (case and +tag ignored)", async () => {
    const email = uniqueEmail("para");
    const [local, domain] = email.split("@");
    const results = await Promise.allSettled([
      startCheckout(order("PIERWSZE15", email), null),
      startCheckout(order("pierwsze15", ` ${local.toUpperCase()}+druga@${domain} `), null),
    ]);
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toBeInstanceOf(CheckoutError);
    expect(refused[0].reason.status).toBe(400);
    expect(refused[0].reason.message).toBe(FIRST_ORDER_MESSAGE);
    const [claims] = await database.db
      .select({ n: count() })
      .from(s.firstOrderClaims)
      .where(eq(s.firstOrderClaims.emailKey, email));
    expect(claims.n).toBe(1);
  });

  it("refuses the demo customer's e-mail (it has orders) with SPEC's message, also through the API", async () => {
    const error = await startCheckout(order("PIERWSZE15", " Klient@Nokturn.example "), null).catch((e) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error.message).toBe(FIRST_ORDER_MESSAGE);
    const viaApi = await call(
      checkoutAction,
      post(
        "/api/checkout",
        { ...order("PIERWSZE15"), email: DEMO_CUSTOMER.email },
        { "x-nokturn-client-ip": freshIp() },
      ),
    );
    expect(viaApi.status).toBe(400);
    expect(viaApi.body.message).toBe(FIRST_ORDER_MESSAGE);
  });

  it("asks a guest for the e-mail first; the payment is locked to it", async () => {
    const missing = await call(
      checkoutAction,
      post("/api/checkout", order("PIERWSZE15"), { "x-nokturn-client-ip": freshIp() }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      message: "Podaj adres e-mail, aby użyć kodu PIERWSZE15 (obowiązuje tylko przy pierwszym zamówieniu).",
      field: "email",
    });

    const email = uniqueEmail("zablokowany");
    const started = await startCheckout(order("PIERWSZE15", email), null);
    expect(started.priced.discountAmount).toBe(Math.round(tote.price * 0.15));
    // Another e-mail on the test payment page is refused, in Polish, and nothing is paid.
    const form = new URLSearchParams({ intent: "pay", ...payment("ktos-inny@example.pl") });
    const other = await testPaymentAction({
      request: new Request(`${origin}/platnosc-testowa/${started.checkoutId}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form,
      }),
      params: { id: started.checkoutId },
      context: requestContext(),
    } as never);
    expect((other as { init: ResponseInit }).init.status).toBe(400);
    expect(JSON.stringify((other as { data: unknown }).data)).toContain(
      `Zapłać adresem e-mail podanym w koszyku: ${email}`,
    );
    expect(await payTestCheckout(started.checkoutId, payment("ktos-inny@example.pl"))).toBeNull();
    const paid = await payTestCheckout(started.checkoutId, payment(email.toUpperCase()));
    expect(paid?.created).toBe(true);
    const [claim] = await database.db
      .select()
      .from(s.firstOrderClaims)
      .where(eq(s.firstOrderClaims.checkoutId, started.checkoutId));
    expect(claim.convertedAt).not.toBeNull();
    // Now the buyer has an order: the promise is used.
    const again = await startCheckout(order("PIERWSZE15", email), null).catch((e) => e);
    expect(again.message).toBe(FIRST_ORDER_MESSAGE);
  });

  it("locks the Stripe session to the e-mail given in the cart (customer_email)", async () => {
    const double = await startStripeDouble();
    process.env.STRIPE_SECRET_KEY = "sk_test_double";
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_API_URL = double.url;
    resetEnvCache();
    resetPaymentProvider();
    try {
      const email = uniqueEmail("stripe");
      const started = await startCheckout(order("PIERWSZE15", email.toUpperCase()), null);
      const session = [...double.sessions.values()].find((x) => x.metadata.checkoutId === started.checkoutId);
      expect(session?.params.customer_email).toBe(email);
      await releaseCheckout(started.checkoutId, "cancelled");
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_WEBHOOK_SECRET;
      delete process.env.STRIPE_API_URL;
      resetEnvCache();
      resetPaymentProvider();
      await double.close();
    }
  });

  it("gives a new account one first-order checkout, however many it opens", async () => {
    const buyer = await newAccount(uniqueEmail("konto"));
    const client: CheckoutClient = { ip: `ip-${randomUUID()}`, browser: null, userId: buyer.id };
    // Three at once: exactly one holds the code.
    const concurrent = await Promise.allSettled(
      [1, 2, 3].map(() => startCheckout(order("PIERWSZE15"), buyer)),
    );
    expect(concurrent.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of concurrent.filter((x): x is PromiseRejectedResult => x.status === "rejected")) {
      expect(r.reason.message).toBe(FIRST_ORDER_MESSAGE);
    }
    // Three in a row from the site: each replaces the previous open one; one open checkout holds it.
    for (let i = 0; i < 3; i++) await startCheckout(order("PIERWSZE15"), buyer, { client });
    const open = await database.db
      .select()
      .from(s.checkouts)
      .where(and(eq(s.checkouts.userId, buyer.id), eq(s.checkouts.status, "open")));
    expect(open).toHaveLength(1);
    expect(open[0].discountCode).toBe("PIERWSZE15");
    const claims = await database.db
      .select()
      .from(s.firstOrderClaims)
      .where(eq(s.firstOrderClaims.userId, buyer.id));
    expect(claims).toHaveLength(1);
    expect(claims[0].checkoutId).toBe(open[0].id);
    // Paying it makes every later attempt of the account refused, whatever e-mail it gives.
    await payTestCheckout(open[0].id, payment(buyer.email));
    const after = await startCheckout(order("PIERWSZE15"), buyer, { client }).catch((e) => e);
    expect(after.message).toBe(FIRST_ORDER_MESSAGE);
  });

  it("frees the claim when the checkout is released; a late payment of a replaced one keeps the price paid, marked", async () => {
    const email = uniqueEmail("pozno");
    const first = await startCheckout(order("PIERWSZE15", email), null);
    expect(await releaseCheckout(first.checkoutId, "expired")).toBe(true);
    const second = await startCheckout(order("PIERWSZE15", email), null);
    expect((await payTestCheckout(second.checkoutId, payment(email)))?.created).toBe(true);
    // The first session is paid late (after its release): the order keeps the price paid, marked.
    const late = await fulfilCheckout(first.checkoutId, {
      sessionId: "late",
      status: "paid",
      email,
      name: "Ola",
      phone: null,
      address: null,
    });
    expect(late.created).toBe(true);
    const [checkout] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, first.checkoutId));
    expect(checkout.needsAttention).toBe("first_order_not_first");
    const [lateOrder] = await database.db.select().from(s.orders).where(eq(s.orders.id, late.orderId));
    expect(lateOrder.discountAmount).toBe(first.priced.discountAmount);
  });
});

describe("checkout limits per client", () => {
  it("caps open checkouts per address and does not let one client drain a limited code", async () => {
    await database.db
      .insert(s.discountCodes)
      .values({ code: "TRZYRAZY", type: "fixed_amount", value: 500, maxUses: 3 });
    const ip = freshIp();
    // An anonymous client (no cookie kept) opening checkouts with the code.
    const withCode = [];
    for (let i = 0; i < 3; i++) {
      withCode.push(
        await call(checkoutAction, post("/api/checkout", order("TRZYRAZY"), { "x-nokturn-client-ip": ip })),
      );
    }
    expect(withCode.map((r) => r.status)).toEqual([200, 429, 429]);
    expect(withCode[1].body.message).toMatch(/^Kod TRZYRAZY czeka już na płatność/);
    expect(Number(withCode[1].headers.get("retry-after"))).toBeGreaterThan(0);
    const [code] = await database.db
      .select()
      .from(s.discountCodes)
      .where(eq(s.discountCodes.code, "TRZYRAZY"));
    expect(code.currentUses).toBe(1);

    // Without the code: open checkouts per address are capped at 3 in all.
    const plain = [];
    for (let i = 0; i < 3; i++) {
      plain.push(
        await call(checkoutAction, post("/api/checkout", order(null), { "x-nokturn-client-ip": ip })),
      );
    }
    expect(plain.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(plain[2].body).toEqual({ message: TOO_MANY_OPEN_CHECKOUTS_MESSAGE });
    expect(Number(plain[2].headers.get("retry-after"))).toBeGreaterThan(25 * 60);
    // Another address is not affected.
    const other = await call(
      checkoutAction,
      post("/api/checkout", order("TRZYRAZY"), { "x-nokturn-client-ip": freshIp() }),
    );
    expect(other.status).toBe(200);
  });

  it("holds the per-address cap when ten checkouts of one address start at once", async () => {
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(checkoutAction, post("/api/checkout", order(null), { "x-nokturn-client-ip": ip })),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  });

  it("lets a buyer return to the cart and start again: the previous open checkout is replaced", async () => {
    const ip = freshIp();
    const lighterStock = (await product("zapalniczka-nokturn")).stockQuantity;
    const first = await call(
      checkoutAction,
      post(
        "/api/checkout",
        order(null, undefined, [{ productId: lighter.id, variantId: null, quantity: 2 }]),
        {
          "x-nokturn-client-ip": ip,
        },
      ),
    );
    expect(first.status).toBe(200);
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0];
    expect(cookie).toMatch(new RegExp(`^${CHECKOUT_COOKIE}=`));
    expect(first.headers.get("set-cookie")).toContain("HttpOnly");
    expect((await product("zapalniczka-nokturn")).stockQuantity).toBe(lighterStock - 2);
    for (let i = 0; i < 4; i++) {
      const again = await call(
        checkoutAction,
        post(
          "/api/checkout",
          order(null, undefined, [{ productId: lighter.id, variantId: null, quantity: 2 }]),
          {
            "x-nokturn-client-ip": ip,
            cookie,
          },
        ),
      );
      expect(again.status).toBe(200);
    }
    // One checkout held: the stock of the replaced ones came back.
    expect((await product("zapalniczka-nokturn")).stockQuantity).toBe(lighterStock - 2);
    const last = new URL(
      String(
        (
          await call(
            checkoutAction,
            post("/api/checkout", order(null), { "x-nokturn-client-ip": ip, cookie }),
          )
        ).body.url,
      ),
    ).pathname
      .split("/")
      .at(-1)!;
    expect((await payTestCheckout(last, payment(uniqueEmail("wraca"))))?.created).toBe(true);
    expect((await product("zapalniczka-nokturn")).stockQuantity).toBe(lighterStock);
  });

  it("limits checkout starts per address and per buyer (429, Polish, Retry-After)", async () => {
    process.env.CHECKOUT_STARTS_PER_IP = "5";
    resetEnvCache();
    const ip = freshIp();
    const unknown = {
      lines: [{ productId: randomUUID(), variantId: null, quantity: 1 }],
      deliveryMethod: "courier",
      locker: null,
      discountCode: null,
    };
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(checkoutAction, post("/api/checkout", unknown, { "x-nokturn-client-ip": ip }))).status,
      );
    }
    expect(statuses).toEqual([409, 409, 409, 409, 409, 429]);
    const refused = await call(checkoutAction, post("/api/checkout", unknown, { "x-nokturn-client-ip": ip }));
    expect(refused.body).toEqual({ message: TOO_MANY_CHECKOUT_STARTS_MESSAGE });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    process.env.CHECKOUT_STARTS_PER_IP = "1000";
    resetEnvCache();
    const cookie = `${CHECKOUT_COOKIE}=buyer-cookie-${randomUUID()}`;
    const perBuyer = [];
    for (let i = 0; i < 11; i++) {
      perBuyer.push(
        (
          await call(
            checkoutAction,
            post("/api/checkout", unknown, { "x-nokturn-client-ip": freshIp(), cookie }),
          )
        ).status,
      );
    }
    expect(perBuyer.slice(0, 10).every((status) => status === 409)).toBe(true);
    expect(perBuyer[10]).toBe(429);
  });
});

describe("code guessing", () => {
  it("holds one limit of failed code checks across validate, cart prices and checkout", async () => {
    const ip = freshIp();
    const headers = { "x-nokturn-client-ip": ip };
    const lines = [{ productId: tote.id, variantId: null, quantity: 1 }];
    const endpoints = [
      (code: string) => call(validateAction, post("/api/discount-codes/validate", { code, lines }, headers)),
      (code: string) =>
        call(
          cartPricesAction,
          post("/api/cart/prices", { lines, deliveryMethod: "courier", discountCode: code }, headers),
        ),
      (code: string) => call(checkoutAction, post("/api/checkout", order(code), headers)),
    ];
    const answered: number[] = [];
    const limited: { endpoint: number; status: number; message: unknown; retryAfter: string | null }[] = [];
    for (let i = 0; i < 100; i++) {
      const endpoint = i % 3;
      const result = await endpoints[endpoint](`ZGADUJE${i}`);
      if (result.status === 429) {
        limited.push({
          endpoint,
          status: result.status,
          message: result.body.message,
          retryAfter: result.headers.get("retry-after"),
        });
      } else {
        answered.push(i);
      }
    }
    expect(answered).toHaveLength(CODE_CHECK_LIMIT.limit);
    expect(limited).toHaveLength(100 - CODE_CHECK_LIMIT.limit);
    expect(new Set(limited.map((l) => l.endpoint))).toEqual(new Set([0, 1, 2]));
    for (const l of limited) {
      expect(l.message).toBe(TOO_MANY_CODE_CHECKS_MESSAGE);
      expect(Number(l.retryAfter)).toBeGreaterThan(0);
    }
    // Over the limit a valid code reveals nothing either, on every endpoint.
    for (const endpoint of endpoints) expect((await endpoint("NOKTURN10")).status).toBe(429);
    // A cart without a code still prices.
    const plain = await call(
      cartPricesAction,
      post("/api/cart/prices", { lines, deliveryMethod: "courier" }, headers),
    );
    expect(plain.status).toBe(200);
  });

  it("never counts a valid code: a customer re-quoting a cart with a good code keeps going", async () => {
    const headers = { "x-nokturn-client-ip": freshIp() };
    const lines = [{ productId: tote.id, variantId: null, quantity: 1 }];
    for (let i = 0; i < CODE_CHECK_LIMIT.limit + 10; i++) {
      const result = await call(
        cartPricesAction,
        post(
          "/api/cart/prices",
          {
            lines: [{ ...lines[0], quantity: 1 + (i % 3) }],
            deliveryMethod: "courier",
            discountCode: "NOKTURN10",
          },
          headers,
        ),
      );
      expect(result.status).toBe(200);
      expect((result.body.discount as { valid: boolean }).valid).toBe(true);
    }
  });
});

describe("bad input is a Polish 400, never a database error", () => {
  const english = /invalid|expected|received|required|too_|string|number|array/i;

  it("refuses NUL bytes and control characters in every string of the cart's bodies", async () => {
    const locker = { id: "WRO01M", name: "WRO01M", address: { line1: "ul. Ruska 46", line2: "" } };
    const line = { productId: tote.id, variantId: null, quantity: 1 };
    const bodies: [
      string,
      (body: unknown) => Promise<{ status: number; body: Record<string, unknown> }>,
      unknown,
    ][] = [];
    const checkout = (body: unknown) =>
      call(checkoutAction, post("/api/checkout", body, { "x-nokturn-client-ip": freshIp() }));
    const prices = (body: unknown) =>
      call(cartPricesAction, post("/api/cart/prices", body, { "x-nokturn-client-ip": freshIp() }));
    const validate = (body: unknown) =>
      call(validateAction, post("/api/discount-codes/validate", body, { "x-nokturn-client-ip": freshIp() }));
    bodies.push(
      [
        "checkout discountCode",
        checkout,
        { lines: [line], deliveryMethod: "courier", locker: null, discountCode: "\u0000" },
      ],
      [
        "checkout code inside",
        checkout,
        { lines: [line], deliveryMethod: "courier", locker: null, discountCode: "NOK\u0000TURN10" },
      ],
      [
        "checkout locker line1",
        checkout,
        {
          lines: [line],
          deliveryMethod: "inpost",
          locker: { ...locker, address: { line1: "ul.\u0000 Ruska" } },
          discountCode: null,
        },
      ],
      [
        "checkout locker name",
        checkout,
        {
          lines: [line],
          deliveryMethod: "inpost",
          locker: { ...locker, name: "WRO\u001b01M" },
          discountCode: null,
        },
      ],
      [
        "checkout locker line2",
        checkout,
        {
          lines: [line],
          deliveryMethod: "inpost",
          locker: { ...locker, address: { line1: "x", line2: "\u007f" } },
          discountCode: null,
        },
      ],
      [
        "checkout productId",
        checkout,
        {
          lines: [{ ...line, productId: "\u0000" }],
          deliveryMethod: "courier",
          locker: null,
          discountCode: null,
        },
      ],
      [
        "checkout variantId",
        checkout,
        {
          lines: [{ ...line, variantId: "a\u0000" }],
          deliveryMethod: "courier",
          locker: null,
          discountCode: null,
        },
      ],
      [
        "checkout email",
        checkout,
        {
          lines: [line],
          deliveryMethod: "courier",
          locker: null,
          discountCode: "PIERWSZE15",
          email: "a\u0000@example.pl",
        },
      ],
      ["prices discountCode", prices, { lines: [line], deliveryMethod: "courier", discountCode: "\u0000" }],
      ["prices productId", prices, { lines: [{ ...line, productId: "x\u0000" }], deliveryMethod: "courier" }],
      ["validate code", validate, { code: "\u0000", lines: [line] }],
      ["validate userId", validate, { code: "NOKTURN10", userId: "\u0000", lines: [line] }],
    );
    for (const [label, send, body] of bodies) {
      const result = await send(body);
      expect(result.status, label).toBe(400);
      expect(typeof result.body.message, label).toBe("string");
      expect(result.body.message, label).not.toMatch(english);
      if (label !== "checkout email") expect(result.body.message, label).toBe(CONTROL_CHARS_MESSAGE);
    }

    // The test payment page: a NUL in any field is a 400 with the form's Polish message.
    const started = await startCheckout(order(null), null);
    for (const field of ["name", "address", "city", "postalCode", "email"] as const) {
      const form = new URLSearchParams({
        intent: "pay",
        ...payment("nul@example.pl"),
        [field]: "Ala\u0000ma",
      });
      const response = await testPaymentAction({
        request: new Request(`${origin}/platnosc-testowa/${started.checkoutId}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form,
        }),
        params: { id: started.checkoutId },
        context: requestContext(),
      } as never);
      expect((response as { init: ResponseInit }).init.status, field).toBe(400);
    }
    const [checkoutRow] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, started.checkoutId));
    expect(checkoutRow.paidAt).toBeNull();
  });

  it("answers tampered JSON bodies of the checkout and the cart in Polish, never with zod's English", async () => {
    const line = { productId: tote.id, variantId: null, quantity: 1 };
    const valid = { lines: [line], deliveryMethod: "courier", locker: null, discountCode: null };
    // [body, whether /api/cart/prices refuses it too (it has no locker or e-mail and allows an empty cart)]
    const tampered: [unknown, boolean][] = [
      ["{nie json", true],
      ["null", true],
      ["[]", true],
      ['"tekst"', true],
      ["[".repeat(100_000), true],
      [{ ...valid, lines: "x" }, true],
      [{ ...valid, lines: [[line]] }, true],
      [{ ...valid, lines: { 0: line } }, true],
      [{ ...valid, lines: [{ ...line, quantity: "1" }] }, true],
      [{ ...valid, lines: [{ ...line, quantity: -1 }] }, true],
      [{ ...valid, lines: [{ ...line, quantity: 0 }] }, true],
      [{ ...valid, lines: [{ ...line, quantity: 1.5 }] }, true],
      [{ ...valid, lines: [{ ...line, quantity: 1e308 }] }, true],
      [{ ...valid, lines: [{ ...line, productId: { $ne: null } }] }, true],
      [{ ...valid, lines: Array.from({ length: 1000 }, () => line) }, true],
      [{ ...valid, lines: [] }, false],
      [{ ...valid, deliveryMethod: "drone" }, true],
      [{ ...valid, deliveryMethod: ["courier"] }, true],
      [{ ...valid, locker: "WRO01M" }, false],
      [{ ...valid, discountCode: 5 }, true],
      [{ ...valid, discountCode: { code: "X" } }, true],
      [{ ...valid, discountCode: "X".repeat(65) }, true],
      [{ ...valid, email: "nie-email" }, false],
      [{ ...valid, email: 5 }, false],
      [{ ...valid, deliveryMethod: "inpost", locker: null }, false],
    ];
    for (const [body, pricesToo] of tampered) {
      const label = typeof body === "string" ? body.slice(0, 20) : JSON.stringify(body).slice(0, 120);
      const targets = [["checkout", checkoutAction, "/api/checkout"] as const];
      if (pricesToo) targets.push(["prices", cartPricesAction, "/api/cart/prices"] as never);
      for (const [name, handler, path] of targets) {
        const result = await call(handler, post(path, body, { "x-nokturn-client-ip": freshIp() }));
        expect(result.status, `${name} ${label}`).toBe(400);
        expect(result.body.message, `${name} ${label}`).toMatch(/[ąćęłńóśźż]|Nieprawidłowe|Wybierz|Musisz/i);
        expect(result.body.message, `${name} ${label}`).not.toMatch(english);
      }
    }
    // Unknown ids are not a 500 either: the line is named unavailable (409) in Polish.
    const unknown = await call(
      checkoutAction,
      post(
        "/api/checkout",
        { ...valid, lines: [{ productId: randomUUID(), variantId: randomUUID(), quantity: 1 }] },
        {
          "x-nokturn-client-ip": freshIp(),
        },
      ),
    );
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toMatch(/nie jest już dostępny/);
  });
});

describe("the Stripe webhook", () => {
  const handle = (event: { payload: string; header: string }) =>
    handleStripeWebhook(event.payload, event.header, { secret: WEBHOOK_SECRET, stripe });

  it("answers 200 to verified events for checkouts it does not have, and writes nothing", async () => {
    const ordersBefore = (await database.db.select({ n: count() }).from(s.orders))[0].n;
    const paid = { payment_status: "paid", status: "complete", customer_details: { email: "x@example.pl" } };
    for (const event of [
      webhook("checkout.session.completed", {
        id: "cs_unknown_1",
        metadata: { checkoutId: randomUUID() },
        ...paid,
      }),
      webhook("checkout.session.completed", {
        id: "cs_unknown_2",
        metadata: { checkoutId: "nie-uuid" },
        ...paid,
      }),
      webhook("checkout.session.completed", { id: "cs_unknown_3", metadata: {}, ...paid }),
      webhook("checkout.session.async_payment_succeeded", {
        id: "cs_unknown_4",
        metadata: { checkoutId: "x'; drop table orders; --" },
        ...paid,
      }),
      webhook("checkout.session.expired", {
        id: "cs_unknown_5",
        metadata: { checkoutId: "nie-uuid" },
        status: "expired",
      }),
      webhook("checkout.session.async_payment_failed", {
        id: "cs_unknown_6",
        metadata: { checkoutId: randomUUID() },
      }),
    ]) {
      expect((await handle(event)).status).toBe(200);
    }
    expect((await database.db.select({ n: count() }).from(s.orders))[0].n).toBe(ordersBefore);
  });

  it("answers 200 through the route too (verified with the configured secret)", async () => {
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_SECRET_KEY = "sk_test_webhook_route";
    resetEnvCache();
    try {
      const event = webhook("checkout.session.completed", {
        id: "cs_route_unknown",
        metadata: { checkoutId: "nie-uuid" },
        payment_status: "paid",
        status: "complete",
      });
      const response = await stripeWebhookAction({
        request: new Request(`${origin}/api/webhooks/stripe`, {
          method: "POST",
          headers: { "stripe-signature": event.header, "content-type": "application/json" },
          body: event.payload,
        }),
        params: {},
        context: requestContext(),
      } as never);
      expect((response as { init: ResponseInit }).init.status).toBe(200);
    } finally {
      delete process.env.STRIPE_WEBHOOK_SECRET;
      delete process.env.STRIPE_SECRET_KEY;
      resetEnvCache();
      resetPaymentProvider();
    }
  });

  it("answers 400 to a verified event it cannot read, never 500, and writes nothing (issue #29)", async () => {
    const signed = (type: string, data: unknown) => {
      const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: "event", type, data });
      return {
        payload,
        header: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      };
    };
    const started = await startCheckout(order(null), null);
    const [checkout] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, started.checkoutId));
    const paid = { object: "checkout.session", payment_status: "paid", status: "complete" };
    const session = {
      ...paid,
      id: checkout.providerSessionId,
      metadata: { checkoutId: started.checkoutId },
      customer_details: { email: uniqueEmail("czytelny"), name: "Ola Czytelna" },
    };
    const unreadable = [
      signed("checkout.session.completed", { object: null }),
      signed("checkout.session.async_payment_succeeded", { object: null }),
      signed("checkout.session.expired", { object: null }),
      signed("checkout.session.async_payment_failed", { object: null }),
      signed("refund.updated", { object: null }),
      signed("charge.refunded", { object: null }),
      signed("checkout.session.completed", null),
      signed("checkout.session.completed", { object: "cs_test_1" }),
      signed("checkout.session.completed", { object: [session] }),
      // A NUL in the session id, in the checkout id, in the customer's details.
      signed("checkout.session.completed", { object: { ...paid, id: "cs_test_a\u0000b" } }),
      signed("checkout.session.expired", { object: { id: "cs_test_a\u0000b", status: "expired" } }),
      signed("checkout.session.completed", { object: { ...session, metadata: { checkoutId: "a\u0000b" } } }),
      signed("checkout.session.completed", {
        object: { ...session, customer_details: { email: "kupujacy\u0000@example.pl", name: "Ola" } },
      }),
      // Fields of the wrong type where a string is read.
      signed("checkout.session.completed", { object: { ...session, id: 42 } }),
      signed("checkout.session.completed", { object: { ...session, customer_details: { email: 7 } } }),
      signed("checkout.session.completed", {
        object: { ...session, customer_details: { email: "a@example.pl", address: { line1: ["x"] } } },
      }),
      // A NUL in the refund's id or metadata; refunds that are no refunds.
      signed("refund.updated", {
        object: { id: "re_1", status: "succeeded", metadata: { refundId: "a\u0000b" } },
      }),
      signed("refund.failed", { object: { id: "re_\u0000", status: "failed" } }),
      signed("refund.created", { object: { id: 5, status: "pending" } }),
      signed("charge.refunded", { object: { id: "ch_1", refunds: { data: [null] } } }),
      signed("charge.refunded", { object: { id: "ch_1", refunds: { data: [{ id: "re_\u0000x" }] } } }),
      signed("charge.refunded", { object: { id: "ch_1", refunds: { data: "x" } } }),
    ];
    const ordersBefore = (await database.db.select({ n: count() }).from(s.orders))[0].n;
    for (const event of unreadable) {
      const result = await handle(event).catch((error: unknown) => ({
        status: 500,
        body: { error: String(error) },
      }));
      expect(result.status, event.payload).toBe(400);
      expect(result.body).toMatchObject({ received: false });
    }
    expect((await database.db.select({ n: count() }).from(s.orders))[0].n).toBe(ordersBefore);
    const [after] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, started.checkoutId));
    expect(after.status).toBe(checkout.status);

    // Through the route too: 400, which Stripe does not retry for days as it does a 500.
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_SECRET_KEY = "sk_test_webhook_route";
    resetEnvCache();
    try {
      for (const event of unreadable.slice(0, 3)) {
        const response = await stripeWebhookAction({
          request: new Request(`${origin}/api/webhooks/stripe`, {
            method: "POST",
            headers: { "stripe-signature": event.header, "content-type": "application/json" },
            body: event.payload,
          }),
          params: {},
          context: requestContext(),
        } as never);
        expect((response as { init: ResponseInit }).init.status).toBe(400);
      }
    } finally {
      delete process.env.STRIPE_WEBHOOK_SECRET;
      delete process.env.STRIPE_SECRET_KEY;
      resetEnvCache();
      resetPaymentProvider();
    }
    // The readable event of the same checkout still fulfils it.
    expect((await handle(signed("checkout.session.completed", { object: session }))).status).toBe(200);
  });

  it("reads a NUL in a returning buyer's session id as no session, without asking the database", async () => {
    await expect(fulfilBySessionId("test_cs_a\u0000b")).resolves.toEqual({ kind: "unknown" });
    await expect(fulfilBySessionId("x".repeat(400))).resolves.toEqual({ kind: "unknown" });
  });

  it("keeps a payment that arrives after the stock is gone: 200, checkout marked paid_stock_gone, no order", async () => {
    await database.db
      .update(s.products)
      .set({ stockQuantity: 1 })
      .where(eq(s.products.slug, "bandana-nokturn"));
    const bandana = await product("bandana-nokturn");
    const started = await startCheckout(
      order(null, undefined, [{ productId: bandana.id, variantId: null, quantity: 1 }]),
      null,
    );
    await releaseCheckout(started.checkoutId, "expired");
    // Someone else buys the last one meanwhile.
    const other = await startCheckout(
      order(null, undefined, [{ productId: bandana.id, variantId: null, quantity: 1 }]),
      null,
    );
    await payTestCheckout(other.checkoutId, payment(uniqueEmail("szybszy")));
    const event = webhook("checkout.session.completed", {
      id: "cs_late_payment",
      metadata: { checkoutId: started.checkoutId },
      payment_status: "paid",
      status: "complete",
      customer_details: { email: "Spozniony@example.pl" },
    });
    for (let i = 0; i < 2; i++) expect((await handle(event)).status).toBe(200);
    const [checkout] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, started.checkoutId));
    expect(checkout).toMatchObject({
      status: "paid",
      needsAttention: "paid_stock_gone",
      customerEmail: "spozniony@example.pl",
    });
    expect(checkout.paidAt).not.toBeNull();
    const orders = await database.db
      .select()
      .from(s.orders)
      .where(eq(s.orders.checkoutId, started.checkoutId));
    expect(orders).toHaveLength(0);
    expect((await product("bandana-nokturn")).stockQuantity).toBe(0);
  });
});
