/**
 * Sale prices (issue #28) on a real database: the server charges the sale price only inside the sale's
 * window, a checkout keeps the prices it started with, order lines record the regular and the paid
 * price, a code that does not combine with sales leaves reduced lines alone, and the price history
 * grows with every change.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { checkoutRequestSchema } from "../../app/modules/cart/cart.schema";
import { quoteCart } from "../../app/modules/cart/pricing.server";
import { getActiveProductBySlug, nextPriceOrReleaseChange } from "../../app/modules/catalog/catalog.server";
import { recordPrices } from "../../app/modules/catalog/sale-prices.server";
import { CheckoutError, startCheckout } from "../../app/modules/checkout/checkout.server";
import { payTestCheckout } from "../../app/modules/checkout/test-payment.server";
import { listPanelOrders } from "../../app/modules/orders/panel-orders.server";
import { quoteRefund } from "../../app/modules/orders/refund-amounts";
import * as s from "../../db/schema";
import { seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase, usingPostgres } from "../support/test-database";

let database: TestDatabase;
let tote: typeof s.products.$inferSelect;
let stickers: typeof s.products.$inferSelect;
let shirt: typeof s.products.$inferSelect;
let shirtSizes: (typeof s.productVariants.$inferSelect)[];
const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), "sales-clock-"));
const clockFile = path.join(clockDir, "now");

const HOUR = 3_600_000;
const start = new Date(Date.now() + 24 * HOUR);
const end = new Date(start.getTime() + 48 * HOUR);

function setClock(instant: Date) {
  fs.writeFileSync(clockFile, instant.toISOString());
  process.env.E2E_CLOCK_FILE = clockFile;
}

async function product(slug: string) {
  const [row] = await database.db.select().from(s.products).where(eq(s.products.slug, slug));
  return row;
}

async function addSale(
  values: Partial<typeof s.sales.$inferInsert>,
  items: { productId: string; variantId?: string }[],
) {
  const [sale] = await database.db
    .insert(s.sales)
    .values({
      name: "Black Friday",
      scope: "product",
      reductionType: "percent",
      reduction: 20,
      startsAt: start,
      endsAt: end,
      ...values,
    })
    .returning();
  await database.db.insert(s.saleItems).values(
    items.map((item) => ({
      saleId: sale.id,
      productId: item.productId,
      variantId: item.variantId ?? null,
    })),
  );
  return sale;
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
  tote = await product("torba-nokturn-tote");
  stickers = await product("naklejki-pack-vol-1");
  shirt = await product("koszulka-nokturn-logo");
  shirtSizes = await database.db
    .select()
    .from(s.productVariants)
    .where(eq(s.productVariants.productId, shirt.id))
    .orderBy(asc(s.productVariants.sortOrder));
});

afterAll(async () => {
  setDatabase(undefined);
  await database?.dispose();
  fs.rmSync(clockDir, { recursive: true, force: true });
});

afterEach(async () => {
  delete process.env.E2E_CLOCK_FILE;
  await database.db.delete(s.checkouts);
  await database.db.delete(s.sales);
});

const line = (productId: string, quantity = 1, variantId: string | null = null) => ({
  productId,
  variantId,
  quantity,
});

const request = (lines: ReturnType<typeof line>[], discountCode: string | null = null) =>
  checkoutRequestSchema.parse({
    lines,
    deliveryMethod: "courier",
    locker: null,
    discountCode,
    email: "promo@example.pl",
  });

const client = (browser: string) => ({ ip: `ip-${browser}`, browser, userId: null });

describe(`sale prices on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("charges the sale price inside the window and the regular price outside it", async () => {
    await addSale({}, [{ productId: tote.id }]);
    const unitAt = async (instant: Date, browser: string) => {
      setClock(instant);
      const started = await startCheckout(request([line(tote.id, 2)]), null, { client: client(browser) });
      return started.priced.lines[0];
    };
    expect(await unitAt(new Date(start.getTime() - 1000), "before")).toMatchObject({ unitPrice: 6900 });
    expect((await unitAt(new Date(start.getTime() - 1000), "before-2")).regularUnitPrice).toBeUndefined();
    expect(await unitAt(start, "at-start")).toMatchObject({
      unitPrice: 5520,
      regularUnitPrice: 6900,
      lowestPriorPrice: 6900,
    });
    expect(await unitAt(new Date(end.getTime() - 1), "last-ms")).toMatchObject({ unitPrice: 5520 });
    expect(await unitAt(end, "at-end")).toMatchObject({ unitPrice: 6900 });

    // The cart's quote says the same, with the badge the pages show.
    setClock(new Date(start.getTime() + HOUR));
    const quote = await quoteCart(database.db, { lines: [line(tote.id, 2)], deliveryMethod: "courier" });
    expect(quote.lines[0]).toMatchObject({
      unitPrice: 5520,
      lineTotal: 11_040,
      sale: { price: 5520, regular: 6900, percentOff: 20, lowestPrior: 6900, endsAt: end.toISOString() },
    });
    expect(quote.totals.subtotal).toBe(11_040);
  });

  it("a checkout started one second before the end and paid after keeps the sale price", async () => {
    await addSale({ reductionType: "amount", reduction: 1900 }, [{ productId: tote.id }]);
    setClock(new Date(end.getTime() - 1000));
    const started = await startCheckout(request([line(tote.id, 1), line(stickers.id, 1)]), null, {
      client: client("late"),
    });
    setClock(new Date(end.getTime() + 60_000));
    const order = await payTestCheckout(started.checkoutId, {
      email: "promo@example.pl",
      name: "Ola Promo",
      address: "ul. Wyprzedażowa 1",
      postalCode: "50-001",
      city: "Wrocław",
    });
    expect(order).not.toBeNull();
    const items = await database.db
      .select()
      .from(s.orderItems)
      .where(eq(s.orderItems.orderId, order!.orderId))
      .orderBy(asc(s.orderItems.productName));
    expect(
      items.map((item) => [
        item.productName,
        item.pricePerUnit,
        item.regularPricePerUnit,
        item.lowestPriorPrice,
      ]),
    ).toEqual([
      ["Naklejki Pack Vol. 1", stickers.price, stickers.price, null],
      ["Torba NOKTURN Tote", 5000, 6900, 6900],
    ]);
    // The panel's order card says which line was bought at a sale price, and at what regular one.
    const { orders: listed } = await listPanelOrders({ status: null, pageSize: 100 });
    const card = listed.find((listedOrder) => listedOrder.id === order!.orderId)!;
    expect(card.items.map((item) => [item.productName, item.saleNote])).toEqual(
      expect.arrayContaining([
        ["Naklejki Pack Vol. 1", null],
        ["Torba NOKTURN Tote", "(cena regularna 69,00\u00a0zł, -28%)"],
      ]),
    );
    const [saved] = await database.db.select().from(s.orders).where(eq(s.orders.id, order!.orderId));
    expect(saved.totalAmount).toBe(started.priced.total);
    // A refund gives back what was paid, not the regular price.
    const refund = quoteRefund(saved, items);
    expect(refund.lines.find((refundable) => refundable.name === "Torba NOKTURN Tote")).toMatchObject({
      unitPaid: 5000,
      linePaid: 5000,
    });
    expect(started.priced.subtotal).toBe(5000 + stickers.price);
    // A new checkout after the end pays the regular price.
    const after = await startCheckout(request([line(tote.id, 1)]), null, { client: client("after") });
    expect(after.priced.lines[0].unitPrice).toBe(6900);
  });

  it("a sale on one size reduces that size only, and the card keeps its regular price", async () => {
    const [small, medium] = shirtSizes;
    await addSale({ scope: "variants", reduction: 50 }, [{ productId: shirt.id, variantId: medium.id }]);
    setClock(new Date(start.getTime() + HOUR));
    const quote = await quoteCart(database.db, {
      lines: [line(shirt.id, 1, small.id), line(shirt.id, 1, medium.id)],
      deliveryMethod: "inpost",
    });
    const regularOf = (size: typeof small) => shirt.price + size.additionalPrice;
    expect(quote.lines.map((priced) => priced.unitPrice)).toEqual([
      regularOf(small),
      Math.round(regularOf(medium) / 2),
    ]);
    const detail = await getActiveProductBySlug(database.db, shirt.slug);
    expect(detail?.sale).toBeNull();
    expect(detail?.variants.find((variant) => variant.id === medium.id)?.sale?.price).toBe(
      Math.round(regularOf(medium) / 2),
    );
    expect(detail?.variants.find((variant) => variant.id === small.id)?.sale).toBeNull();
  });

  it("a code marked not to combine leaves reduced lines at the sale price", async () => {
    await database.db
      .insert(s.discountCodes)
      .values({ code: "BEZPROMO10", type: "percentage", value: 10, combinesWithSales: false })
      .onConflictDoNothing();
    await addSale({}, [{ productId: tote.id }]);
    setClock(new Date(start.getTime() + HOUR));
    const lines = [line(tote.id, 1), line(stickers.id, 2)];
    const quote = await quoteCart(database.db, {
      lines,
      deliveryMethod: "courier",
      discountCode: "bezpromo10",
    });
    // 10% of the stickers only; the tote stays at its sale price and says why.
    expect(quote.discount).toMatchObject({ valid: true, discountAmount: Math.round(stickers.price * 0.2) });
    expect(quote.lines[0]).toMatchObject({ unitPrice: 5520, codeNote: "Kod nie łączy się z promocjami" });
    expect(quote.lines[1].codeNote).toBeUndefined();

    const started = await startCheckout(request(lines, "BEZPROMO10"), null, { client: client("code") });
    expect(started.priced.discountAmount).toBe(Math.round(stickers.price * 0.2));
    expect(started.priced.lines[0].unitPrice).toBe(5520);

    // A code that combines takes its percent off everything, the sale prices included.
    const combined = await quoteCart(database.db, {
      lines,
      deliveryMethod: "courier",
      discountCode: "NOKTURN10",
    });
    expect(combined.discount).toMatchObject({
      valid: true,
      discountAmount: Math.round((5520 + 2 * stickers.price) * 0.1),
    });
    expect(combined.lines[0].codeNote).toBeUndefined();

    // Everything reduced: the code has nothing to take off and says so; checkout refuses it.
    const onlySale = await quoteCart(database.db, {
      lines: [line(tote.id, 1)],
      deliveryMethod: "courier",
      discountCode: "BEZPROMO10",
    });
    expect(onlySale.discount).toMatchObject({
      valid: false,
      message: "Kod BEZPROMO10 nie łączy się z promocjami, a wszystkie produkty w koszyku są przecenione",
    });
    await expect(
      startCheckout(request([line(tote.id, 1)], "BEZPROMO10"), null, { client: client("code-2") }),
    ).rejects.toBeInstanceOf(CheckoutError);
  });

  it("the 30-day lowest price comes from the history: a raise a week before the sale does not hide it", async () => {
    const weekBefore = new Date(start.getTime() - 7 * 24 * HOUR);
    await database.db.update(s.products).set({ price: 7900 }).where(eq(s.products.id, tote.id));
    await recordPrices(database.db, tote.id, weekBefore);
    try {
      await addSale({}, [{ productId: tote.id }]);
      setClock(new Date(start.getTime() + HOUR));
      const [card] = (await quoteCart(database.db, { lines: [line(tote.id)], deliveryMethod: "courier" }))
        .lines;
      expect(card.sale).toMatchObject({ price: 6320, regular: 7900, lowestPrior: 6900 });
    } finally {
      await database.db.update(s.products).set({ price: 6900 }).where(eq(s.products.id, tote.id));
      await recordPrices(database.db, tote.id, new Date());
    }
    // Nothing rewrote the history: three entries, oldest first.
    const history = await database.db
      .select()
      .from(s.priceHistory)
      .where(eq(s.priceHistory.productId, tote.id))
      .orderBy(asc(s.priceHistory.startedAt));
    expect(history.map((row) => row.price)).toEqual([6900, 7900, 6900]);
    // Saving the same price again adds nothing.
    await recordPrices(database.db, tote.id, new Date());
    expect(await database.db.$count(s.priceHistory, eq(s.priceHistory.productId, tote.id))).toBe(3);
  });

  it("pages showing prices go stale when a sale starts and when it ends", async () => {
    await addSale({}, [{ productId: tote.id }]);
    setClock(new Date(start.getTime() - HOUR));
    expect(await nextPriceOrReleaseChange(database.db, [])).toEqual(start);
    setClock(start);
    expect(await nextPriceOrReleaseChange(database.db, [])).toEqual(end);
    setClock(end);
    expect(await nextPriceOrReleaseChange(database.db, [])).toBeNull();
  });
});
