/**
 * Issue #42, items 1–3 (decision 037): a product's "max N per customer" counts what the customer did,
 * and neither the limit nor a first-order code tells a stranger what an address bought. Each attack is
 * the stranger's: a guest checkout typed with someone else's address.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { requestContext } from "../../app/lib/request-context";
import { checkoutRequestSchema } from "../../app/modules/cart/cart.schema";
import { quoteCart } from "../../app/modules/cart/pricing.server";
import { type Buyer, fulfilBySessionId, startCheckout } from "../../app/modules/checkout/checkout.server";
import type { CheckoutClient } from "../../app/modules/checkout/checkout-limits.server";
import { payTestCheckout } from "../../app/modules/checkout/test-payment.server";
import { action as testPaymentAction } from "../../app/routes/test-payment";
import * as s from "../../db/schema";
import { DEMO_CUSTOMER, seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase, usingPostgres } from "../support/test-database";

let database: TestDatabase;
let tote: typeof s.products.$inferSelect;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
  [tote] = await database.db.select().from(s.products).where(eq(s.products.slug, "torba-nokturn-tote"));
});

afterAll(async () => {
  setDatabase(undefined);
  await database?.dispose();
});

afterEach(async () => {
  await database.db
    .update(s.products)
    .set({ stockQuantity: 100, maxPerCustomer: null })
    .where(eq(s.products.id, tote.id));
});

const limitTote = (limit: number) =>
  database.db.update(s.products).set({ maxPerCustomer: limit }).where(eq(s.products.id, tote.id));

const request = (quantity: number, email: string | null, discountCode: string | null = null) =>
  checkoutRequestSchema.parse({
    lines: [{ productId: tote.id, variantId: null, quantity }],
    deliveryMethod: "courier",
    locker: null,
    discountCode,
    email,
  });

const browser = (name: string, userId: string | null = null): CheckoutClient => ({
  ip: `ip-${randomUUID()}`,
  browser: `${name}-${randomUUID()}`,
  userId,
});

const payment = (email: string) => ({
  email,
  name: "Ola Właścicielka",
  address: "ul. Ruska 1",
  postalCode: "50-079",
  city: "Wrocław",
});

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.pl`;

/** A signed-in account, verified with its address unless said otherwise. */
async function account(email: string, emailVerified = true): Promise<NonNullable<Buyer>> {
  const id = randomUUID();
  await database.db.insert(s.user).values({ id, name: "Ola", email, emailVerified });
  return { id, email };
}

/** Pays a test checkout; a payment refunded automatically comes back as the error it ends in. */
const pay = (checkoutId: string, email: string) =>
  payTestCheckout(checkoutId, payment(email)).catch((error: unknown) => error);

async function checkoutRow(id: string) {
  const [row] = await database.db.select().from(s.checkouts).where(eq(s.checkouts.id, id));
  return row;
}

async function toteStock() {
  const [row] = await database.db
    .select({ stock: s.products.stockQuantity })
    .from(s.products)
    .where(eq(s.products.id, tote.id));
  return row.stock;
}

const mailsTo = (email: string, kind: string) =>
  database.db
    .select()
    .from(s.mailOutbox)
    .where(and(eq(s.mailOutbox.to, email), eq(s.mailOutbox.kind, kind)));

describe(`limits count what the customer did on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("a stranger's unpaid guest checkout with the address does not lock its verified owner out", async () => {
    await limitTote(2);
    const email = uniqueEmail("wlascicielka");
    const owner = await account(email);
    // The stranger holds the whole limit under the owner's address, renewing it as it expires.
    await startCheckout(request(2, email), null, { client: browser("obcy") });
    const started = await startCheckout(request(2, email), owner, { client: browser("telefon", owner.id) });
    expect(started.priced.lines[0].quantity).toBe(2);
    // The owner pays first: the stranger's payment under the address is the one over the limit.
    expect((await pay(started.checkoutId, email)) as { created: boolean }).toMatchObject({ created: true });
  });

  it("one guest's several browsers under one address: the payments past the limit are refunded, stock back", async () => {
    await limitTote(2);
    const email = uniqueEmail("wiele-przegladarek");
    const stockBefore = await toteStock();
    const started = [];
    for (const n of [1, 2, 3]) {
      started.push(await startCheckout(request(1, email), null, { client: browser(`przegladarka-${n}`) }));
    }
    const results = await Promise.all(started.map((checkout) => pay(checkout.checkoutId, email)));
    const orders = results.filter((result) => (result as { created?: boolean })?.created === true);
    expect(orders).toHaveLength(2);
    const refused = started.filter((_, n) => !(results[n] as { created?: boolean })?.created);
    expect(refused).toHaveLength(1);
    const row = await checkoutRow(refused[0].checkoutId);
    expect(row).toMatchObject({ status: "paid", needsAttention: "paid_over_limit" });
    expect(row.refundedAmount).toBe(row.total);
    const [refund] = await database.db
      .select()
      .from(s.refunds)
      .where(eq(s.refunds.checkoutId, refused[0].checkoutId));
    expect(refund).toMatchObject({ amount: row.total, orderId: null });
    // Two units sold; the refused one's reservation went back to the shelf.
    expect(await toteStock()).toBe(stockBefore - 2);
    // Only the address's mailbox is told why; the return page says the money goes back, not why.
    const [mail] = await mailsTo(email, "rule-refund");
    expect(mail.text).toContain("limit na klienta (Torba NOKTURN Tote — 2 szt.)");
    expect(await fulfilBySessionId(row.providerSessionId ?? "")).toEqual({
      kind: "refunded",
      amount: row.total,
      email,
      soldOut: false,
    });
  });

  it("the test payment page sends a refunded payer to the return page, as a real provider does", async () => {
    await limitTote(1);
    const email = uniqueEmail("strona");
    const first = await startCheckout(request(1, email), null, { client: browser("pierwsza") });
    await pay(first.checkoutId, email);
    const second = await startCheckout(request(1, email), null, { client: browser("druga") });
    const answer = (await testPaymentAction({
      request: new Request(`http://localhost:3000/platnosc-testowa/${second.checkoutId}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "pay", ...payment(email) }),
      }),
      params: { id: second.checkoutId },
      context: requestContext(),
    } as never)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toMatch(/^\/order-success\?session_id=test_cs_/);
    expect(await checkoutRow(second.checkoutId)).toMatchObject({ needsAttention: "paid_over_limit" });
  });

  it("the address's history decides nothing a stranger can see at start; its verified owner is told directly", async () => {
    await limitTote(2);
    const bought = uniqueEmail("kupila");
    const fresh = uniqueEmail("nowa");
    const first = await startCheckout(request(2, bought), null, { client: browser("kupujaca") });
    expect((await pay(first.checkoutId, bought)) as { created: boolean }).toMatchObject({ created: true });

    // A stranger types each address: the same answer whatever it bought.
    const answer = (email: string, quantity: number) =>
      startCheckout(request(quantity, email), null, { client: browser("obcy") }).then(
        (ok) => ({ ok: true, total: ok.priced.total }),
        (error: Error & { status?: number }) => ({ ok: false, status: error.status, message: error.message }),
      );
    expect(await answer(bought, 1)).toEqual(await answer(fresh, 1));
    expect(await answer(bought, 3)).toEqual(await answer(fresh, 3));
    expect(await answer(bought, 3)).toEqual({
      ok: false,
      status: 409,
      message:
        "Torba NOKTURN Tote: limit to 2 szt. na klienta. Możesz kupić jeszcze 2 szt. — zmień ilość w koszyku.",
    });

    // The owner, signed in to the account verified with the address, learns it from the refusal.
    const owner = await account(bought);
    await expect(
      startCheckout(request(1, null), owner, { client: browser("wlascicielka", owner.id) }),
    ).rejects.toMatchObject({
      status: 409,
      message:
        "Torba NOKTURN Tote: limit to 2 szt. na klienta, a masz już 2 szt. w zamówieniach. Nie możesz kupić kolejnych.",
    });
    // An account that has not verified the address is a stranger to its history.
    const squatter = await account(bought.toUpperCase(), false);
    const squatted = await startCheckout(request(1, null), squatter, {
      client: browser("podszywacz", squatter.id),
    });
    expect(squatted.priced.lines[0].quantity).toBe(1);
  });
});

describe(`first-order codes tell strangers nothing on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("the cart and the checkout answer a typed address the same whatever it ordered; its mailbox is told", async () => {
    const fresh = uniqueEmail("pierwsza");
    const quote = (email: string) =>
      quoteCart(database.db, {
        lines: [{ productId: tote.id, variantId: null, quantity: 1 }],
        deliveryMethod: "courier",
        discountCode: "PIERWSZE15",
        email,
      }).then((quoted) => quoted.discount);
    expect(await quote(DEMO_CUSTOMER.email)).toEqual(await quote(fresh));
    expect(await quote(DEMO_CUSTOMER.email)).toMatchObject({
      valid: true,
      message: "Kod PIERWSZE15 został zastosowany",
    });

    const stranger = await startCheckout(request(1, DEMO_CUSTOMER.email, "PIERWSZE15"), null, {
      client: browser("obcy"),
    });
    const newcomer = await startCheckout(request(1, fresh, "PIERWSZE15"), null, { client: browser("nowa") });
    expect(stranger.priced).toEqual(newcomer.priced);

    // The demo customer has ordered: the payment is refunded and only the address learns why.
    const refused = await pay(stranger.checkoutId, DEMO_CUSTOMER.email);
    expect(refused).toBeInstanceOf(Error);
    expect(await checkoutRow(stranger.checkoutId)).toMatchObject({ needsAttention: "paid_not_first" });
    const [mail] = await mailsTo(DEMO_CUSTOMER.email, "rule-refund");
    expect(mail.text).toContain("Kod PIERWSZE15 obowiązuje tylko przy pierwszym zamówieniu");
    expect((await pay(newcomer.checkoutId, fresh)) as { created: boolean }).toMatchObject({ created: true });
  });

  it("a stranger's unpaid checkout does not hold the owner's first order; the owner is told directly", async () => {
    const email = uniqueEmail("wlasna");
    const owner = await account(email);
    await startCheckout(request(1, email, "PIERWSZE15"), null, { client: browser("obcy") });
    const own = await startCheckout(request(1, null, "PIERWSZE15"), owner, {
      client: browser("wlascicielka", owner.id),
    });
    expect((await pay(own.checkoutId, email)) as { created: boolean }).toMatchObject({ created: true });
    await expect(
      startCheckout(request(1, null, "PIERWSZE15"), owner, { client: browser("znowu", owner.id) }),
    ).rejects.toMatchObject({
      status: 400,
      message: "Kod PIERWSZE15 obowiązuje tylko przy pierwszym zamówieniu",
    });
  });
});
