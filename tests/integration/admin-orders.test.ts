/**
 * Orders in the admin panel against a real database: status changes give stock back exactly once and
 * take it again only if it is there; the shipping notification stores the tracking data and queues
 * the e-mail in one go; the CSV export is what Excel in Poland opens.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../app/lib/domain-error";
import { ordersCsv } from "../../app/modules/orders/orders-csv";
import {
  getOrderSummary,
  listOrdersForExport,
  listPanelOrders,
  sendShippingNotification,
  setOrderStatus,
} from "../../app/modules/orders/panel-orders.server";
import * as s from "../../db/schema";
import { demoProductId, demoVariantId } from "../../db/seed";
import { type AdminTestEnv, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});

async function variantStock(slug: string, size: string) {
  const [row] = await db()
    .select({ stock: s.productVariants.stockQuantity })
    .from(s.productVariants)
    .where(eq(s.productVariants.id, demoVariantId(slug, size)));
  return row.stock;
}

async function productStock(slug: string) {
  const [row] = await db()
    .select({ stock: s.products.stockQuantity })
    .from(s.products)
    .where(eq(s.products.id, demoProductId(slug)));
  return row.stock;
}

/** A paid order of 2 × tee M and 3 × tote, as checkout would have created it (stock already taken). */
async function placeOrder(status: s.OrderStatus = "pending") {
  const [order] = await db()
    .insert(s.orders)
    .values({
      status,
      customerEmail: "kupujacy@example.pl",
      customerName: "Kupujący Testowy",
      subtotal: 2 * 12900 + 3 * 6900,
      deliveryMethod: "courier",
      deliveryCost: 0,
      totalAmount: 2 * 12900 + 3 * 6900,
      shippingAddress: {
        name: "Kupujący Testowy",
        line1: "ul. Ruska 1",
        postal_code: "50-079",
        city: "Wrocław",
      },
    })
    .returning();
  await db()
    .insert(s.orderItems)
    .values([
      {
        orderId: order.id,
        productId: demoProductId("koszulka-nokturn-logo"),
        variantId: demoVariantId("koszulka-nokturn-logo", "M"),
        productName: "Koszulka NOKTURN Logo",
        size: "M",
        quantity: 2,
        pricePerUnit: 12900,
      },
      {
        orderId: order.id,
        productId: demoProductId("torba-nokturn-tote"),
        productName: "Torba NOKTURN Tote",
        quantity: 3,
        pricePerUnit: 6900,
      },
    ]);
  return order;
}

describe("order status changes and stock", () => {
  it("cancelling an unshipped order returns its stock once; setting cancelled again changes nothing", async () => {
    const order = await placeOrder("processing");
    const teeBefore = await variantStock("koszulka-nokturn-logo", "M");
    const toteBefore = await productStock("torba-nokturn-tote");

    const change = await setOrderStatus(order.id, "cancelled");
    expect(change).toMatchObject({ from: "processing", to: "cancelled", stockReturned: true });
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(teeBefore + 2);
    expect(await productStock("torba-nokturn-tote")).toBe(toteBefore + 3);

    const again = await setOrderStatus(order.id, "cancelled");
    expect(again.stockReturned).toBe(false);
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(teeBefore + 2);
  });

  it("re-activating a cancelled order takes the stock again; cancelling once more returns it once more", async () => {
    const order = await placeOrder();
    const before = await variantStock("koszulka-nokturn-logo", "M");
    await setOrderStatus(order.id, "cancelled");
    const change = await setOrderStatus(order.id, "processing");
    expect(change.stockTaken).toBe(true);
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(before);
    const [row] = await db().select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(row).toMatchObject({ status: "processing", stockReturnedAt: null });
    await setOrderStatus(order.id, "cancelled");
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(before + 2);
  });

  it("refuses to re-activate when the stock is gone, in Polish, and changes nothing", async () => {
    const order = await placeOrder();
    await setOrderStatus(order.id, "cancelled");
    await db()
      .update(s.products)
      .set({ stockQuantity: 1 })
      .where(eq(s.products.id, demoProductId("torba-nokturn-tote")));
    const teeBefore = await variantStock("koszulka-nokturn-logo", "M");

    const error = await setOrderStatus(order.id, "pending").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as Error).message).toBe(
      "Za mało sztuk w magazynie, aby przywrócić zamówienie: Torba NOKTURN Tote",
    );
    // The whole change rolled back: the tee's stock taken before the tote failed is back too.
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(teeBefore);
    expect(await productStock("torba-nokturn-tote")).toBe(1);
    const [row] = await db().select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(row.status).toBe("cancelled");
    expect(row.stockReturnedAt).not.toBeNull();
  });

  it("a shipped or completed order's stock is not returned when it is cancelled", async () => {
    const shipped = await placeOrder("processing");
    await sendShippingNotification(shipped.id, { trackingNumber: "620000111222", trackingUrl: null });
    const completed = await placeOrder("completed");
    const before = await variantStock("koszulka-nokturn-logo", "M");
    expect((await setOrderStatus(shipped.id, "cancelled")).stockReturned).toBe(false);
    expect((await setOrderStatus(completed.id, "cancelled")).stockReturned).toBe(false);
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(before);
    // Nothing was given back, so nothing is taken when they come back.
    expect((await setOrderStatus(completed.id, "completed")).stockTaken).toBe(false);
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(before);
  });

  it("two admins cancelling the same order at once return its stock once", async () => {
    const order = await placeOrder();
    const before = await productStock("torba-nokturn-tote");
    await Promise.all([setOrderStatus(order.id, "cancelled"), setOrderStatus(order.id, "cancelled")]);
    expect(await productStock("torba-nokturn-tote")).toBe(before + 3);
  });

  it("an unknown order is a 404 refusal", async () => {
    const error = await setOrderStatus("00000000-0000-4000-8000-000000000000", "cancelled").catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(404);
  });
});

describe("shipping notification", () => {
  it("stores the tracking number and link and queues the e-mail", async () => {
    const order = await placeOrder("processing");
    await sendShippingNotification(order.id, {
      trackingNumber: "620123456789",
      trackingUrl: "https://inpost.pl/sledzenie-przesylek?number=620123456789",
    });
    const [row] = await db().select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(row.trackingNumber).toBe("620123456789");
    expect(row.shippedAt).not.toBeNull();
    const [mail] = await db()
      .select()
      .from(s.mailOutbox)
      .where(and(eq(s.mailOutbox.kind, "shipping-notification"), eq(s.mailOutbox.to, "kupujacy@example.pl")))
      .orderBy(desc(s.mailOutbox.createdAt))
      .limit(1);
    expect(mail.subject).toContain(order.id.slice(0, 8).toUpperCase());
    expect(mail.text).toContain("620123456789");
    expect(mail.html).toContain("https://inpost.pl/sledzenie-przesylek?number=620123456789");
  });

  it("refuses a cancelled order and queues nothing", async () => {
    const order = await placeOrder();
    await setOrderStatus(order.id, "cancelled");
    const queued = () =>
      db().select().from(s.mailOutbox).where(eq(s.mailOutbox.kind, "shipping-notification"));
    const before = (await queued()).length;
    const error = await sendShippingNotification(order.id, {
      trackingNumber: "123456",
      trackingUrl: null,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((await queued()).length).toBe(before);
    const [row] = await db().select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(row.trackingNumber).toBeNull();
  });
});

describe("lists, summary and CSV", () => {
  it("filters by status, pages newest first and sums the totals of orders that are not cancelled", async () => {
    const all = await listPanelOrders({ status: null, pageSize: 100 });
    const cancelled = await listPanelOrders({ status: "cancelled", pageSize: 100 });
    expect(cancelled.orders.every((order) => order.status === "cancelled")).toBe(true);
    expect(cancelled.total).toBe(all.orders.filter((order) => order.status === "cancelled").length);
    const dates = all.orders.map((order) => order.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const summary = await getOrderSummary();
    expect(summary.count).toBe(all.total);
    expect(summary.totalAmount).toBe(
      all.orders
        .filter((order) => order.status !== "cancelled")
        .reduce((sum, order) => sum + order.totalAmount, 0),
    );
    const page2 = await listPanelOrders({ status: null, page: 2, pageSize: 2 });
    expect(page2.orders.map((order) => order.id)).toEqual(all.orders.slice(2, 4).map((order) => order.id));
  });

  it("exports UTF-8 with a BOM, semicolons, Polish letters and formula-safe cells", async () => {
    const order = await placeOrder("pending");
    await db()
      .update(s.orders)
      .set({ customerName: '=HYPERLINK("http://zly.example")' })
      .where(eq(s.orders.id, order.id));
    const csv = ordersCsv(await listOrdersForExport("pending"));
    expect(csv.startsWith("\uFEFFNumer;Data;Status;E-mail;Imię i nazwisko")).toBe(true);
    const line = csv.split("\r\n").find((row) => row.startsWith(order.id.slice(0, 8).toUpperCase()))!;
    expect(line).toContain(";Oczekujące;kupujacy@example.pl;");
    expect(line).toContain(`"'=HYPERLINK(""http://zly.example"")"`);
    expect(line).toContain("Koszulka NOKTURN Logo (M) × 2 à 129,00 | Torba NOKTURN Tote × 3 à 69,00");
    expect(line).toContain(";465,00;");
  });
});
