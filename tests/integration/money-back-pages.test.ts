/**
 * Money back as the pages meet it (moved from e2e money-back.test.ts, which stopped its own server to
 * move a delivery date in its database): fourteen days after delivery the order page's loader offers
 * the signed-in owner no withdrawal and the server refuses a hand-made one in Polish, storing nothing;
 * the day before, the page still offers it. The orders tab's refund of a withdrawal answers with the
 * amount and closes it.
 */
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatPrice } from "../../app/lib/money";
import { requestContext } from "../../app/lib/request-context";
import { withdrawalMessages } from "../../app/modules/orders/withdrawal-window";
import { fileWithdrawal } from "../../app/modules/orders/withdrawals.server";
import * as s from "../../db/schema";
import { DEMO_CUSTOMER, demoProductId } from "../../db/seed";
import { usingPostgres } from "../support/test-database";
import { type AdminTestEnv, adminCookie, ORIGIN, setUpAdminTestEnv, signIn } from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;
const DAY = 86_400_000;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});
beforeEach(async () => {
  await db().delete(s.rateLimit);
});

/** 2 × tote bought by the demo customer (test provider), completed and delivered `daysAgo` days ago. */
async function deliveredTotes(daysAgo: number) {
  const [customer] = await db().select().from(s.user).where(eq(s.user.email, DEMO_CUSTOMER.email));
  const session = `test_cs_${randomUUID()}`;
  const subtotal = 2 * 6900;
  const placedAt = new Date(Date.now() - (daysAgo + 2) * DAY);
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
      paidAt: placedAt,
      expiresAt: placedAt,
    })
    .returning();
  const [order] = await db()
    .insert(s.orders)
    .values({
      status: "completed",
      checkoutId: checkout.id,
      customerEmail: DEMO_CUSTOMER.email,
      customerName: "Klient Testowy",
      userId: customer.id,
      subtotal,
      deliveryMethod: "courier",
      deliveryCost: 1699,
      totalAmount: subtotal + 1699,
      createdAt: placedAt,
      deliveredAt: new Date(Date.now() - daysAgo * DAY),
      completedAt: new Date(Date.now() - daysAgo * DAY),
    })
    .returning();
  const [tote] = await db()
    .insert(s.orderItems)
    .values({
      orderId: order.id,
      productId: demoProductId("torba-nokturn-tote"),
      productName: "Torba NOKTURN Tote",
      quantity: 2,
      pricePerUnit: 6900,
      regularPricePerUnit: 6900,
    })
    .returning();
  return { order, tote };
}

type LoaderData = {
  withdrawal: { open: boolean; closedReason: string | null; lines: unknown[] };
  status: string;
};

async function orderPage(orderId: string, cookie: string): Promise<LoaderData> {
  const { loader } = await import("../../app/routes/order-status");
  return (await loader({
    request: new Request(`${ORIGIN}/zamowienie/${orderId}`, { headers: { cookie } }),
    params: { id: orderId },
    context: requestContext(),
  } as never)) as unknown as LoaderData;
}

/** The order page's action, as the browser posts the withdrawal form; status and body. */
async function withdraw(orderId: string, itemId: string, cookie: string) {
  const { action } = await import("../../app/routes/order-status");
  const request = new Request(`${ORIGIN}/zamowienie/${orderId}`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN },
    body: new URLSearchParams({
      intent: "withdraw",
      "lines[0].orderItemId": itemId,
      "lines[0].quantity": "1",
      statement: "on",
    }),
  });
  return unwrap(
    await action({
      request,
      params: { id: orderId },
      context: requestContext({ clientIp: "10.77.0.1" }),
    } as never),
  );
}

/** An action's answer: React Router's `data()` (status and body) or a plain object (200). */
function unwrap(value: unknown): { status: number; body: { ok: boolean; message: string } } {
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const wrapped = value as { data: { ok: boolean; message: string }; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  }
  return { status: 200, body: value as { ok: boolean; message: string } };
}

async function withdrawalsOf(orderId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(s.withdrawals)
    .where(eq(s.withdrawals.orderId, orderId));
  return row.n;
}

describe(`the withdrawal window on the order page (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("fourteen days after delivery the owner's page offers nothing and the server refuses in Polish", async () => {
    const cookie = await signIn(DEMO_CUSTOMER);
    const { order, tote } = await deliveredTotes(15);
    const page = await orderPage(order.id, cookie);
    expect(page.status).toBe("completed");
    // No "Odstąp od umowy" and no quantity fields: the form shows only while the window is open.
    expect(page.withdrawal).toMatchObject({ open: false, closedReason: "expired", lines: [] });

    const refused = await withdraw(order.id, tote.id, cookie);
    expect(refused).toMatchObject({ status: 409, body: { ok: false, message: withdrawalMessages.expired } });
    expect(withdrawalMessages.expired).toBe(
      "Termin na odstąpienie od umowy minął (14 dni od otrzymania paczki).",
    );
    expect(await withdrawalsOf(order.id)).toBe(0);
  });

  it("thirteen days after delivery the owner's page still offers the form", async () => {
    const cookie = await signIn(DEMO_CUSTOMER);
    const { order, tote } = await deliveredTotes(13);
    const page = await orderPage(order.id, cookie);
    expect(page.withdrawal.open).toBe(true);
    expect(page.withdrawal.lines).toHaveLength(1);
    expect((await withdraw(order.id, tote.id, cookie)).status).toBe(200);
    expect(await withdrawalsOf(order.id)).toBe(1);
  });
});

describe("the orders tab's refund of a withdrawal", () => {
  it("answers with the amount paid back and closes the withdrawal", async () => {
    const { order, tote } = await deliveredTotes(2);
    const { withdrawalId } = await fileWithdrawal({
      orderId: order.id,
      viewer: { userId: order.userId },
      lines: [{ orderItemId: tote.id, quantity: 1 }],
      note: "Jedna wystarczy.",
    });
    const { action } = await import("../../app/routes/admin/orders");
    const request = new Request(`${ORIGIN}/admin/orders`, {
      method: "POST",
      headers: { cookie: await adminCookie() },
      body: new URLSearchParams({ intent: "refund-withdrawal", withdrawalId, restock: "on" }),
    });
    const answer = unwrap(await action({ request, params: {}, context: requestContext() } as never));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ok: true,
      message: `Pieniądze zostały zwrócone, odstąpienie zamknięte: ${formatPrice(6900)}`,
    });
    const [closed] = await db().select().from(s.withdrawals).where(eq(s.withdrawals.id, withdrawalId));
    expect(closed.status).toBe("refunded");
  });
});
