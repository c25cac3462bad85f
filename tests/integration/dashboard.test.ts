/**
 * "Pulpit" (issue #41) on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): orders of
 * tickets and merch, a door sale, refunds, a night's tickets beside the previous night's, a drop's
 * subscribers and buyers — the numbers the dashboard shows, per Warsaw day and week, and its CSV.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardTableCsv } from "../../app/modules/dashboard/dashboard";
import { loadDashboard } from "../../app/modules/dashboard/dashboard.server";
import { dashboardView } from "../../app/modules/dashboard/dashboard-view.server";
import * as s from "../../db/schema";
import { type AdminTestEnv, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;
const range = { from: "2026-03-01", to: "2026-03-10", granularity: "day" as const };
let night: { id: string; typeId: string };
let previous: { id: string; typeId: string };
let dropProductId: string;

/** An instant at `hour`:00 Warsaw time (CET in early March) on a day of the range. */
const at = (day: string, hour: number) => new Date(`${day}T${String(hour - 1).padStart(2, "0")}:00:00Z`);

async function makeNight(slug: string, startsAt: Date) {
  const [event] = await db()
    .insert(s.events)
    .values({
      slug,
      title: `NOKTURN: ${slug}`,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * 3_600_000),
      venue: "Klub",
      city: "Wrocław",
      salesMode: "site",
    })
    .returning();
  await db()
    .insert(s.nightTickets)
    .values({ eventId: event.id, capacity: 100, remaining: 100, doorPrice: 8000 });
  const [type] = await db()
    .insert(s.ticketTypes)
    .values({ eventId: event.id, name: "Pula 1", price: 5000, quota: 100, remaining: 100 })
    .returning();
  return { id: event.id, typeId: type.id };
}

async function order(
  createdAt: Date,
  lines: { ticketTypeId?: string; productId?: string; name: string; quantity: number; price: number }[],
  discount = 0,
) {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
  const [row] = await db()
    .insert(s.orders)
    .values({
      customerEmail: `${randomUUID()}@example.pl`,
      subtotal,
      discountAmount: discount,
      deliveryMethod: "none",
      deliveryCost: 0,
      totalAmount: subtotal - discount,
      createdAt,
      status: "processing",
    })
    .returning();
  await db()
    .insert(s.orderItems)
    .values(
      lines.map((line) => ({
        orderId: row.id,
        productId: line.productId ?? null,
        ticketTypeId: line.ticketTypeId ?? null,
        productName: line.name,
        quantity: line.quantity,
        pricePerUnit: line.price,
        regularPricePerUnit: line.price,
      })),
    );
  return row;
}

beforeAll(async () => {
  env = await setUpAdminTestEnv();
  // Only this test's numbers: the seed's orders are moved out of the range.
  await db().execute(sql`update orders set created_at = '2025-01-01T12:00:00Z'`);
  night = await makeNight("pulpit-marzec", at("2026-03-07", 23));
  previous = await makeNight("pulpit-luty", at("2026-02-07", 23));
  // Tickets and merch on 2 March (one order, a 10 zł code off the merch), merch on 9 March.
  const first = await order(
    at("2026-03-02", 12),
    [
      { ticketTypeId: night.typeId, name: "Bilet", quantity: 2, price: 5000 },
      { name: "Koszulka", quantity: 1, price: 12000 },
    ],
    1000,
  );
  await order(at("2026-03-09", 18), [{ name: "Czapka", quantity: 3, price: 7000 }]);
  // Two tickets of the night issued 5 and 1 days before it; one of the previous night 3 days before.
  for (const [event, type, daysBefore] of [
    [night.id, night.typeId, 5],
    [night.id, night.typeId, 1],
    [previous.id, previous.typeId, 3],
  ] as const) {
    const start = event === night.id ? at("2026-03-07", 23) : at("2026-02-07", 23);
    await db()
      .insert(s.tickets)
      .values({
        eventId: event,
        ticketTypeId: type,
        orderId: first.id,
        holderFirstName: "Ala",
        holderLastName: "Nowak",
        price: 5000,
        issuedAt: new Date(start.getTime() - daysBefore * 86_400_000),
      });
  }
  // A door sale on the night (counts as ticket revenue), a refund on 9 March.
  const user = (await db().select().from(s.user))[0];
  const deviceId = randomUUID();
  await db().insert(s.doorDevices).values({ id: deviceId, userId: user.id, name: "Telefon" });
  await db()
    .insert(s.doorSales)
    .values({
      nonce: randomUUID(),
      eventId: night.id,
      deviceId,
      userId: user.id,
      quantity: 2,
      method: "cash",
      unitPrice: 8000,
      vatRate: 8,
      soldAt: at("2026-03-07", 23),
    });
  await db()
    .insert(s.refunds)
    .values({
      orderId: first.id,
      kind: "manual",
      amount: 2500,
      reason: "Zwrot testowy",
      provider: "test",
      idempotencyKey: randomUUID(),
      status: "succeeded",
      createdAt: at("2026-03-09", 10),
    });
  // A drop: released 5 March, two confirmed subscribers (one notified), one buyer after the release.
  const [product] = await db().select().from(s.products).limit(1);
  dropProductId = product.id;
  await db()
    .update(s.products)
    .set({ releaseAt: at("2026-03-05", 18) })
    .where(sql`${s.products.id} = ${product.id}`);
  for (const [email, notified] of [
    ["a@example.pl", true],
    ["b@example.pl", false],
  ] as const) {
    await db()
      .insert(s.stockAlerts)
      .values({
        productId: product.id,
        email,
        emailKey: email,
        consentText: "Zgoda",
        consentedAt: at("2026-03-01", 12),
        confirmedAt: at("2026-03-01", 13),
        notifiedAt: notified ? at("2026-03-05", 18) : null,
      });
  }
  await order(at("2026-03-06", 12), [
    { productId: product.id, name: product.name, quantity: 1, price: 9900 },
  ]);
}, 60_000);

afterAll(async () => {
  await env?.dispose();
});

describe("the dashboard's numbers", () => {
  it("revenue per Warsaw day: tickets with the door, merch less its code, refunds apart", async () => {
    const data = await loadDashboard(range, night.id);
    const day = (name: string) => data.revenue.periods.indexOf(name);
    expect(data.revenue.periods).toHaveLength(10);
    expect(data.revenue.tickets[day("2026-03-02")]).toBe(10_000);
    expect(data.revenue.merch[day("2026-03-02")]).toBe(11_000);
    expect(data.revenue.tickets[day("2026-03-07")]).toBe(16_000);
    expect(data.revenue.merch[day("2026-03-09")]).toBe(21_000);
    expect(data.revenue.refunds[day("2026-03-09")]).toBe(2500);
    expect(data.revenue.refundCount).toBe(1);
    expect(data.revenue.tickets.reduce((a, b) => a + b)).toBe(26_000);
  });

  it("sums the same by ISO week", async () => {
    const weekly = await loadDashboard({ ...range, granularity: "week" }, night.id);
    expect(weekly.revenue.periods).toEqual(["2026-02-23", "2026-03-02", "2026-03-09"]);
    expect(weekly.revenue.tickets).toEqual([0, 26_000, 0]);
    expect(weekly.revenue.merch).toEqual([0, 11_000 + 9_900, 21_000]);
  });

  it("top products, the drop's funnel and the refunds list", async () => {
    const data = await loadDashboard(range, night.id);
    expect(data.products[0]).toEqual({ name: "Czapka", units: 3, revenue: 21_000 });
    const drop = data.drops.find(
      (candidate) => candidate.releaseAt.getTime() === at("2026-03-05", 18).getTime(),
    );
    expect(drop).toMatchObject({ subscribers: 2, notified: 1, buyers: 1 });
    expect(data.refunds).toHaveLength(1);
    expect(dropProductId).toBeTruthy();
  });

  it("a night's tickets over time beside the previous night, by days before each", async () => {
    const data = await loadDashboard(range, night.id);
    expect(data.night?.night.id).toBe(night.id);
    expect(data.night?.previous?.id).toBe(previous.id);
    expect(data.night?.daysBefore).toEqual([5, 4, 3, 2, 1, 0]);
    expect(data.night?.current).toEqual([1, 1, 1, 1, 2, 2]);
    expect(data.night?.previousValues).toEqual([0, 0, 1, 1, 1, 1]);
    expect(data.night?.types).toEqual([{ name: "Pula 1", values: [1, 1, 1, 1, 2, 2] }]);
  });

  it("writes each table as CSV with the page's numbers", async () => {
    const view = await dashboardView(range, night.id);
    const revenue = dashboardTableCsv("przychod", view.csv);
    expect(revenue).toContain("2026-03-02;100,00;110,00;0,00");
    expect(dashboardTableCsv("produkty", view.csv)).toContain("Czapka;3;210,00");
    expect(dashboardTableCsv("noc", view.csv)).toContain("5;1;0");
    expect(dashboardTableCsv("zwroty", view.csv)).toContain("25,00");
  });
});
