/**
 * Online withdrawal against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): filing one
 * from the order page's action stores the withdrawal and both e-mails together; the 14-day window, other
 * people's orders, repeats (one after the other and at once) and bad input are refused in Polish with
 * nothing stored; refunding an open withdrawal closes it; the admin's delivery date and the completion
 * date open the window.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DomainError } from "../../app/lib/domain-error";
import { requestContext } from "../../app/lib/request-context";
import { demoSite } from "../../app/lib/site";
import { hashToken } from "../../app/modules/orders/orders.server";
import { refundFromPanel, setOrderStatus } from "../../app/modules/orders/panel-order-commands.server";
import { settleRefundFromProvider } from "../../app/modules/orders/refund-provider.server";
import { deliveredMessages, refundWithdrawalMessages } from "../../app/modules/orders/withdrawal.schema";
import { WITHDRAWAL_RATE_LIMIT } from "../../app/modules/orders/withdrawal-actions.server";
import { withdrawalMessages } from "../../app/modules/orders/withdrawal-window";
import {
  fileWithdrawal,
  getWithdrawalView,
  listOpenWithdrawals,
  refundWithdrawal,
  setDeliveredOn,
} from "../../app/modules/orders/withdrawals.server";
import { action as ordersAction } from "../../app/routes/admin/orders";
import { action } from "../../app/routes/order-status";
import * as s from "../../db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER, demoProductId, demoVariantId } from "../../db/seed";
import { usingPostgres } from "../support/test-database";
import { type AdminTestEnv, ORIGIN, setUpAdminTestEnv, signIn } from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});
beforeEach(async () => {
  await db().delete(s.rateLimit);
});

const DAY = 86_400_000;

type PlacedOrder = {
  order: typeof s.orders.$inferSelect;
  items: (typeof s.orderItems.$inferSelect)[];
  token: string;
};

/** A paid order (test provider) of 2 × tee M and 1 × tote, delivered `deliveredDaysAgo` days ago. */
async function placeOrder({
  deliveredDaysAgo = 2 as number | null,
  userId = null as string | null,
  status = "completed" as s.OrderStatus,
} = {}): Promise<PlacedOrder> {
  const session = `test_cs_${randomUUID()}`;
  const subtotal = 2 * 12900 + 6900;
  const [checkout] = await db()
    .insert(s.checkouts)
    .values({
      provider: "test",
      providerSessionId: session,
      providerPaymentId: session,
      status: "paid",
      lines: [],
      deliveryMethod: "courier",
      subtotal,
      deliveryCost: 1699,
      total: subtotal + 1699,
      paidAt: new Date(Date.now() - 5 * DAY),
      expiresAt: new Date(Date.now() - 5 * DAY),
    })
    .returning();
  const token = randomUUID();
  const [order] = await db()
    .insert(s.orders)
    .values({
      status,
      checkoutId: checkout.id,
      customerEmail: "kupujacy@example.pl",
      customerName: "Kupujący Testowy",
      userId,
      subtotal,
      deliveryMethod: "courier",
      deliveryCost: 1699,
      totalAmount: subtotal + 1699,
      accessTokenHash: hashToken(token),
      createdAt: new Date(Date.now() - 5 * DAY),
      deliveredAt: deliveredDaysAgo === null ? null : new Date(Date.now() - deliveredDaysAgo * DAY),
    })
    .returning();
  const items = await db()
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
        quantity: 1,
        pricePerUnit: 6900,
        regularPricePerUnit: 6900,
      },
    ])
    .returning();
  items.sort((a, b) => a.productName.localeCompare(b.productName));
  return { order, items, token };
}

let ipCounter = 0;
function nextIp() {
  ipCounter += 1;
  return `10.9.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

type Fields = Record<string, string>;

function withdrawRequest(
  orderId: string,
  fields: Fields,
  { token, cookie, ip = nextIp() }: { token?: string; cookie?: string; ip?: string } = {},
) {
  const headers = new Headers({ origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  const body = new URLSearchParams({ intent: "withdraw", statement: "on", ...fields });
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const request = new Request(`${ORIGIN}/zamowienie/${orderId}${query}`, { method: "POST", headers, body });
  clientIps.set(request, ip);
  return request;
}

/** The client address each request comes from, handed to the action in its context. */
const clientIps = new WeakMap<Request, string>();

type Answer = { status: number; data: { ok: boolean; message: string } };

async function submit(orderId: string, request: Request): Promise<Answer> {
  const answer = (await action({
    request,
    params: { id: orderId },
    context: requestContext({ clientIp: clientIps.get(request) }),
  } as never)) as unknown;
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    const wrapped = answer as { data: Answer["data"]; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  }
  return { status: 200, data: answer as Answer["data"] };
}

function lineFields(lines: { id: string; quantity: number | string }[]): Fields {
  return Object.fromEntries(
    lines.flatMap((line, index) => [
      [`lines[${index}].orderItemId`, line.id],
      [`lines[${index}].quantity`, String(line.quantity)],
    ]),
  );
}

async function stored(orderId: string) {
  const [withdrawals] = await db()
    .select({ n: count() })
    .from(s.withdrawals)
    .where(eq(s.withdrawals.orderId, orderId));
  const [mails] = await db()
    .select({ n: count() })
    .from(s.mailOutbox)
    .where(inArray(s.mailOutbox.kind, ["withdrawal-received", "withdrawal-confirmation"]));
  return { withdrawals: withdrawals.n, mails: mails.n };
}

describe(`withdrawal from the order page on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("files a withdrawal through the private link: the row and both e-mails, in Polish, with the return address and rules", async () => {
    const { order, items, token } = await placeOrder();
    const mailsBefore = (await stored(order.id)).mails;
    const answer = await submit(
      order.id,
      withdrawRequest(
        order.id,
        { ...lineFields([{ id: items[0].id, quantity: 1 }]), note: "Za duża.\nDzięki" },
        { token },
      ),
    );
    expect(answer).toMatchObject({ status: 200, data: { ok: true, message: withdrawalMessages.filed } });

    const [row] = await db().select().from(s.withdrawals).where(eq(s.withdrawals.orderId, order.id));
    expect(row).toMatchObject({
      status: "open",
      lines: [{ orderItemId: items[0].id, quantity: 1 }],
      customerEmail: "kupujacy@example.pl",
      note: "Za duża.\nDzięki",
    });

    const mails = await db()
      .select()
      .from(s.mailOutbox)
      .where(inArray(s.mailOutbox.kind, ["withdrawal-received", "withdrawal-confirmation"]));
    expect(mails.length - mailsBefore).toBe(2);
    const toShop = mails.find(
      (mail) => mail.kind === "withdrawal-received" && mail.text.includes(order.id.slice(0, 8).toUpperCase()),
    );
    const toCustomer = mails.find(
      (mail) =>
        mail.kind === "withdrawal-confirmation" && mail.text.includes(order.id.slice(0, 8).toUpperCase()),
    );
    expect(toShop).toMatchObject({ to: demoSite.email, replyTo: "kupujacy@example.pl" });
    expect(toShop?.text).toContain("Koszulka NOKTURN Logo (rozmiar M) × 1");
    expect(toShop?.text).toContain("Za duża.");
    expect(toCustomer).toMatchObject({ to: "kupujacy@example.pl" });
    expect(toCustomer?.subject).toContain("przyjęliśmy odstąpienie od umowy");
    expect(toCustomer?.text).toContain(
      `Adres do zwrotu: ${demoSite.seller.company}, ${demoSite.seller.address}`,
    );
    expect(toCustomer?.text).toContain("Koszt odesłania paczki pokrywasz Ty.");
    expect(toCustomer?.text).toContain("Zwrócimy pieniądze w ciągu 14 dni od otrzymania zwrotu");
    expect(toCustomer?.text).toContain(`/zamowienie/${order.id}?token=`);

    // The page now shows it as filed and offers only what is left.
    const view = await getWithdrawalView(order, items);
    expect(view.filed).toHaveLength(1);
    expect(view.lines.map((line) => [line.orderItemId, line.available])).toEqual([
      [items[0].id, 1],
      [items[1].id, 1],
    ]);
  });

  it("files for the signed-in owner without a token; another customer and a wrong token get 404 and nothing is stored", async () => {
    const cookie = await signIn(DEMO_CUSTOMER);
    const [customer] = await db().select().from(s.user).where(eq(s.user.email, DEMO_CUSTOMER.email));
    const own = await placeOrder({ userId: customer.id });
    const answer = await submit(
      own.order.id,
      withdrawRequest(own.order.id, lineFields([{ id: own.items[1].id, quantity: 1 }]), { cookie }),
    );
    expect(answer.status).toBe(200);
    expect((await stored(own.order.id)).withdrawals).toBe(1);

    const foreign = await placeOrder({ userId: null });
    const before = await stored(foreign.order.id);
    const asOther = await submit(
      foreign.order.id,
      withdrawRequest(foreign.order.id, lineFields([{ id: foreign.items[0].id, quantity: 1 }]), { cookie }),
    );
    expect(asOther).toMatchObject({ status: 404, data: { ok: false, message: withdrawalMessages.notFound } });
    const wrongToken = await submit(
      foreign.order.id,
      withdrawRequest(foreign.order.id, lineFields([{ id: foreign.items[0].id, quantity: 1 }]), {
        token: randomUUID(),
      }),
    );
    expect(wrongToken.status).toBe(404);
    const noOne = await submit(
      foreign.order.id,
      withdrawRequest(foreign.order.id, lineFields([{ id: foreign.items[0].id, quantity: 1 }])),
    );
    expect(noOne.status).toBe(404);
    expect(await stored(foreign.order.id)).toEqual(before);
  });

  it("refuses before delivery, after the 14 days and for a cancelled order (409, Polish), storing nothing", async () => {
    const cases = [
      {
        order: await placeOrder({ deliveredDaysAgo: null, status: "processing" }),
        message: withdrawalMessages.notDelivered,
      },
      { order: await placeOrder({ deliveredDaysAgo: 16 }), message: withdrawalMessages.expired },
      { order: await placeOrder({ status: "cancelled" }), message: withdrawalMessages.cancelled },
    ];
    for (const { order: placed, message } of cases) {
      const before = await stored(placed.order.id);
      const answer = await submit(
        placed.order.id,
        withdrawRequest(placed.order.id, lineFields([{ id: placed.items[0].id, quantity: 1 }]), {
          token: placed.token,
        }),
      );
      expect(answer).toMatchObject({ status: 409, data: { ok: false, message } });
      expect(await stored(placed.order.id)).toEqual(before);
      expect((await getWithdrawalView(placed.order, placed.items)).open).toBe(false);
    }
  });

  it("refuses bad input with a Polish 400 and stores nothing", async () => {
    const { order, items, token } = await placeOrder();
    const other = await placeOrder();
    const before = await stored(order.id);
    const bad: Fields[] = [
      lineFields([{ id: other.items[0].id, quantity: 1 }]), // a line of another order
      lineFields([{ id: items[0].id, quantity: 3 }]), // more than bought
      lineFields([{ id: items[0].id, quantity: -1 }]),
      lineFields([{ id: items[0].id, quantity: "1.5" }]),
      lineFields([{ id: items[0].id, quantity: "jeden" }]),
      lineFields([{ id: items[0].id, quantity: 0 }]), // nothing chosen
      lineFields([{ id: "nie-uuid", quantity: 1 }]),
      { ...lineFields([{ id: items[0].id, quantity: 1 }]), note: "a\u0000b" },
      { ...lineFields([{ id: items[0].id, quantity: 1 }]), note: "x".repeat(5000) },
      { ...lineFields([{ id: items[0].id, quantity: 1 }]), statement: "" },
      { ...lineFields([{ id: items[0].id, quantity: 1 }]), intent: "cos-innego" },
      {},
    ];
    for (const fields of bad) {
      const answer = await submit(order.id, withdrawRequest(order.id, fields, { token }));
      expect(answer.status, JSON.stringify(fields).slice(0, 120)).toBe(400);
      expect(answer.data.ok).toBe(false);
      expect(answer.data.message).toMatch(/[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]|Nieprawidłowe|Wybierz|Zaznacz/);
    }
    expect(await stored(order.id)).toEqual(before);
    expect(before.withdrawals).toBe(0);
  });

  it("refuses the same units twice (409), and of two filings at once for the last units exactly one succeeds", async () => {
    const { order, items, token } = await placeOrder();
    const all = lineFields([
      { id: items[0].id, quantity: 2 },
      { id: items[1].id, quantity: 1 },
    ]);
    const first = await submit(order.id, withdrawRequest(order.id, all, { token }));
    expect(first.status).toBe(200);
    const again = await submit(
      order.id,
      withdrawRequest(order.id, lineFields([{ id: items[0].id, quantity: 1 }]), { token }),
    );
    expect(again.status).toBe(409);
    expect(again.data.message).toBe(withdrawalMessages.tooMany("Koszulka NOKTURN Logo (rozmiar M)"));

    const race = await placeOrder();
    const results = await Promise.allSettled(
      [1, 2].map(() =>
        fileWithdrawal({
          orderId: race.order.id,
          viewer: { token: race.token },
          lines: [{ orderItemId: race.items[0].id, quantity: 2 }],
          note: null,
        }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(DomainError);
    expect((await stored(race.order.id)).withdrawals).toBe(1);
  });

  it("is rate-limited per client like the contact form", async () => {
    const ip = "10.99.0.1";
    const { order, items, token } = await placeOrder();
    for (let index = 0; index < WITHDRAWAL_RATE_LIMIT.limit; index++) {
      // Refused (more units than bought), but each well-formed attempt counts.
      await submit(
        order.id,
        withdrawRequest(order.id, lineFields([{ id: items[0].id, quantity: 9 }]), { token, ip }),
      );
    }
    const limited = await submit(
      order.id,
      withdrawRequest(order.id, lineFields([{ id: items[0].id, quantity: 1 }]), { token, ip }),
    );
    expect(limited.status).toBe(429);
    expect(limited.data.message).toMatch(/Spróbuj ponownie/);
    expect((await stored(order.id)).withdrawals).toBe(0);
  });
});

describe("the shop's side", () => {
  it("lists open withdrawals; refunding one pays the units back through the provider and closes it, once", async () => {
    const { order, items, token } = await placeOrder();
    const { withdrawalId } = await fileWithdrawal({
      orderId: order.id,
      viewer: { token },
      lines: [{ orderItemId: items[0].id, quantity: 2 }],
      note: null,
    });
    const listed = (await listOpenWithdrawals()).find((row) => row.id === withdrawalId);
    expect(listed).toMatchObject({
      orderId: order.id,
      orderNumber: order.id.slice(0, 8).toUpperCase(),
      lines: [{ orderItemId: items[0].id, name: "Koszulka NOKTURN Logo", size: "M", quantity: 2 }],
    });

    const stockBefore = await variantStock();
    const refund = await refundWithdrawal({
      withdrawalId,
      includeDelivery: false,
      restock: true,
      actorId: null,
    });
    expect(refund).toMatchObject({ amount: 2 * 12900, status: "succeeded" });
    const [row] = await db().select().from(s.refunds).where(eq(s.refunds.id, refund.refundId));
    expect(row).toMatchObject({ kind: "withdrawal", withdrawalId, orderId: order.id, restocked: true });
    const [closed] = await db().select().from(s.withdrawals).where(eq(s.withdrawals.id, withdrawalId));
    expect(closed.status).toBe("refunded");
    expect(closed.closedAt).not.toBeNull();
    expect((await listOpenWithdrawals()).some((item) => item.id === withdrawalId)).toBe(false);
    expect(await variantStock()).toBe(stockBefore + 2);

    // Refunding it again is refused and changes nothing; the refunded units cannot be withdrawn again.
    await expect(
      refundWithdrawal({ withdrawalId, includeDelivery: false, restock: true, actorId: null }),
    ).rejects.toMatchObject({ status: 404 });
    const [refunds] = await db()
      .select({ n: count() })
      .from(s.refunds)
      .where(eq(s.refunds.orderId, order.id));
    expect(refunds.n).toBe(1);
    await expect(
      fileWithdrawal({
        orderId: order.id,
        viewer: { token },
        lines: [{ orderItemId: items[0].id, quantity: 1 }],
        note: null,
      }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("closes a withdrawal whose units the order's general refund paid back, with that refund, everywhere (issue #29)", async () => {
    const { order, items, token } = await placeOrder();
    const { withdrawalId } = await fileWithdrawal({
      orderId: order.id,
      viewer: { token },
      lines: [{ orderItemId: items[0].id, quantity: 2 }],
      note: null,
    });
    // The admin pays those 2 units back through the order's "Zwrot pieniędzy" instead.
    const general = await refundFromPanel(
      {
        orderId: order.id,
        lines: [{ orderItemId: items[0].id, quantity: 2 }],
        includeDelivery: false,
        restock: false,
        reason: "Zwrot za odesłane koszulki",
      },
      null,
    );
    expect(general.status).toBe("succeeded");

    // The withdrawal's own refund has nothing left to pay: it closes with the refund the units got.
    const admin = await signIn(DEMO_ADMIN);
    const answer = await panelAction(
      admin,
      new URLSearchParams({ intent: "refund-withdrawal", withdrawalId, restock: "on" }),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, message: refundWithdrawalMessages.refundedBefore });
    const [closed] = await db().select().from(s.withdrawals).where(eq(s.withdrawals.id, withdrawalId));
    expect(closed.status).toBe("refunded");
    expect(closed.closedAt).not.toBeNull();
    const refunds = await db().select().from(s.refunds).where(eq(s.refunds.orderId, order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ id: general.refundId, amount: 2 * 12900, withdrawalId });
    const [after] = await db().select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(after.refundedAmount).toBe(2 * 12900);

    // Closed in the panel and on the customer's page (nothing waits for the return any more).
    expect((await listOpenWithdrawals()).some((row) => row.id === withdrawalId)).toBe(false);
    const itemsAfter = await db().select().from(s.orderItems).where(eq(s.orderItems.orderId, order.id));
    const view = await getWithdrawalView(after, itemsAfter);
    expect(view.filed).toEqual([]);
    await expect(
      refundWithdrawal({ withdrawalId, includeDelivery: false, restock: false, actorId: null }),
    ).rejects.toMatchObject({ status: 404 });

    // Should the refund that paid them fail after all, the withdrawal opens again: the money never came.
    const [row] = await db().select().from(s.refunds).where(eq(s.refunds.id, general.refundId));
    expect(row.providerRefundId).not.toBeNull();
    await settleRefundFromProvider({ providerRefundId: row.providerRefundId ?? "", status: "failed" });
    const [reopened] = await db().select().from(s.withdrawals).where(eq(s.withdrawals.id, withdrawalId));
    expect(reopened.status).toBe("open");
  });

  it("pays a withdrawal only the units the general refund left, then closes it", async () => {
    const { order, items, token } = await placeOrder();
    const { withdrawalId } = await fileWithdrawal({
      orderId: order.id,
      viewer: { token },
      lines: [
        { orderItemId: items[0].id, quantity: 2 },
        { orderItemId: items[1].id, quantity: 1 },
      ],
      note: null,
    });
    await refundFromPanel(
      {
        orderId: order.id,
        lines: [{ orderItemId: items[0].id, quantity: 1 }],
        includeDelivery: false,
        restock: false,
        reason: "Jedna koszulka wcześniej",
      },
      null,
    );
    const refund = await refundWithdrawal({
      withdrawalId,
      includeDelivery: false,
      restock: false,
      actorId: null,
    });
    expect(refund).toMatchObject({ amount: 12900 + 6900, status: "succeeded" });
    const [row] = await db().select().from(s.refunds).where(eq(s.refunds.id, refund.refundId));
    // One unit of each line, whatever order the lines were read in.
    const byId = (a: [string, number], b: [string, number]) => a[0].localeCompare(b[0]);
    expect(row.lines.map((line): [string, number] => [line.orderItemId, line.quantity]).sort(byId)).toEqual(
      [[items[0].id, 1] as [string, number], [items[1].id, 1] as [string, number]].sort(byId),
    );
    const [closed] = await db().select().from(s.withdrawals).where(eq(s.withdrawals.id, withdrawalId));
    expect(closed.status).toBe("refunded");
    const itemsAfter = await db().select().from(s.orderItems).where(eq(s.orderItems.orderId, order.id));
    expect(itemsAfter.every((item) => item.refundedQuantity === item.quantity)).toBe(true);
  });

  it("records the delivery date (not in the future, not before the order, not for a cancelled order)", async () => {
    const { order } = await placeOrder({ deliveredDaysAgo: null, status: "processing" });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    await expect(setDeliveredOn(order.id, tomorrow)).rejects.toMatchObject({
      message: deliveredMessages.future,
    });
    await expect(setDeliveredOn(order.id, "2020-01-01")).rejects.toMatchObject({
      message: deliveredMessages.beforeOrder,
    });
    await expect(setDeliveredOn(order.id, "2026-02-31")).rejects.toMatchObject({ status: 400 });
    await expect(setDeliveredOn(randomUUID(), today)).rejects.toMatchObject({ status: 404 });
    const { deliveredAt } = await setDeliveredOn(order.id, today);
    const [row] = await db().select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(row.deliveredAt?.toISOString()).toBe(deliveredAt.toISOString());

    const cancelled = await placeOrder({ deliveredDaysAgo: null, status: "cancelled" });
    await expect(setDeliveredOn(cancelled.order.id, today)).rejects.toMatchObject({
      message: deliveredMessages.cancelled,
    });
  });

  it("completing an order records when, which opens the window when there is no delivery date", async () => {
    const { order, items } = await placeOrder({ deliveredDaysAgo: null, status: "processing" });
    expect((await getWithdrawalView(order, items)).closedReason).toBe("not-delivered");
    await setOrderStatus(order.id, "completed");
    const [row] = await db()
      .select()
      .from(s.orders)
      .where(and(eq(s.orders.id, order.id)));
    expect(row.completedAt).not.toBeNull();
    expect((await getWithdrawalView(row, items)).open).toBe(true);
  });
});

/** The orders tab's action as the panel posts it, answered as `{ status, data }`. */
async function panelAction(cookie: string, body: URLSearchParams) {
  const request = new Request(`${ORIGIN}/admin/orders`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN },
    body,
  });
  const answer = (await ordersAction({
    request,
    params: {},
    context: requestContext({ clientIp: nextIp() }),
  } as never)) as unknown;
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    const wrapped = answer as { data: { ok: boolean; message: string }; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  }
  return { status: 200, data: answer as { ok: boolean; message: string } };
}

async function variantStock() {
  const [row] = await db()
    .select({ stock: s.productVariants.stockQuantity })
    .from(s.productVariants)
    .where(eq(s.productVariants.id, demoVariantId("koszulka-nokturn-logo", "M")));
  return row.stock;
}
