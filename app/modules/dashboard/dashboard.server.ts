/**
 * The numbers behind "Pulpit" (issue #41): a handful of aggregate queries bounded by the range, each
 * grouped by Warsaw day in the database (orders, door sales, refunds, a night's tickets), shaped into
 * series by dashboard.ts. Door sales count as ticket revenue; refunds are their own series.
 */
import { sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { scansSince } from "~/modules/door/door-night.server";
import { checkInsPer15Minutes } from "~/modules/door/offline-scans";
import {
  alignNights,
  cumulativeByDaysBefore,
  type DashboardRange,
  rangeInstants,
  seriesOf,
} from "./dashboard";

type Rows<T> = { rows: T[] };

async function rows<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (pg, PGlite) answer `execute` with `{ rows }`.
  return ((await executor.execute(query)) as unknown as Rows<T>).rows;
}

const warsawDay = (column: ReturnType<typeof sql>) =>
  sql`to_char((${column} at time zone 'Europe/Warsaw')::date, 'YYYY-MM-DD')`;

/** Revenue per period: tickets (online and at the door) and merch (products less discounts), refunds. */
async function revenue(executor: Executor, range: DashboardRange) {
  const { start, end } = rangeInstants(range);
  const [sales, door, refunds] = await Promise.all([
    rows<{ day: string; tickets: number; merch: number }>(
      executor,
      sql`with lines as (
        select o.id, ${warsawDay(sql`o.created_at`)} as day, o.discount_amount,
          coalesce(sum(oi.quantity * oi.price_per_unit) filter (where oi.ticket_type_id is not null), 0) as tickets,
          coalesce(sum(oi.quantity * oi.price_per_unit) filter (where oi.ticket_type_id is null), 0) as products
        from orders o join order_items oi on oi.order_id = o.id
        where o.created_at >= ${start} and o.created_at < ${end}
        group by o.id)
      select day, sum(tickets)::float8 as tickets, sum(greatest(products - discount_amount, 0))::float8 as merch
      from lines group by day`,
    ),
    rows<{ day: string; amount: number }>(
      executor,
      sql`select ${warsawDay(sql`sold_at`)} as day, sum(quantity * unit_price)::float8 as amount
        from door_sales where sold_at >= ${start} and sold_at < ${end} group by 1`,
    ),
    rows<{ day: string; amount: number; count: number }>(
      executor,
      sql`select ${warsawDay(sql`created_at`)} as day, sum(amount)::float8 as amount, count(*)::int as count
        from refunds where status <> 'failed' and created_at >= ${start} and created_at < ${end} group by 1`,
    ),
  ]);
  const tickets = seriesOf(range, [
    ...sales.map((row) => ({ day: row.day, value: Number(row.tickets) })),
    ...door.map((row) => ({ day: row.day, value: Number(row.amount) })),
  ]);
  const merch = seriesOf(
    range,
    sales.map((row) => ({ day: row.day, value: Number(row.merch) })),
  );
  const refunded = seriesOf(
    range,
    refunds.map((row) => ({ day: row.day, value: Number(row.amount) })),
  );
  return {
    periods: tickets.periods,
    tickets: tickets.values,
    merch: merch.values,
    refunds: refunded.values,
    refundCount: refunds.reduce((sum, row) => sum + Number(row.count), 0),
  };
}

/** The products that sold most in the range: units and revenue, the ten first. */
async function topProducts(executor: Executor, range: DashboardRange) {
  const { start, end } = rangeInstants(range);
  const found = await rows<{ name: string; units: number; revenue: number }>(
    executor,
    sql`select oi.product_name as name, sum(oi.quantity)::int as units,
        sum(oi.quantity * oi.price_per_unit)::float8 as revenue
      from order_items oi join orders o on o.id = oi.order_id
      where oi.ticket_type_id is null and o.created_at >= ${start} and o.created_at < ${end}
      group by oi.product_name order by units desc, revenue desc, name limit 10`,
  );
  return found.map((row) => ({ name: row.name, units: Number(row.units), revenue: Number(row.revenue) }));
}

/** Each drop (a product released at a set instant): confirmed subscribers → notices sent → buyers. */
async function drops(executor: Executor) {
  const found = await rows<{
    name: string;
    releaseAt: Date | string;
    subscribers: number;
    notified: number;
    buyers: number;
  }>(
    executor,
    sql`select p.name, p.release_at as "releaseAt",
        (select count(*) from stock_alerts a where a.product_id = p.id and a.confirmed_at is not null)::int as subscribers,
        (select count(*) from stock_alerts a where a.product_id = p.id and a.notified_at is not null)::int as notified,
        (select count(distinct lower(o.customer_email)) from order_items oi join orders o on o.id = oi.order_id
          where oi.product_id = p.id and o.created_at >= p.release_at)::int as buyers
      from products p where p.release_at is not null
      order by p.release_at desc limit 8`,
  );
  return found.map((row) => ({
    name: row.name,
    releaseAt: new Date(row.releaseAt),
    subscribers: Number(row.subscribers),
    notified: Number(row.notified),
    buyers: Number(row.buyers),
  }));
}

/** The refunds of the range, newest first (at most 50 on the page; the CSV has them all). */
async function refundList(executor: Executor, range: DashboardRange, limit: number) {
  const { start, end } = rangeInstants(range);
  const found = await rows<{
    createdAt: Date | string;
    orderId: string | null;
    amount: number;
    status: string;
    reason: string;
  }>(
    executor,
    sql`select created_at as "createdAt", order_id as "orderId", amount, status, reason from refunds
      where created_at >= ${start} and created_at < ${end} order by created_at desc limit ${limit}`,
  );
  return found.map((row) => ({ ...row, createdAt: new Date(row.createdAt), amount: Number(row.amount) }));
}

export type DashboardNight = { id: string; title: string; startsAt: Date; endsAt: Date };

/** The nights sold on the site, newest first: the chart's choice. */
async function siteNights(executor: Executor) {
  const found = await rows<{ id: string; title: string; startsAt: Date | string; endsAt: Date | string }>(
    executor,
    sql`select id, title, starts_at as "startsAt", ends_at as "endsAt" from events
      where sales_mode = 'site' order by starts_at desc limit 30`,
  );
  return found.map((row) => ({ ...row, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) }));
}

/** A night's tickets by type and by days before its start (issued, voided or not: sold). */
async function ticketsByDay(executor: Executor, night: DashboardNight) {
  return rows<{ typeName: string; daysBefore: number; count: number }>(
    executor,
    sql`select tt.name as "typeName",
        ((${night.startsAt}::timestamptz at time zone 'Europe/Warsaw')::date
          - (t.issued_at at time zone 'Europe/Warsaw')::date)::int as "daysBefore",
        count(*)::int as count
      from tickets t join ticket_types tt on tt.id = t.ticket_type_id
      where t.event_id = ${night.id} group by 1, 2`,
  );
}

/** The chosen night's sales per type over time, beside the previous night's, and its check-ins. */
async function nightNumbers(executor: Executor, nights: DashboardNight[], chosenId: string | null) {
  const night = nights.find((candidate) => candidate.id === chosenId) ?? nights[0];
  if (!night) return null;
  const previous = nights.find((candidate) => candidate.startsAt < night.startsAt) ?? null;
  const [current, before, scans] = await Promise.all([
    ticketsByDay(executor, night),
    previous ? ticketsByDay(executor, previous) : Promise.resolve([]),
    scansSince(night.id, 0, executor),
  ]);
  const total = (list: typeof current) =>
    list.map((row) => ({ daysBefore: Number(row.daysBefore), count: Number(row.count) }));
  const aligned = alignNights(total(current), total(before));
  const types = [...new Set(current.map((row) => row.typeName))].map((name) => ({
    name,
    values: cumulativeByDaysBefore(
      total(current.filter((row) => row.typeName === name)),
      aligned.daysBefore[0] ?? 0,
    ),
  }));
  const lastScan = scans.scans.reduce((last, scan) => Math.max(last, scan.at), 0);
  const from = night.startsAt.getTime() - 2 * 3_600_000;
  const to = Math.max(
    from + 15 * 60_000,
    Math.min(night.endsAt.getTime(), lastScan || night.endsAt.getTime()),
  );
  return {
    night,
    previous,
    daysBefore: aligned.daysBefore,
    current: aligned.current,
    previousValues: aligned.previous,
    types,
    checkIns: scans.scans.length ? checkInsPer15Minutes(scans.scans, from, to) : [],
  };
}

export async function loadDashboard(range: DashboardRange, chosenNight: string | null) {
  const executor = db();
  const nights = await siteNights(executor);
  const [money, products, dropList, refunds, night] = await Promise.all([
    revenue(executor, range),
    topProducts(executor, range),
    drops(executor),
    refundList(executor, range, 50),
    nightNumbers(executor, nights, chosenNight),
  ]);
  return { nights, revenue: money, products, drops: dropList, refunds, night };
}

export async function loadRefundsForCsv(range: DashboardRange) {
  return refundList(db(), range, 10_000);
}
