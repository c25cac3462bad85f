/**
 * The door (issue #41) on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), through the
 * API's own route modules: a night of 2,000 tickets downloads within 500 kB; three phones syncing 500
 * scans with overlaps (and a retried sync) admit each ticket once, list every conflict and store no
 * scan twice; online scans answer each of the issue's words and two phones at once admit a ticket
 * once; door sales from several phones at once never pass the capacity; a block sells offline up to
 * its size; a door account opens nothing of the panel and no night outside its window; bad input and
 * floods are refused in Polish with nothing stored.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestContext } from "../../app/lib/request-context";
import { DOOR_WINDOW_MS } from "../../app/modules/door/door-access.server";
import { closeBlock, giveBlock } from "../../app/modules/door/door-sales.server";
import type {
  DoorNight,
  DoorSale,
  DoorScan,
  DoorSyncAnswer,
  DoorSyncRequest,
  ScanAnswer,
} from "../../app/modules/door/door-types";
import { nightPresence } from "../../app/modules/door/offline-scans";
import { signTicketCode } from "../../app/modules/tickets/ticket-code";
import { ticketSigningKey } from "../../app/modules/tickets/ticket-keys.server";
import { loader as adminOrdersLoader } from "../../app/routes/admin/orders";
import { loader as nightLoader } from "../../app/routes/api/door-night";
import { action as saleAction } from "../../app/routes/api/door-sale";
import { action as scanAction } from "../../app/routes/api/door-scan";
import { action as syncAction } from "../../app/routes/api/door-sync";
import * as s from "../../db/schema";
import {
  type AdminTestEnv,
  adminCookie,
  customerCookie,
  ORIGIN,
  setUpAdminTestEnv,
  userWithRole,
} from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;
const HOUR = 3_600_000;
const TICKETS = 2000;
let nightId: string;
let otherNightId: string;
let farNightId: string;
let door: string;
let admin: string;
let ticketIds: string[];
const phones = [randomUUID(), randomUUID(), randomUUID()];

async function makeNight(slug: string, startsInHours: number, capacity: number) {
  const [night] = await db()
    .insert(s.events)
    .values({
      slug,
      title: `NOKTURN: ${slug}`,
      startsAt: new Date(Date.now() + startsInHours * HOUR),
      endsAt: new Date(Date.now() + (startsInHours + 6) * HOUR),
      venue: "Klub Test",
      city: "Wrocław",
      salesMode: "site",
    })
    .returning();
  await db()
    .insert(s.nightTickets)
    .values({ eventId: night.id, capacity, remaining: capacity, doorPrice: 8000 });
  const [type] = await db()
    .insert(s.ticketTypes)
    .values({ eventId: night.id, name: "Pula 1", price: 5900, quota: capacity, remaining: capacity })
    .returning();
  return { id: night.id, typeId: type.id };
}

/** `count` paid tickets of the night, 10 to an order, with realistic Polish names and e-mails. */
async function issue(night: { id: string; typeId: string }, count: number) {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Math.min(500, count - start);
    const orderRows = await db()
      .insert(s.orders)
      .values(
        Array.from({ length: Math.ceil(batch / 10) }, (_, i) => ({
          status: "processing" as const,
          customerEmail: `fan${start + i * 10}@przyklad.pl`,
          customerName: "Zofia Wiśniewska-Kowalczyk",
          subtotal: 59000,
          deliveryMethod: "none" as const,
          deliveryCost: 0,
          totalAmount: 59000,
        })),
      )
      .returning({ id: s.orders.id });
    const rows = await db()
      .insert(s.tickets)
      .values(
        Array.from({ length: batch }, (_, i) => ({
          eventId: night.id,
          ticketTypeId: night.typeId,
          orderId: orderRows[Math.floor(i / 10)].id,
          holderFirstName: "Małgorzata",
          holderLastName: `Grzegorzewska-${start + i}`,
          price: 5900,
          position: i % 10,
        })),
      )
      .returning({ id: s.tickets.id });
    ids.push(...rows.map((row) => row.id));
  }
  await db().execute(
    sql`update night_tickets set remaining = remaining - ${count} where event_id = ${night.id}`,
  );
  return ids;
}

beforeAll(async () => {
  env = await setUpAdminTestEnv();
  const night = await makeNight("bramka-test", 2, 2100);
  nightId = night.id;
  ticketIds = await issue(night, TICKETS);
  otherNightId = (await makeNight("bramka-inna", 30, 100)).id;
  farNightId = (await makeNight("bramka-daleko", 24 * 3, 100)).id;
  door = await userWithRole(env.database, "bramka@example.pl", "door");
  admin = await adminCookie();
}, 120_000);

afterAll(async () => {
  await env?.dispose();
});

beforeEach(async () => {
  await db().delete(s.rateLimit);
});

let ip = 0;
function context() {
  ip += 1;
  return requestContext({ clientIp: `10.41.${Math.floor(ip / 250) % 250}.${ip % 250}` });
}

function get(path: string, cookie: string) {
  return new Request(`${ORIGIN}${path}`, { headers: { cookie } });
}

function post(path: string, cookie: string, body: unknown) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A route's answer as status and JSON, whether it returned a Response or threw one (or data()). */
async function answer<T>(run: () => Promise<unknown> | unknown): Promise<{ status: number; body: T }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const wrapped = result as { data: T; init: ResponseInit | null };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data };
}

async function download(eventId: string, deviceId: string, cookie = door, name = "Telefon") {
  const path = `/api/bramka/${eventId}/noc?urzadzenie=${deviceId}&nazwa=${encodeURIComponent(name)}`;
  return answer<DoorNight>(() =>
    nightLoader({ request: get(path, cookie), params: { eventId }, context: context() } as never),
  );
}

function sync(body: DoorSyncRequest, cookie = door, eventId = nightId) {
  return answer<DoorSyncAnswer>(() =>
    syncAction({
      request: post(`/api/bramka/${eventId}/sync`, cookie, body),
      params: { eventId },
      context: context(),
    } as never),
  );
}

type ScanReply = {
  answer: ScanAnswer;
  message?: string;
  previous?: { deviceName: string; staffName: string };
};

function scan(fields: Record<string, unknown>, cookie = door, eventId = nightId) {
  return answer<ScanReply>(() =>
    scanAction({
      request: post(`/api/bramka/${eventId}/skan`, cookie, {
        deviceId: phones[0],
        nonce: randomUUID(),
        at: Date.now(),
        direction: "in",
        ...fields,
      }),
      params: { eventId },
      context: context(),
    } as never),
  );
}

function sell(fields: Partial<DoorSale>, cookie = door) {
  return answer<{ stored?: true; capacityLeft?: number; message?: string }>(() =>
    saleAction({
      request: post(`/api/bramka/${nightId}/sprzedaz`, cookie, {
        nonce: randomUUID(),
        deviceId: phones[0],
        quantity: 1,
        method: "cash",
        at: Date.now(),
        blockId: null,
        ...fields,
      }),
      params: { eventId: nightId },
      context: context(),
    } as never),
  );
}

function code(ticketId: string, version = 1, night = nightId) {
  return signTicketCode({ ticketId, version, nightId: night }, ticketSigningKey());
}

async function storedScans() {
  return db().select().from(s.doorScans).where(eq(s.doorScans.eventId, nightId));
}

describe("the night's download", () => {
  it("registers the phone and holds 2,000 tickets within 500 kB", async () => {
    for (const [i, phone] of phones.entries()) {
      const { status, body } = await download(nightId, phone, door, `Telefon ${i + 1}`);
      expect(status).toBe(200);
      expect(body.tickets).toHaveLength(TICKETS);
      expect(body.publicKeys.length).toBeGreaterThan(0);
      expect(body.otherNights.map((other) => other.id)).toContain(otherNightId);
      expect(body.night).toMatchObject({ id: nightId, reentry: false, doorPrice: 8000 });
      expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(500 * 1024);
    }
    const devices = await db().select().from(s.doorDevices);
    expect(devices.map((device) => device.name).sort()).toEqual(["Telefon 1", "Telefon 2", "Telefon 3"]);
  });

  it("refuses a customer (403), a night outside the door's window (403) and a bad device (400)", async () => {
    expect((await download(nightId, phones[0], await customerCookie())).status).toBe(403);
    const far = await download(farNightId, phones[0]);
    expect(far.status).toBe(403);
    expect(far.body).toEqual({ message: expect.stringContaining("nie jest teraz otwarta") });
    expect(DOOR_WINDOW_MS).toBe(24 * HOUR);
    // An admin prepares any night ahead.
    expect((await download(farNightId, randomUUID(), admin, "Admin")).status).toBe(200);
    expect((await download(nightId, "nie-uuid")).status).toBe(400);
    const control = await download(nightId, randomUUID(), door, "Tel\u0000efon");
    expect(control).toEqual({ status: 400, body: { message: "Podaj nazwę telefonu (1–40 znaków)" } });
    expect((await download("nie-ma-takiej", phones[0])).status).toBe(404);
  });

  it("a door account opens nothing of the panel (403)", async () => {
    const refused = await answer(() =>
      adminOrdersLoader({ request: get("/admin/orders", door), params: {}, context: context() } as never),
    );
    expect(refused.status).toBe(403);
  });
});

describe("offline scans synced by three phones", () => {
  it("admits each ticket once, lists every conflict, and stores no scan twice on a retried sync", async () => {
    await db().delete(s.doorScans);
    const base = Date.now() - HOUR;
    // 500 scans: phone i admits tickets [150 i, 150 i + 200): tickets 150–199 and 300–349 are admitted
    // by two phones (100 conflicts); each phone's first ten scans are sent twice within its batch.
    const batches = phones.map((deviceId, i) =>
      Array.from({ length: i === 2 ? 100 : 200 }, (_, k): DoorScan => {
        const ticket = 150 * i + k;
        return {
          nonce: randomUUID(),
          ticketId: ticketIds[ticket],
          version: 1,
          direction: "in",
          at: base + ticket * 1000 + i,
          deviceId,
        };
      }),
    );
    expect(batches.flat()).toHaveLength(500);
    const answers = await Promise.all(
      batches.map((scans, i) =>
        sync({ deviceId: phones[i], scans: [...scans, ...scans.slice(0, 10)], sales: [], cursor: null }),
      ),
    );
    for (const [i, reply] of answers.entries()) {
      expect(reply.status).toBe(200);
      expect(new Set(reply.body.stored)).toEqual(new Set(batches[i].map((scanned) => scanned.nonce)));
      expect(reply.body.refused).toEqual([]);
    }
    // The network dropped the answers: every phone sends everything again.
    const retried = await Promise.all(
      batches.map((scans, i) => sync({ deviceId: phones[i], scans, sales: [], cursor: null })),
    );
    for (const reply of retried) expect(reply.status).toBe(200);

    const stored = await storedScans();
    expect(stored).toHaveLength(500);
    expect(new Set(stored.map((row) => row.nonce)).size).toBe(500);
    const presence = nightPresence(
      stored.map((row) => ({
        nonce: row.nonce,
        ticketId: row.ticketId,
        version: row.version,
        direction: row.direction,
        at: row.scannedAt.getTime(),
        deviceId: row.deviceId,
      })),
      false,
    );
    expect(presence.admitted.size).toBe(400);
    expect(presence.conflicts).toHaveLength(100);
    expect(new Set(presence.conflicts.map((conflict) => conflict.ticketId)).size).toBe(100);
    for (const conflict of presence.conflicts)
      expect(conflict.first.deviceId).not.toBe(conflict.second.deviceId);

    // Every phone sees the others' scans: from a cursor of nothing, all 500.
    const seen = await sync({ deviceId: phones[0], scans: [], sales: [], cursor: null });
    expect(seen.body.scans).toHaveLength(500);
    const later = await sync({ deviceId: phones[1], scans: [], sales: [], cursor: seen.body.cursor });
    expect(later.body.scans).toEqual([]);
  });

  it("refuses a scan of another night's ticket or from another phone, storing nothing of it", async () => {
    const before = (await storedScans()).length;
    const foreign = (await db().select().from(s.tickets).where(eq(s.tickets.eventId, otherNightId)))[0];
    const reply = await sync({
      deviceId: phones[0],
      scans: [
        {
          nonce: randomUUID(),
          ticketId: ticketIds[1999],
          version: 1,
          direction: "in",
          at: Date.now(),
          deviceId: phones[1],
        },
        {
          nonce: randomUUID(),
          ticketId: foreign?.id ?? randomUUID(),
          version: 1,
          direction: "in",
          at: Date.now(),
          deviceId: phones[0],
        },
      ],
      sales: [],
      cursor: null,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.stored).toEqual([]);
    expect(reply.body.refused.map((refusal) => refusal.message).sort()).toEqual([
      "Bilet innej nocy",
      "Skan z innego telefonu",
    ]);
    expect(await storedScans()).toHaveLength(before);
  });

  it("refuses malformed bodies and a sync over the limit (400), nothing stored", async () => {
    const before = (await storedScans()).length;
    expect((await sync("{nie json" as never)).status).toBe(400);
    const flood = Array.from({ length: 1001 }, () => ({
      nonce: randomUUID(),
      ticketId: ticketIds[1999],
      version: 1,
      direction: "in",
      at: Date.now(),
      deviceId: phones[0],
    }));
    const tooMany = await sync({ deviceId: phones[0], scans: flood as DoorScan[], sales: [], cursor: null });
    expect(tooMany).toEqual({ status: 400, body: { message: "Nieprawidłowe dane z telefonu" } });
    const unknownPhone = await sync({ deviceId: randomUUID(), scans: [], sales: [], cursor: null });
    expect(unknownPhone).toEqual({ status: 409, body: { message: "Najpierw pobierz noc na tym telefonie" } });
    // The admin's account may not sync as the door account's phone.
    const otherAccount = await sync({ deviceId: phones[0], scans: [], sales: [], cursor: null }, admin);
    expect(otherAccount).toEqual({ status: 409, body: { message: "Najpierw pobierz noc na tym telefonie" } });
    expect(await storedScans()).toHaveLength(before);
  });
});

describe("online scans", () => {
  it("answers WEJŚCIE, then JUŻ WESZŁO with the phone and who scanned", async () => {
    const ticket = ticketIds[1000];
    const first = await scan({ code: code(ticket) });
    expect(first.status).toBe(200);
    expect(first.body.answer).toBe("admitted");
    const again = await scan({ code: code(ticket), deviceId: phones[1] });
    expect(again.body.answer).toBe("already-inside");
    expect(again.body.previous).toMatchObject({ deviceName: "Telefon 1", staffName: "bramka" });
    // By search (no QR): the same decision.
    expect((await scan({ ticketId: ticket })).body.answer).toBe("already-inside");
  });

  it("admits one of two phones scanning one ticket at the same instant", async () => {
    const ticket = ticketIds[1001];
    const replies = await Promise.all(phones.map((deviceId) => scan({ code: code(ticket), deviceId })));
    expect(replies.map((reply) => reply.body.answer).sort()).toEqual([
      "admitted",
      "already-inside",
      "already-inside",
    ]);
    const rows = await db().select().from(s.doorScans).where(eq(s.doorScans.ticketId, ticket));
    expect(rows).toHaveLength(1);
  });

  it("answers FAŁSZYWY, INNA NOC, UNIEWAŻNIONY, NIEAKTUALNY and NIEOPŁACONY, storing none", async () => {
    const before = (await storedScans()).length;
    const forged = code(ticketIds[1002]).slice(0, -2) + (code(ticketIds[1002]).endsWith("AA") ? "BA" : "AA");
    expect((await scan({ code: forged })).body.answer).toBe("forged");
    expect((await scan({ code: "https://inna-strona.pl/bilet/123" })).body.answer).toBe("forged");
    expect((await scan({ code: code(randomUUID(), 1, otherNightId) })).body.answer).toBe("other-night");

    const [voided] = await db()
      .update(s.tickets)
      .set({ state: "void", voidedAt: new Date() })
      .where(eq(s.tickets.id, ticketIds[1003]))
      .returning();
    expect((await scan({ code: code(voided.id) })).body.answer).toBe("void");

    await db().update(s.tickets).set({ version: 2 }).where(eq(s.tickets.id, ticketIds[1004]));
    expect((await scan({ code: code(ticketIds[1004], 1) })).body.answer).toBe("outdated");
    expect((await scan({ code: code(ticketIds[1004], 2) })).body.answer).toBe("admitted");

    const [cancelled] = await db().select().from(s.tickets).where(eq(s.tickets.id, ticketIds[1010]));
    await db().update(s.orders).set({ status: "cancelled" }).where(eq(s.orders.id, cancelled.orderId));
    expect((await scan({ code: code(ticketIds[1010]) })).body.answer).toBe("unpaid");
    // Only the one admission (version 2) was stored.
    expect(await storedScans()).toHaveLength(before + 1);
  });

  it("with re-entry on, scans exits and lets a ticket in again", async () => {
    await db().update(s.nightTickets).set({ reentry: true }).where(eq(s.nightTickets.eventId, nightId));
    try {
      const ticket = ticketIds[1500];
      expect((await scan({ code: code(ticket) })).body.answer).toBe("admitted");
      expect((await scan({ code: code(ticket) })).body.answer).toBe("already-inside");
      expect((await scan({ code: code(ticket), direction: "out" })).body.answer).toBe("exited");
      expect((await scan({ code: code(ticket), direction: "out" })).body.answer).toBe("not-inside");
      expect((await scan({ code: code(ticket) })).body.answer).toBe("admitted");
    } finally {
      await db().update(s.nightTickets).set({ reentry: false }).where(eq(s.nightTickets.eventId, nightId));
    }
  });

  it("limits a flood of scans from one account (429 in Polish)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) statuses.push((await scan({ code: "FAŁSZ" })).status);
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    const refused = await scan({ code: "FAŁSZ" });
    expect(refused).toEqual({ status: 429, body: { message: "Za dużo skanów naraz — odczekaj chwilę" } });
  });
});

describe("door sales", () => {
  it("from three phones at once never pass the capacity", async () => {
    await db().delete(s.doorSales);
    await db().update(s.nightTickets).set({ remaining: 15 }).where(eq(s.nightTickets.eventId, nightId));
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sell({ deviceId: phones[i % 3], method: i % 2 ? "card" : "cash" }),
      ),
    );
    const sold = replies.filter((reply) => reply.status === 200);
    expect(sold).toHaveLength(15);
    const refused = replies.filter((reply) => reply.status === 409);
    expect(refused).toHaveLength(15);
    expect(refused[0].body.message).toBe("Brak wolnych miejsc — noc jest pełna");
    const [night] = await db().select().from(s.nightTickets).where(eq(s.nightTickets.eventId, nightId));
    expect(night.remaining).toBe(0);
    const rows = await db().select().from(s.doorSales).where(eq(s.doorSales.eventId, nightId));
    expect(rows.reduce((sum, row) => sum + row.quantity, 0)).toBe(15);
    // The price is the server's and the seller is recorded.
    expect(new Set(rows.map((row) => row.unitPrice))).toEqual(new Set([8000]));
    expect(rows.every((row) => row.userId !== null)).toBe(true);
  });

  it("a sale retried with its nonce is stored once; above the places left it is refused", async () => {
    await db().update(s.nightTickets).set({ remaining: 3 }).where(eq(s.nightTickets.eventId, nightId));
    const nonce = randomUUID();
    const twice = await Promise.all([sell({ nonce, quantity: 2 }), sell({ nonce, quantity: 2 })]);
    expect(twice.map((reply) => reply.status)).toEqual([200, 200]);
    expect(await db().select().from(s.doorSales).where(eq(s.doorSales.nonce, nonce))).toHaveLength(1);
    const over = await sell({ quantity: 2 });
    expect(over).toEqual({ status: 409, body: { message: "Zostało tylko 1 miejsce" } });
    expect((await sell({ quantity: 11 })).status).toBe(400);
    expect((await sell({ quantity: 0 })).status).toBe(400);
  });

  it("offline from a block: up to its size, once per nonce; closing gives back what is unused", async () => {
    await db().update(s.nightTickets).set({ remaining: 10 }).where(eq(s.nightTickets.eventId, nightId));
    const [night] = await db()
      .select()
      .from(s.nightTickets)
      .innerJoin(s.events, eq(s.events.id, s.nightTickets.eventId))
      .where(eq(s.nightTickets.eventId, nightId));
    const row = {
      id: nightId,
      title: night.events.title,
      startsAt: night.events.startsAt,
      reentry: false,
      capacity: night.night_tickets.capacity,
      remaining: night.night_tickets.remaining,
      doorPrice: night.night_tickets.doorPrice,
      doorVatRate: night.night_tickets.doorVatRate,
    };
    await expect(giveBlock(row, phones[2], 11, "x")).rejects.toThrow("Pula większa niż wolne miejsca");
    const block = await giveBlock(row, phones[2], 5, (await db().select().from(s.user))[0].id);
    const [afterGive] = await db().select().from(s.nightTickets).where(eq(s.nightTickets.eventId, nightId));
    expect(afterGive.remaining).toBe(5);

    const downloaded = await download(nightId, phones[2], door, "Telefon 3");
    expect(downloaded.body.blocks).toEqual([{ id: block.id, size: 5, deviceId: phones[2], used: 0 }]);

    const sales: DoorSale[] = Array.from({ length: 7 }, (_, i) => ({
      nonce: randomUUID(),
      deviceId: phones[2],
      quantity: 1,
      method: "cash",
      at: Date.now() + i,
      blockId: block.id,
    }));
    const first = await sync({ deviceId: phones[2], scans: [], sales, cursor: null });
    expect(first.body.stored).toHaveLength(5);
    expect(first.body.refused).toHaveLength(2);
    expect(first.body.refused[0].message).toBe("Sprzedaż ponad przydzieloną pulę — nie zapisano");
    const again = await sync({ deviceId: phones[2], scans: [], sales: sales.slice(0, 5), cursor: null });
    expect(again.body.stored).toHaveLength(5);
    const fromBlock = await db().select().from(s.doorSales).where(eq(s.doorSales.blockId, block.id));
    expect(fromBlock).toHaveLength(5);
    // The capacity was taken when the block was given, not again by its sales.
    expect(first.body.capacityLeft).toBe(5);
    expect(await closeBlock(nightId, block.id)).toEqual({ returned: 0, used: 5 });
    await expect(closeBlock(nightId, block.id)).rejects.toThrow("Ta pula jest już zamknięta");
  });
});
