/**
 * A night's "Bilety" page in the panel (issue #40 step 1) through its route, as an admin posts it:
 * non-admins refused; the settings create the night's row; the capacity and a quota moved by the
 * difference in one conditional update (never below what is sold and held, also while a checkout takes
 * units at the same moment); bad input refused in Polish with nothing stored; a type with a ticket not
 * deleted; a night with tickets not switched back to the external seller.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormActionResult } from "../../app/lib/form-action.server";
import { requestContext } from "../../app/lib/request-context";
import { eventMessages } from "../../app/modules/content/event-form.schema";
import { ticketMessages } from "../../app/modules/tickets/ticket-types.schema";
import { action as editEventAction } from "../../app/routes/admin/event-edit";
import { action, loader } from "../../app/routes/admin/event-tickets";
import * as s from "../../db/schema";
import { type AdminTestEnv, adminCookie, customerCookie, ORIGIN, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;
let admin: string;
const db = () => env.database.db;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
  admin = await adminCookie();
});
afterAll(async () => {
  await env?.dispose();
});

type Answer = { status: number; data: FormActionResult & { result?: { error?: Record<string, string[]> } } };

function unwrap(answer: unknown): Answer {
  const wrapped = answer as { type?: string; data?: Answer["data"]; init?: { status?: number } };
  if (wrapped.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, data: wrapped.data! };
  return { status: 200, data: answer as Answer["data"] };
}

async function post(eventId: string, fields: Record<string, string>, cookie: string | null = admin) {
  const request = new Request(`${ORIGIN}/admin/events/${eventId}/tickets`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(fields),
  });
  return unwrap(await action({ request, params: { eventId }, context: requestContext() } as never));
}

let slugCount = 0;
async function newNight(salesMode: s.TicketSalesMode = "site") {
  slugCount += 1;
  const [event] = await db()
    .insert(s.events)
    .values({
      slug: `bilety-test-${slugCount}`,
      title: `Noc testowa ${slugCount}`,
      startsAt: new Date("2027-03-13T22:00:00Z"),
      endsAt: new Date("2027-03-14T06:00:00Z"),
      venue: "Klub Testowy",
      city: "Wrocław",
      salesMode,
    })
    .returning({ id: s.events.id });
  return event.id;
}

async function nightOf(eventId: string) {
  const [night] = await db().select().from(s.nightTickets).where(eq(s.nightTickets.eventId, eventId));
  return night ?? null;
}

async function typesOf(eventId: string) {
  return db().select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, eventId));
}

const typeForm = (fields: Record<string, string> = {}) => ({
  intent: "save",
  name: "Pula 1",
  price: "79,00",
  vatRate: "8",
  quota: "100",
  maxPerOrder: "4",
  ...fields,
});

/** A night with its settings and one type of `quota`. */
async function nightWithType(quota = 100, capacity = 300) {
  const eventId = await newNight();
  expect((await post(eventId, { intent: "settings", capacity: String(capacity) })).status).toBe(200);
  expect((await post(eventId, typeForm({ quota: String(quota) }))).status).toBe(200);
  const [type] = await typesOf(eventId);
  return { eventId, typeId: type.id };
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** What a checkout does: takes `n` units of the type and of the night, each only if they are there. */
async function takeIn(tx: Tx, eventId: string, typeId: string, n: number) {
  const [type] = await tx
    .update(s.ticketTypes)
    .set({ remaining: sql`${s.ticketTypes.remaining} - ${n}` })
    .where(and(eq(s.ticketTypes.id, typeId), sql`${s.ticketTypes.remaining} >= ${n}`))
    .returning({ id: s.ticketTypes.id });
  if (!type) return false;
  const [night] = await tx
    .update(s.nightTickets)
    .set({ remaining: sql`${s.nightTickets.remaining} - ${n}` })
    .where(and(eq(s.nightTickets.eventId, eventId), sql`${s.nightTickets.remaining} >= ${n}`))
    .returning({ id: s.nightTickets.eventId });
  if (!night) tx.rollback();
  return true;
}

const take = (eventId: string, typeId: string, n: number) =>
  db().transaction((tx) => takeIn(tx, eventId, typeId, n));

/** A paid ticket of the type, as the checkout issues it (its unit taken first). */
async function sellTicket(eventId: string, typeId: string) {
  expect(await take(eventId, typeId, 1)).toBe(true);
  const [order] = await db()
    .insert(s.orders)
    .values({
      status: "processing",
      customerEmail: "fan@example.pl",
      subtotal: 7900,
      deliveryMethod: "courier",
      deliveryCost: 0,
      totalAmount: 7900,
    })
    .returning({ id: s.orders.id });
  await db().insert(s.tickets).values({
    eventId,
    ticketTypeId: typeId,
    orderId: order.id,
    holderFirstName: "Ala",
    holderLastName: "Nowak",
    price: 7900,
  });
}

describe("access", () => {
  it("refuses a customer (403) and a guest (401), storing nothing", async () => {
    const eventId = await newNight();
    const customer = await customerCookie();
    await expect(post(eventId, { intent: "settings", capacity: "100" }, customer)).rejects.toMatchObject({
      init: { status: 403 },
    });
    await expect(post(eventId, { intent: "settings", capacity: "100" }, null)).rejects.toMatchObject({
      init: { status: 401 },
    });
    await expect(
      loader({
        request: new Request(`${ORIGIN}/admin/events/${eventId}/tickets`, { headers: { cookie: customer } }),
        params: { eventId },
        context: requestContext(),
      } as never),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect(await nightOf(eventId)).toBeNull();
  });
});

describe("the night's settings", () => {
  it("create the night's row with remaining = capacity, then update it", async () => {
    const eventId = await newNight();
    const saved = await post(eventId, {
      intent: "settings",
      capacity: "500",
      maxPerCustomer: "4",
      transferUntilMinutes: "90",
    });
    expect(saved).toMatchObject({ status: 200, data: { ok: true, message: ticketMessages.settingsSaved } });
    expect(await nightOf(eventId)).toMatchObject({
      capacity: 500,
      remaining: 500,
      maxPerCustomer: 4,
      transferUntilMinutes: 90,
      offersUntilMinutes: 120,
    });
    await post(eventId, { intent: "settings", capacity: "450" });
    expect(await nightOf(eventId)).toMatchObject({ capacity: 450, remaining: 450, maxPerCustomer: null });
  });

  it("refuse a capacity below what is sold and held, changing nothing", async () => {
    const { eventId, typeId } = await nightWithType(100, 300);
    await sellTicket(eventId, typeId);
    expect(await take(eventId, typeId, 9)).toBe(true); // held by an open checkout
    const refused = await post(eventId, { intent: "settings", capacity: "9", maxPerCustomer: "2" });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe(ticketMessages.capacityBelowTaken(10));
    expect(refused.data.result?.error?.capacity).toEqual([ticketMessages.capacityBelowTaken(10)]);
    expect(await nightOf(eventId)).toMatchObject({ capacity: 300, remaining: 290, maxPerCustomer: null });
    // Exactly what is taken is fine: nothing left.
    expect((await post(eventId, { intent: "settings", capacity: "10" })).status).toBe(200);
    expect(await nightOf(eventId)).toMatchObject({ capacity: 10, remaining: 0 });
  });

  it("are shown with the types' sold / held / left, revenue and state", async () => {
    const { eventId, typeId } = await nightWithType(50, 300);
    await sellTicket(eventId, typeId);
    await sellTicket(eventId, typeId);
    await take(eventId, typeId, 3);
    const page = (await loader({
      request: new Request(`${ORIGIN}/admin/events/${eventId}/tickets`, { headers: { cookie: admin } }),
      params: { eventId },
      context: requestContext(),
    } as never)) as { found: true; types: Record<string, unknown>[]; totals: Record<string, number> };
    expect(page.types[0]).toMatchObject({
      sold: 2,
      held: 3,
      left: 45,
      revenue: 15_800,
      stateLabel: "W sprzedaży",
      window: "bez ograniczeń",
    });
    expect(page.totals).toMatchObject({ sold: 2, held: 3, left: 45, revenue: 15_800 });
  });
});

describe("a type's quota", () => {
  it("moves remaining by the difference, refused below sold + held", async () => {
    const { eventId, typeId } = await nightWithType(100);
    await sellTicket(eventId, typeId);
    await take(eventId, typeId, 19);
    expect((await post(eventId, typeForm({ id: typeId, quota: "150" }))).status).toBe(200);
    expect((await typesOf(eventId))[0]).toMatchObject({ quota: 150, remaining: 130 });
    const refused = await post(eventId, typeForm({ id: typeId, quota: "19", name: "Zmieniona" }));
    expect(refused.status).toBe(409);
    expect(refused.data.result?.error?.quota).toEqual([ticketMessages.quotaBelowTaken(20)]);
    expect((await typesOf(eventId))[0]).toMatchObject({ name: "Pula 1", quota: 150, remaining: 130 });
  });

  it("two edits and a checkout at once leave remaining = quota − taken, never negative", async () => {
    const { eventId, typeId } = await nightWithType(100, 1000);
    let taken = 0;
    const rounds: [string, string, number][] = [
      ["60", "40", 5],
      ["36", "80", 3],
      ["45", "44", 2],
      ["12", "120", 2],
    ];
    for (const [first, second, n] of rounds) {
      // The checkout has taken its units and not committed yet when both edits arrive: an edit that
      // read the counters before writing them would undo the take.
      let edits: Promise<Answer[]> = Promise.resolve([]);
      const took = await db().transaction(async (tx) => {
        const ok = await takeIn(tx, eventId, typeId, n);
        edits = Promise.all([
          post(eventId, typeForm({ id: typeId, quota: first })),
          post(eventId, typeForm({ id: typeId, quota: second })),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 150));
        return ok;
      });
      if (took) taken += n;
      for (const answer of await edits) expect([200, 409]).toContain(answer.status);
      const [type] = await typesOf(eventId);
      expect(type.remaining).toBeGreaterThanOrEqual(0);
      expect(type.remaining).toBe(type.quota - taken);
    }
  });
});

describe("bad input", () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ["an empty name", { name: "" }, "name", ticketMessages.nameRequired],
    ["a 61-character name", { name: "x".repeat(61) }, "name", ticketMessages.nameMax],
    ["a control character in the name", { name: "Pula\u00071" }, "name", ticketMessages.invalidCharacters],
    ["a price that is not an amount", { price: "abc" }, "price", ticketMessages.price],
    [
      "an end before the start",
      { salesStart: "2027-01-10T10:00", salesEnd: "2027-01-09T10:00" },
      "salesEnd",
      ticketMessages.endBeforeStart,
    ],
    ["a quota of 0", { quota: "0" }, "quota", ticketMessages.quota],
  ];
  it.each(cases)(
    "%s is a 400 with the Polish message, typed values kept, nothing stored",
    async (_, fields, field, message) => {
      const eventId = await newNight();
      await post(eventId, { intent: "settings", capacity: "100" });
      const answer = await post(eventId, typeForm(fields));
      expect(answer.status).toBe(400);
      expect(answer.data.result?.error?.[field]).toEqual([message]);
      expect((answer.data.result as { initialValue?: Record<string, unknown> }).initialValue?.vatRate).toBe(
        "8",
      );
      expect(await typesOf(eventId)).toEqual([]);
    },
  );

  it("a capacity out of range is a 400, nothing stored", async () => {
    const eventId = await newNight();
    const answer = await post(eventId, { intent: "settings", capacity: "100001" });
    expect(answer.status).toBe(400);
    expect(answer.data.result?.error?.capacity).toEqual([ticketMessages.capacity]);
    expect(await nightOf(eventId)).toBeNull();
  });
});

describe("deleting a type", () => {
  it("is refused with a ticket present; a type with nothing sold or held goes", async () => {
    const { eventId, typeId } = await nightWithType(100);
    await sellTicket(eventId, typeId);
    const refused = await post(eventId, { intent: "delete", typeId });
    expect(refused).toMatchObject({ status: 409, data: { message: ticketMessages.deleteTaken } });
    expect(await typesOf(eventId)).toHaveLength(1);

    await post(eventId, typeForm({ name: "Pula 2" }));
    const second = (await typesOf(eventId)).find((type) => type.name === "Pula 2")!;
    expect(await take(eventId, second.id, 1)).toBe(true);
    expect((await post(eventId, { intent: "delete", typeId: second.id })).status).toBe(409);
    await db()
      .update(s.ticketTypes)
      .set({ remaining: sql`${s.ticketTypes.remaining} + 1` })
      .where(eq(s.ticketTypes.id, second.id));
    expect((await post(eventId, { intent: "delete", typeId: second.id })).status).toBe(200);
    expect(await typesOf(eventId)).toHaveLength(1);
  });
});

describe("the event form's sales mode", () => {
  const eventForm = (slug: string, salesMode: string) =>
    new URLSearchParams({
      title: "Noc testowa",
      slug,
      startsAt: "2027-03-13T23:00",
      endsAt: "2027-03-14T07:00",
      venue: "Klub Testowy",
      city: "Wrocław",
      published: "on",
      salesMode,
    });

  async function saveEventForm(eventId: string, body: URLSearchParams) {
    const request = new Request(`${ORIGIN}/admin/events/${eventId}/edit`, {
      method: "POST",
      headers: { cookie: admin },
      body,
    });
    try {
      return unwrap(
        await editEventAction({ request, params: { eventId }, context: requestContext() } as never),
      );
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, data: {} as Answer["data"] };
      throw thrown;
    }
  }

  it("switches to the site and back while nothing is sold, not once tickets are", async () => {
    const eventId = await newNight("external");
    const slug = `bilety-test-${slugCount}`;
    expect((await saveEventForm(eventId, eventForm(slug, "site"))).status).toBe(303);
    const [onSite] = await db()
      .select({ salesMode: s.events.salesMode })
      .from(s.events)
      .where(eq(s.events.id, eventId));
    expect(onSite.salesMode).toBe("site");

    await post(eventId, { intent: "settings", capacity: "100" });
    await post(eventId, typeForm());
    const [type] = await typesOf(eventId);
    await sellTicket(eventId, type.id);
    const refused = await saveEventForm(eventId, eventForm(slug, "external"));
    expect(refused.status).toBe(409);
    expect(refused.data.result?.error?.salesMode).toEqual([ticketMessages.externalWithTickets]);
    const [after] = await db()
      .select({ salesMode: s.events.salesMode })
      .from(s.events)
      .where(eq(s.events.id, eventId));
    expect(after.salesMode).toBe("site");
  });

  it("refuses an unknown mode in Polish", async () => {
    const eventId = await newNight("external");
    const answer = await saveEventForm(eventId, eventForm(`bilety-test-${slugCount}`, "gdzies"));
    expect(answer.status).toBe(400);
    expect(answer.data.result?.error?.salesMode).toEqual([eventMessages.salesMode]);
  });
});
