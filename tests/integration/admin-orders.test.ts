/**
 * Orders in the admin panel against a real database: status changes give stock back exactly once and
 * take it again only if it is there; the shipping notification stores the tracking data and queues
 * the e-mail in one go; the CSV export is what Excel in Poland opens. Money back from the panel: the
 * "Zwrot pieniędzy" intent (partial, restocked, refused in Polish with a 400 and nothing stored for bad
 * input), cancelling a paid order with the refund of what remains (stock back exactly once), the
 * summary and the CSV counting what was kept.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../app/lib/domain-error";
import { formatPrice } from "../../app/lib/money";
import { requestContext } from "../../app/lib/request-context";
import { hashToken } from "../../app/modules/orders/orders.server";
import { ordersCsv } from "../../app/modules/orders/orders-csv";
import {
  sendShippingNotification,
  setOrderStatus,
} from "../../app/modules/orders/panel-order-commands.server";
import {
  getOrderSummary,
  listOrdersForExport,
  listPanelOrders,
} from "../../app/modules/orders/panel-orders.server";
import * as s from "../../db/schema";
import { demoProductId, demoVariantId } from "../../db/seed";
import { type AdminTestEnv, adminCookie, customerCookie, ORIGIN, setUpAdminTestEnv } from "./admin-support";

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
        regularPricePerUnit: 12900,
      },
      {
        orderId: order.id,
        productId: demoProductId("torba-nokturn-tote"),
        productName: "Torba NOKTURN Tote",
        quantity: 3,
        pricePerUnit: 6900,
        regularPricePerUnit: 6900,
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
    // What was kept: refunds (none yet in this file's orders, the sum would show them) are not counted.
    expect(summary.totalAmount).toBe(
      all.orders
        .filter((order) => order.status !== "cancelled")
        .reduce((sum, order) => sum + order.totalAmount - order.refundedAmount, 0),
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

// ---------------------------------------------------------------------------------------------
// Money back from the panel
// ---------------------------------------------------------------------------------------------

type ActionAnswer = { status: number; body: { ok: boolean; message: string; amount?: number } };

/** Posts to the orders tab's action as a signed-in user and reads the answer (status and body). */
async function postOrders(fields: Record<string, string>, cookie?: string): Promise<ActionAnswer> {
  const { action } = await import("../../app/routes/admin/orders");
  const request = new Request(`${ORIGIN}/admin/orders`, {
    method: "POST",
    headers: { cookie: cookie ?? (await adminCookie()) },
    body: new URLSearchParams(fields),
  });
  try {
    const value = (await action({ request, params: {}, context: requestContext() } as never)) as unknown;
    if (value && typeof value === "object" && "init" in value) {
      const { data, init } = value as { data: ActionAnswer["body"]; init?: { status?: number } | null };
      return { status: init?.status ?? 200, body: data };
    }
    return { status: 200, body: value as ActionAnswer["body"] };
  } catch (thrown) {
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      const { data, init } = thrown as { data: ActionAnswer["body"]; init?: { status?: number } | null };
      return { status: init?.status ?? 200, body: data };
    }
    throw thrown;
  }
}

/** The order placed as checkout would from a test-provider payment: 2 × tee M, 3 × tote, 20,00 off, courier. */
async function placePaidOrder() {
  const sessionId = `test_cs_${randomUUID()}`;
  const subtotal = 2 * 12900 + 3 * 6900;
  const discountAmount = 2000;
  const deliveryCost = 1699;
  const total = subtotal - discountAmount + deliveryCost;
  const [checkout] = await db()
    .insert(s.checkouts)
    .values({
      provider: "test",
      providerSessionId: sessionId,
      providerPaymentId: sessionId,
      status: "paid",
      email: "placacy@example.pl",
      lines: [],
      deliveryMethod: "courier",
      subtotal,
      discountAmount,
      deliveryCost,
      total,
      paidAt: new Date(),
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning();
  const order = await placeOrder("processing");
  const [paid] = await db()
    .update(s.orders)
    .set({
      checkoutId: checkout.id,
      customerEmail: "placacy@example.pl",
      discountAmount,
      discountCode: "RABAT20",
      deliveryCost,
      totalAmount: total,
    })
    .where(eq(s.orders.id, order.id))
    .returning();
  const items = await db().select().from(s.orderItems).where(eq(s.orderItems.orderId, order.id));
  const tee = items.find((item) => item.size === "M")!;
  const tote = items.find((item) => item.size === null)!;
  return { order: paid, tee, tote };
}

async function refundsOf(orderId: string) {
  return db().select().from(s.refunds).where(eq(s.refunds.orderId, orderId)).orderBy(s.refunds.createdAt);
}

async function orderRow(orderId: string) {
  const [row] = await db().select().from(s.orders).where(eq(s.orders.id, orderId));
  return row;
}

async function adminId() {
  const [row] = await db()
    .select({ id: s.user.id })
    .from(s.user)
    .where(eq(s.user.email, "admin@nokturn.example"));
  return row?.id;
}

describe("Zwrot pieniędzy (the panel's refund intent)", () => {
  it("refunds part of a paid order at the price as paid, returns the units that came back and shows it", async () => {
    const { order, tee } = await placePaidOrder();
    const teeBefore = await variantStock("koszulka-nokturn-logo", "M");

    const answer = await postOrders({
      intent: "refund",
      orderId: order.id,
      "lines[0].orderItemId": tee.id,
      "lines[0].quantity": "1",
      restock: "on",
      reason: "Klient odesłał jedną koszulkę",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.ok).toBe(true);

    const [refund] = await refundsOf(order.id);
    // 129,00 less its share of the 20,00 discount (25 800 of 46 500 → 11,10 for two, 5,55 for one).
    expect(refund).toMatchObject({
      kind: "manual",
      status: "succeeded",
      amount: 12345,
      deliveryAmount: 0,
      restocked: true,
      reason: "Klient odesłał jedną koszulkę",
      actorId: await adminId(),
    });
    expect(refund.lines).toEqual([
      { orderItemId: tee.id, name: "Koszulka NOKTURN Logo", size: "M", quantity: 1, amount: 12345 },
    ]);
    expect(answer.body.amount).toBe(12345);
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(teeBefore + 1);
    expect((await orderRow(order.id)).refundedAmount).toBe(12345);

    const { orders } = await listPanelOrders({ status: null, pageSize: 200 });
    const shown = orders.find((candidate) => candidate.id === order.id)!;
    expect(shown).toMatchObject({ paid: true, refundedAmount: 12345 });
    expect(shown.refunds).toHaveLength(1);
    expect(shown.refunds[0]).toMatchObject({ amount: 12345, status: "succeeded", kind: "manual" });
    expect(shown.refunds[0].actor).toBeTruthy();
    expect(shown.refundQuote?.remaining).toBe(order.totalAmount - 12345);
    expect(shown.items.find((item) => item.id === tee.id)?.refundedQuantity).toBe(1);

    const csv = ordersCsv(await listOrdersForExport("processing"));
    const line = csv.split("\r\n").find((row) => row.includes(order.id))!;
    expect(line).toContain(`;${(order.totalAmount / 100).toFixed(2).replace(".", ",")};123,45;`);
  });

  it("refuses bad input with a Polish 400 and stores nothing", async () => {
    const { order, tee } = await placePaidOrder();
    const other = await placePaidOrder();
    const unpaid = await placeOrder("processing");
    const [unpaidItem] = await db().select().from(s.orderItems).where(eq(s.orderItems.orderId, unpaid.id));
    const refundCount = async () => (await db().select({ n: count() }).from(s.refunds))[0].n;
    const before = { refunds: await refundCount(), stock: await variantStock("koszulka-nokturn-logo", "M") };
    const base = {
      intent: "refund",
      orderId: order.id,
      "lines[0].orderItemId": tee.id,
      reason: "Próba zwrotu",
      restock: "on",
    };
    const cases: [string, Record<string, string>, RegExp][] = [
      ["more than bought", { ...base, "lines[0].quantity": "3" }, /najwyżej 2 szt\./],
      ["a negative quantity", { ...base, "lines[0].quantity": "-1" }, /liczba całkowita/],
      ["a fractional quantity", { ...base, "lines[0].quantity": "0.5" }, /liczba całkowita/],
      ["a huge quantity", { ...base, "lines[0].quantity": "1e12" }, /liczba całkowita/],
      [
        "a line of another order",
        { ...base, "lines[0].orderItemId": other.tee.id, "lines[0].quantity": "1" },
        /nie należy do tego zamówienia/,
      ],
      ["a foreign order id", { ...base, orderId: randomUUID(), "lines[0].quantity": "1" }, /nie istnieje/],
      [
        "a malformed order id",
        { ...base, orderId: "1' or '1'='1", "lines[0].quantity": "1" },
        /Nieprawidłowe/,
      ],
      [
        "an order without a payment",
        { ...base, orderId: unpaid.id, "lines[0].orderItemId": unpaidItem.id, "lines[0].quantity": "1" },
        /nie zostało opłacone/,
      ],
      ["nothing chosen", { ...base, "lines[0].quantity": "0" }, /Wybierz produkty/],
      ["no reason", { ...base, "lines[0].quantity": "1", reason: "" }, /Podaj powód/],
      [
        "a NUL in the reason",
        { ...base, "lines[0].quantity": "1", reason: "zwrot\u0000" },
        /znaki sterujące/,
      ],
    ];
    for (const [name, fields, message] of cases) {
      const answer = await postOrders(fields);
      expect(answer.status, name).toBe(400);
      expect(answer.body.ok, name).toBe(false);
      expect(answer.body.message, name).toMatch(message);
    }
    expect(await refundCount()).toBe(before.refunds);
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(before.stock);
    expect((await orderRow(order.id)).refundedAmount).toBe(0);
    expect((await orderRow(other.order.id)).refundedAmount).toBe(0);
  });

  it("a fully refunded order refuses another refund, and a customer may not refund at all", async () => {
    const { order, tee, tote } = await placePaidOrder();
    const all = {
      intent: "refund",
      orderId: order.id,
      "lines[0].orderItemId": tee.id,
      "lines[0].quantity": "2",
      "lines[1].orderItemId": tote.id,
      "lines[1].quantity": "3",
      includeDelivery: "on",
      reason: "Zwrot całości",
    };
    expect((await postOrders(all)).status).toBe(200);
    expect((await orderRow(order.id)).refundedAmount).toBe(order.totalAmount);
    const again = await postOrders({ ...all, "lines[0].quantity": "1", "lines[1].quantity": "0" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("To zamówienie zostało już w całości zwrócone");
    expect(await refundsOf(order.id)).toHaveLength(1);

    const other = await placePaidOrder();
    const customer = await postOrders({ ...all, orderId: other.order.id }, await customerCookie());
    expect(customer.status).toBe(403);
    expect(await refundsOf(other.order.id)).toHaveLength(0);
  });
});

describe("cancelling a paid order", () => {
  it("a plain status change refuses it (the money must go back) and changes nothing", async () => {
    const { order } = await placePaidOrder();
    const before = await variantStock("koszulka-nokturn-logo", "M");
    const error = await setOrderStatus(order.id, "cancelled").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect((error as Error).message).toMatch(/Anuluj ze zwrotem/);
    expect((await orderRow(order.id)).status).toBe("processing");
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(before);
  });

  it("refunds what remains and returns the stock once, without the units an earlier refund restocked", async () => {
    const { order, tee } = await placePaidOrder();
    const teeBefore = await variantStock("koszulka-nokturn-logo", "M");
    const toteBefore = await productStock("torba-nokturn-tote");
    // One tee came back earlier and went to stock with its refund.
    expect(
      (
        await postOrders({
          intent: "refund",
          orderId: order.id,
          "lines[0].orderItemId": tee.id,
          "lines[0].quantity": "1",
          restock: "on",
          reason: "Jedna koszulka wróciła",
        })
      ).status,
    ).toBe(200);
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(teeBefore + 1);

    const answer = await postOrders({ intent: "cancel-refund", orderId: order.id });
    expect(answer.status).toBe(200);
    expect(answer.body.amount).toBe(order.totalAmount - 12345);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "cancelled", refundedAmount: order.totalAmount });
    expect(row.stockReturnedAt).not.toBeNull();
    const refunds = await refundsOf(order.id);
    expect(refunds.map((refund) => refund.kind)).toEqual(["manual", "cancellation"]);
    expect(refunds[1]).toMatchObject({
      amount: order.totalAmount - 12345,
      deliveryAmount: 1699,
      restocked: false,
      reason: "Anulowanie zamówienia przez sklep",
    });
    // 2 tees in all (1 with the refund, 1 with the cancellation), 3 totes.
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(teeBefore + 2);
    expect(await productStock("torba-nokturn-tote")).toBe(toteBefore + 3);

    // Again: nothing left to refund, the stock stays.
    expect((await postOrders({ intent: "cancel-refund", orderId: order.id })).status).toBe(200);
    expect(await refundsOf(order.id)).toHaveLength(2);
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(teeBefore + 2);

    // A refund asking to restock a cancelled order's units cannot return them a second time.
    // (Nothing is left to refund here; the re-activation of a refunded order is refused too.)
    const reactivate = await setOrderStatus(order.id, "processing").catch((e: unknown) => e);
    expect(reactivate).toBeInstanceOf(DomainError);
    expect((reactivate as Error).message).toMatch(/zostały zwrócone/);
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(await variantStock("koszulka-nokturn-logo", "M")).toBe(teeBefore + 2);
  });

  it("two admins cancelling the same paid order at once refund it once and return the stock once", async () => {
    const { order } = await placePaidOrder();
    const toteBefore = await productStock("torba-nokturn-tote");
    const answers = await Promise.all([
      postOrders({ intent: "cancel-refund", orderId: order.id }),
      postOrders({ intent: "cancel-refund", orderId: order.id }),
    ]);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const refunds = await refundsOf(order.id);
    expect(refunds.filter((refund) => refund.status !== "failed")).toHaveLength(1);
    expect((await orderRow(order.id)).refundedAmount).toBe(order.totalAmount);
    expect(await productStock("torba-nokturn-tote")).toBe(toteBefore + 3);
  });

  it("an order without a payment is just cancelled, as before", async () => {
    const order = await placeOrder("processing");
    const toteBefore = await productStock("torba-nokturn-tote");
    const answer = await postOrders({ intent: "cancel-refund", orderId: order.id });
    expect(answer.status).toBe(200);
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(await productStock("torba-nokturn-tote")).toBe(toteBefore + 3);
  });

  it("the summary counts what was kept", async () => {
    const { order } = await placePaidOrder();
    const before = await getOrderSummary();
    const answer = await postOrders({
      intent: "refund",
      orderId: order.id,
      "lines[0].orderItemId": (
        await db().select().from(s.orderItems).where(eq(s.orderItems.orderId, order.id))
      )[0].id,
      "lines[0].quantity": "1",
      reason: "Zwrot jednej sztuki",
    });
    expect(answer.status).toBe(200);
    const after = await getOrderSummary();
    expect(after.totalAmount).toBe(before.totalAmount - answer.body.amount!);
    expect(after.refundedAmount).toBe(before.refundedAmount + answer.body.amount!);
  });
});

describe("refunds on the customer's order pages", () => {
  it("the guest order page and the account's orders show the refunds and the refunded amount, not who refunded", async () => {
    const { order, tote } = await placePaidOrder();
    const [customer] = await db()
      .select({ id: s.user.id })
      .from(s.user)
      .where(eq(s.user.email, "klient@nokturn.example"));
    await db()
      .update(s.orders)
      .set({ accessTokenHash: hashToken("prywatny-link-zwrot"), userId: customer.id })
      .where(eq(s.orders.id, order.id));
    const answer = await postOrders({
      intent: "refund",
      orderId: order.id,
      "lines[0].orderItemId": tote.id,
      "lines[0].quantity": "1",
      reason: "Torba uszkodzona w transporcie",
    });
    expect(answer.status).toBe(200);

    const statusPage = await import("../../app/routes/order-status");
    const guest = (await statusPage.loader({
      request: new Request(`${ORIGIN}/zamowienie/${order.id}?token=prywatny-link-zwrot`),
      params: { id: order.id },
      context: requestContext(),
    } as never)) as {
      refundedAmount: number;
      refunds: { amount: number; reason: string; actor: string | null }[];
    };
    expect(guest.refundedAmount).toBe(answer.body.amount);
    expect(guest.refunds).toHaveLength(1);
    expect(guest.refunds[0]).toMatchObject({
      amount: answer.body.amount,
      reason: "Torba uszkodzona w transporcie",
      actor: null,
    });

    const accountPage = await import("../../app/routes/account-orders");
    const account = (await accountPage.loader({
      request: new Request(`${ORIGIN}/account/orders`, { headers: { cookie: await customerCookie() } }),
      params: {},
      context: requestContext(),
    } as never)) as { orders: { id: string; refundedAmount: number; refunds: { actor: string | null }[] }[] };
    const mine = account.orders.find((candidate) => candidate.id === order.id)!;
    expect(mine.refundedAmount).toBe(answer.body.amount);
    expect(mine.refunds.map((refund) => refund.actor)).toEqual([null]);
  });
});

describe("automatic refunds of payments without an order", () => {
  it("the orders tab lists them with who paid, what they wanted and how the refund stands", async () => {
    const sessionId = `test_cs_${randomUUID()}`;
    const [checkout] = await db()
      .insert(s.checkouts)
      .values({
        provider: "test",
        providerSessionId: sessionId,
        providerPaymentId: sessionId,
        status: "paid",
        email: "spozniony@example.pl",
        customerEmail: "spozniony@example.pl",
        customerName: "Spóźniony Płacący",
        lines: [
          {
            productId: demoProductId("torba-nokturn-tote"),
            variantId: null,
            name: "Torba NOKTURN Tote",
            slug: "torba-nokturn-tote",
            size: null,
            color: null,
            image: null,
            unitPrice: 6900,
            quantity: 2,
          },
        ],
        deliveryMethod: "courier",
        subtotal: 13800,
        deliveryCost: 1699,
        total: 15499,
        refundedAmount: 15499,
        paidAt: new Date(),
        expiresAt: new Date(Date.now() - 60_000),
      })
      .returning();
    await db()
      .insert(s.refunds)
      .values({
        checkoutId: checkout.id,
        kind: "sold_out",
        amount: 15499,
        reason: "Płatność po wyczerpaniu towaru",
        provider: "test",
        idempotencyKey: `sold-out-${checkout.id}`,
        status: "succeeded",
      });
    const { loadOrdersTab } = await import("../../app/modules/orders/panel-orders.server");
    const tab = await loadOrdersTab(new URLSearchParams());
    expect(tab.loadError).toBeNull();
    const shown = tab.soldOutRefunds.find((refund) => refund.email === "spozniony@example.pl");
    expect(shown).toMatchObject({
      customerName: "Spóźniony Płacący",
      amount: 15499,
      status: "succeeded",
      lines: [{ name: "Torba NOKTURN Tote", size: null, quantity: 2 }],
    });
    expect(typeof shown?.createdAt).toBe("string");
  });
});

// ---------------------------------------------------------------------------------------------
// What the orders tab's buttons answer, and the CSV as the export link downloads it
// (moved from e2e admin-orders.test.ts)
// ---------------------------------------------------------------------------------------------

describe("the orders tab's answers and its CSV download", () => {
  it("the export link downloads the filtered orders: the file name, a BOM, every column, the order's row", async () => {
    const { loader } = await import("../../app/routes/admin/orders-export");
    const order = await placeOrder("pending");
    const response = (await loader({
      request: new Request(`${ORIGIN}/admin/orders/export.csv?status=pending`, {
        headers: { cookie: await adminCookie() },
      }),
      params: {},
      context: requestContext(),
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="zamowienia-oczekujace-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    const [header, ...rows] = text.trim().split("\r\n");
    expect(header.split(";")).toEqual([
      "Numer",
      "Data",
      "Status",
      "E-mail",
      "Imię i nazwisko",
      "Telefon",
      "Dostawa",
      "Adres dostawy",
      "Produkty",
      "Wartość produktów (zł)",
      "Rabat (zł)",
      "Kod rabatowy",
      "Koszt dostawy (zł)",
      "Razem (zł)",
      "Zwrócono (zł)",
      "Po zwrotach (zł)",
      "Numer przesyłki",
      "Identyfikator",
    ]);
    const row = rows.find((line) => line.endsWith(`;${order.id}`));
    expect(row, "the order's row").toBeDefined();
    const cells = row!.split(";");
    expect(cells[0]).toBe(order.id.slice(0, 8).toUpperCase());
    expect(cells[2]).toBe("Oczekujące");
    expect(cells[3]).toBe("kupujacy@example.pl");
    expect(cells[4]).toBe("Kupujący Testowy");
    expect(cells[7]).toBe("Kupujący Testowy, ul. Ruska 1, 50-079 Wrocław");
    expect(cells[8]).toBe("Koszulka NOKTURN Logo (M) × 2 à 129,00 | Torba NOKTURN Tote × 3 à 69,00");
    expect(cells[13]).toBe("465,00");
    expect(cells[14]).toBe("0,00");
    expect(cells[15]).toBe("465,00");
    // Only the filter's orders.
    expect(rows.every((line) => line.split(";")[2] === "Oczekujące")).toBe(true);
  });

  it("a status change, a shipping notice, a refund and a cancellation answer in Polish; a refunded order stays cancelled", async () => {
    const order = await placeOrder("pending");
    const changed = await postOrders({ intent: "set-status", orderId: order.id, status: "processing" });
    expect(changed).toMatchObject({
      status: 200,
      body: { ok: true, message: "Status zamówienia został zaktualizowany" },
    });
    const shipped = await postOrders({
      intent: "ship",
      orderId: order.id,
      trackingNumber: "620199887766",
      trackingUrl: "https://inpost.pl/sledzenie-przesylek?number=620199887766",
    });
    expect(shipped).toMatchObject({
      status: 200,
      body: { ok: true, message: "Powiadomienie o wysyłce zostało wysłane" },
    });

    const paid = await placePaidOrder();
    const refunded = await postOrders({
      intent: "refund",
      orderId: paid.order.id,
      "lines[0].orderItemId": paid.tote.id,
      "lines[0].quantity": "1",
      reason: "Klient odesłał jedną torbę",
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.message).toBe(
      `Zwrot pieniędzy został zlecony: ${formatPrice(refunded.body.amount!)}`,
    );
    const cancelled = await postOrders({ intent: "cancel-refund", orderId: paid.order.id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.amount).toBe(paid.order.totalAmount - refunded.body.amount!);
    expect(cancelled.body.message).toBe(
      `Zamówienie anulowane, pieniądze zwrócone: ${formatPrice(cancelled.body.amount!)}`,
    );
    const back = await postOrders({ intent: "set-status", orderId: paid.order.id, status: "completed" });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({
      ok: false,
      message:
        "Pieniądze za to zamówienie zostały zwrócone — nie można go przywrócić. Klient musi złożyć nowe zamówienie",
    });
    expect((await orderRow(paid.order.id)).status).toBe("cancelled");
  });
});
