/**
 * Tickets sold on the site (issue #40) on a real database: the last tickets under concurrency, tiers
 * that step up while buyers race, the night's capacity over every type, holds given back on expiry,
 * the per-person limit, and a paid order of a ticket and a T-shirt with named tickets and its e-mail.
 */

import { createPublicKey } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearContent, keepContent } from "../../app/lib/content-cache.server";
import { setDatabase } from "../../app/lib/db.server";
import { formatPrice } from "../../app/lib/money";
import { withQueryTally } from "../../app/lib/query-tally.server";
import { checkoutRequestSchema } from "../../app/modules/cart/cart.schema";
import { addTickets } from "../../app/modules/cart/cart-tickets.server";
import { visitorFor } from "../../app/modules/cart/visitor";
import {
  CheckoutError,
  startCheckout,
  sweepExpiredCheckouts,
} from "../../app/modules/checkout/checkout.server";
import type { CheckoutClient } from "../../app/modules/checkout/checkout-limits.server";
import { payTestCheckout } from "../../app/modules/checkout/test-payment.server";
import { processOutbox } from "../../app/modules/mail/outbox.server";
import type { MailTransport, OutgoingMail } from "../../app/modules/mail/transport.server";
import { voidTickets } from "../../app/modules/orders/ticket-refunds.server";
import { ticketsOfOrder } from "../../app/modules/tickets/my-tickets.server";
import { verifyTicketCode } from "../../app/modules/tickets/ticket-code";
import { ticketPublicKeys } from "../../app/modules/tickets/ticket-keys.server";
import * as s from "../../db/schema";
import { seedDemo } from "../../db/seed";
import { qrCodesOfPdf } from "../support/pdf-qr";
import { createTestDatabase, type TestDatabase, usingPostgres } from "../support/test-database";

let database: TestDatabase;
let nightId: string;
let tee: typeof s.products.$inferSelect;
const DAY = 86_400_000;

/** A night `days` ahead selling on the site. */
async function siteNight(slug: string, title: string, days: number) {
  const [night] = await database.db
    .insert(s.events)
    .values({
      slug,
      title,
      startsAt: new Date(Date.now() + days * DAY),
      endsAt: new Date(Date.now() + days * DAY + 6 * 3_600_000),
      venue: "Klub Test",
      city: "Wrocław",
      salesMode: "site",
    })
    .returning();
  return night;
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
  [tee] = await database.db.select().from(s.products).where(eq(s.products.slug, "torba-nokturn-tote"));
  nightId = (await siteNight("bilety-test", "NOKTURN: bilety", 30)).id;
});

afterAll(async () => {
  setDatabase(undefined);
  await database?.dispose();
});

beforeEach(async () => {
  await database.db.insert(s.nightTickets).values({ eventId: nightId, capacity: 1000, remaining: 1000 });
});

afterEach(async () => {
  await database.db.delete(s.refunds);
  await database.db.delete(s.tickets);
  await database.db.delete(s.orders);
  await database.db.delete(s.checkouts);
  await database.db.delete(s.ticketTypes);
  await database.db.delete(s.nightTickets);
});

async function addType(values: Partial<typeof s.ticketTypes.$inferInsert> & { name: string; quota: number }) {
  const [type] = await database.db
    .insert(s.ticketTypes)
    .values({ eventId: nightId, price: 5900, remaining: values.quota, ...values })
    .returning();
  return type;
}

const anna = { firstName: "Anna", lastName: "Nowak" };

const ticketRequest = (
  typeId: string,
  quantity: number,
  { email = "fan@example.pl", lines = [] as { productId: string; variantId: null; quantity: number }[] } = {},
) =>
  checkoutRequestSchema.parse({
    lines,
    tickets: [{ ticketTypeId: typeId, quantity, attendees: Array.from({ length: quantity }, () => anna) }],
    adult: true,
    deliveryMethod: lines.length > 0 ? "courier" : "none",
    locker: null,
    discountCode: null,
    email,
  });

const client = (n: number): CheckoutClient => ({ ip: `ip-${n}`, browser: `browser-${n}`, userId: null });

async function settle(starts: Promise<unknown>[]) {
  const results = await Promise.allSettled(starts);
  const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
  for (const reason of refused) {
    expect(reason).toBeInstanceOf(CheckoutError);
    expect((reason as CheckoutError).status).toBe(409);
  }
  return { ok: results.length - refused.length, refused: refused as CheckoutError[] };
}

async function counters(typeId: string) {
  const [type] = await database.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.id, typeId));
  const [night] = await database.db.select().from(s.nightTickets).where(eq(s.nightTickets.eventId, nightId));
  const [held] = await database.db
    .select({ units: sql<number>`coalesce(sum(${s.ticketHolds.quantity}), 0)::int` })
    .from(s.ticketHolds)
    .where(and(eq(s.ticketHolds.ticketTypeId, typeId), eq(s.ticketHolds.status, "active")));
  return { type: type.remaining, night: night.remaining, held: held.units };
}

describe(`tickets at checkout on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("100 buyers at once for the last 10 tickets: exactly 10 get one, the counters agree", async () => {
    const type = await addType({ name: "Pula 1", quota: 200, remaining: 10 });
    const { ok, refused } = await settle(
      Array.from({ length: 100 }, (_, n) =>
        startCheckout(ticketRequest(type.id, 1, { email: `fan${n}@example.pl` }), null, {
          client: client(n),
          openPerIp: 1000,
        }),
      ),
    );
    expect(ok).toBe(10);
    expect(refused[0].message).toMatch(/wyprzedane|zostało/);
    expect(await counters(type.id)).toEqual({ type: 0, night: 990, held: 10 });
  });

  it("tickets of two nights in one checkout, raced by buyers of one: all or nothing, the counters agree", async () => {
    const other = await siteNight(`bilety-drugi-${Date.now()}`, "NOKTURN: drugi", 40);
    await database.db.insert(s.nightTickets).values({ eventId: other.id, capacity: 5, remaining: 5 });
    const here = await addType({ name: "Pula 1", quota: 100, remaining: 8 });
    const [there] = await database.db
      .insert(s.ticketTypes)
      .values({ eventId: other.id, name: "Pula 1", price: 5900, quota: 5, remaining: 5 })
      .returning();
    const both = (n: number) =>
      checkoutRequestSchema.parse({
        lines: [],
        tickets: [here.id, there.id].map((ticketTypeId) => ({
          ticketTypeId,
          quantity: 1,
          attendees: [anna],
        })),
        adult: true,
        deliveryMethod: "none",
        locker: null,
        discountCode: null,
        email: `oba${n}@example.pl`,
      });
    const { ok } = await settle([
      ...Array.from({ length: 12 }, (_, n) =>
        startCheckout(both(n), null, { client: client(200 + n), openPerIp: 1000 }),
      ),
      ...Array.from({ length: 12 }, (_, n) =>
        startCheckout(ticketRequest(here.id, 1, { email: `tu${n}@example.pl` }), null, {
          client: client(300 + n),
          openPerIp: 1000,
        }),
      ),
    ]);
    const held = async (typeId: string) => (await counters(typeId)).held;
    const [thereNight] = await database.db
      .select()
      .from(s.nightTickets)
      .where(eq(s.nightTickets.eventId, other.id));
    // Here: 8 units for both kinds of buyer; there: 5, only the two-night buyers'.
    expect(await held(here.id)).toBe(8);
    expect(ok).toBe(8);
    const heldThere = await held(there.id);
    expect(heldThere).toBeLessThanOrEqual(5);
    expect(thereNight.remaining).toBe(5 - heldThere);
    const [thereType] = await database.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.id, there.id));
    expect(thereType.remaining).toBe(5 - heldThere);
    // Every two-night checkout holds both of its tickets or none.
    const holds = await database.db.select().from(s.ticketHolds).where(eq(s.ticketHolds.status, "active"));
    const perCheckout = new Map<string, number>();
    for (const hold of holds) if (hold.eventId === other.id) perCheckout.set(hold.checkoutId, 1);
    for (const checkoutId of perCheckout.keys())
      expect(holds.filter((hold) => hold.checkoutId === checkoutId)).toHaveLength(2);
    await database.db.delete(s.ticketHolds);
    await database.db.delete(s.checkouts);
    await database.db.delete(s.ticketTypes).where(eq(s.ticketTypes.eventId, other.id));
    await database.db.delete(s.nightTickets).where(eq(s.nightTickets.eventId, other.id));
  });

  it("tiers step up under concurrency: no ticket of Pula 1 past its quota, Pula 2 only once it is gone", async () => {
    const first = await addType({ name: "Pula 1", quota: 100, remaining: 5, price: 4900, position: 0 });
    const second = await addType({
      name: "Pula 2",
      quota: 100,
      price: 5900,
      position: 1,
      opensAfterPrevious: true,
    });
    // Pula 2 is not on sale while Pula 1 has tickets.
    await expect(
      startCheckout(ticketRequest(second.id, 1), null, { client: client(999) }),
    ).rejects.toMatchObject({
      status: 409,
      message: "Bilety „Pula 2” nie są teraz w sprzedaży.",
    });
    const race = await settle(
      Array.from({ length: 30 }, (_, n) =>
        startCheckout(ticketRequest(n % 2 ? first.id : second.id, 1, { email: `r${n}@example.pl` }), null, {
          client: client(n),
          openPerIp: 1000,
        }),
      ),
    );
    const byType = await database.db
      .select({ type: s.ticketHolds.ticketTypeId, units: sql<number>`sum(${s.ticketHolds.quantity})::int` })
      .from(s.ticketHolds)
      .groupBy(s.ticketHolds.ticketTypeId);
    const units = (id: string) => byType.find((row) => row.type === id)?.units ?? 0;
    expect(units(first.id)).toBe(5);
    // Pula 2 sold only to buyers queued after Pula 1's last ticket; at most the 15 who asked for it.
    expect(units(second.id)).toBe(race.ok - 5);
    expect(units(second.id)).toBeLessThanOrEqual(15);
    // Afterwards Pula 2 sells, Pula 1 is refused as sold out.
    await startCheckout(ticketRequest(second.id, 1, { email: "late@example.pl" }), null, {
      client: client(500),
    });
    await expect(
      startCheckout(ticketRequest(first.id, 1, { email: "late2@example.pl" }), null, { client: client(501) }),
    ).rejects.toMatchObject({ message: "Bilety „Pula 1” są wyprzedane." });
  });

  it("the night's capacity caps every type together", async () => {
    await database.db
      .update(s.nightTickets)
      .set({ capacity: 10, remaining: 10 })
      .where(eq(s.nightTickets.eventId, nightId));
    const normal = await addType({ name: "Normalny", quota: 50 });
    const vip = await addType({ name: "VIP", quota: 50, price: 15000, position: 1 });
    const { ok } = await settle(
      Array.from({ length: 30 }, (_, n) =>
        startCheckout(ticketRequest(n % 2 ? normal.id : vip.id, 1, { email: `c${n}@example.pl` }), null, {
          client: client(n),
          openPerIp: 1000,
        }),
      ),
    );
    expect(ok).toBe(10);
    const [night] = await database.db
      .select()
      .from(s.nightTickets)
      .where(eq(s.nightTickets.eventId, nightId));
    expect(night.remaining).toBe(0);
    const types = await database.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, nightId));
    expect(types.reduce((sum, type) => sum + (type.quota - type.remaining), 0)).toBe(10);
  });

  it("an expired checkout gives its tickets and the capacity back", async () => {
    const type = await addType({ name: "Pula 1", quota: 10 });
    const started = await startCheckout(ticketRequest(type.id, 2), null, { client: client(1) });
    expect(await counters(type.id)).toEqual({ type: 8, night: 998, held: 2 });
    const later = new Date(Date.now() + 2 * 3_600_000);
    const swept = await sweepExpiredCheckouts({ database: database.db, now: later });
    expect(swept.released).toBeGreaterThanOrEqual(1);
    expect(await counters(type.id)).toEqual({ type: 10, night: 1000, held: 0 });
    const [checkout] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, started.checkoutId));
    expect(checkout.status).toBe("expired");
  });

  it("the night's limit per person counts the customer's open and paid tickets", async () => {
    await database.db
      .update(s.nightTickets)
      .set({ maxPerCustomer: 2 })
      .where(eq(s.nightTickets.eventId, nightId));
    const type = await addType({ name: "Pula 1", quota: 100, maxPerOrder: 4 });
    const started = await startCheckout(ticketRequest(type.id, 2, { email: "limit@example.pl" }), null, {
      client: client(7),
    });
    await payTestCheckout(started.checkoutId, {
      email: "limit@example.pl",
      name: "Anna Nowak",
      address: "",
      postalCode: "",
      city: "",
    });
    await expect(
      startCheckout(ticketRequest(type.id, 1, { email: "limit@example.pl" }), null, { client: client(7) }),
    ).rejects.toMatchObject({ status: 409, message: expect.stringContaining("limit to 2") });
    // Three in one order are refused outright.
    await expect(
      startCheckout(ticketRequest(type.id, 3, { email: "other@example.pl" }), null, { client: client(8) }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("a type outside its window and more than its max per order are refused, nothing held", async () => {
    const closed = await addType({ name: "Early bird", quota: 50, salesEnd: new Date(Date.now() - 1000) });
    const open = await addType({ name: "Pula 1", quota: 50, maxPerOrder: 2, position: 1 });
    await expect(
      startCheckout(ticketRequest(closed.id, 1), null, { client: client(2) }),
    ).rejects.toMatchObject({
      message: "Bilety „Early bird” nie są teraz w sprzedaży.",
    });
    await expect(startCheckout(ticketRequest(open.id, 3), null, { client: client(3) })).rejects.toMatchObject(
      {
        message: "„Pula 1”: najwyżej 2 bil. w jednym zamówieniu.",
      },
    );
    expect(await database.db.select().from(s.ticketHolds)).toEqual([]);
    expect(await counters(open.id)).toEqual({ type: 50, night: 1000, held: 0 });
  });

  it("an add the kept night surely refuses is refused without a query; a unit given back sells once its notification arrives", async () => {
    const type = await addType({ name: "Pula 1", quota: 1 });
    await database.db.update(s.ticketTypes).set({ remaining: 0 }).where(eq(s.ticketTypes.id, type.id));
    const fan = () => visitorFor(null, null);
    // Without the content cache (as in a script): the cart's transaction refuses it.
    const refusal = { status: 409, message: "Bilety „Pula 1” są wyprzedane." };
    await expect(addTickets(fan(), type.id, 1, "ip-kept")).rejects.toMatchObject(refusal);
    keepContent(true);
    try {
      await expect(addTickets(fan(), type.id, 1, "ip-kept")).rejects.toMatchObject(refusal);
      const kept = withQueryTally(() => addTickets(fan(), type.id, 1, "ip-kept"));
      await expect(kept.result).rejects.toMatchObject(refusal);
      expect(kept.tally.queries).toBe(0);
      expect(await database.db.select().from(s.carts)).toEqual([]);
      // A unit back (an expired hold): refused until the write's notification empties what is kept.
      await database.db.update(s.ticketTypes).set({ remaining: 1 }).where(eq(s.ticketTypes.id, type.id));
      await expect(addTickets(fan(), type.id, 1, "ip-kept")).rejects.toMatchObject(refusal);
      clearContent();
      const added = await addTickets(fan(), type.id, 1, "ip-kept");
      expect(added.cart?.tickets).toMatchObject([{ ticketTypeId: type.id, quantity: 1 }]);
      // Two are more than is left: refused from memory too, in the transaction's words.
      await expect(addTickets(fan(), type.id, 2, "ip-kept")).rejects.toMatchObject({
        status: 409,
        message: "„Pula 1”: zostało tylko 1 bil.",
      });
    } finally {
      keepContent(false);
      await database.db.delete(s.carts);
    }
  });

  it("voiding a ticket with its refund, five times at once, refunds it once at its full price", async () => {
    const type = await addType({ name: "Pula 1", quota: 10, price: 5900 });
    const started = await startCheckout(ticketRequest(type.id, 2, { email: "void@example.pl" }), null, {
      client: client(21),
    });
    const paid = await payTestCheckout(started.checkoutId, {
      email: "void@example.pl",
      name: "Anna Nowak",
      address: "ul. Testowa 1",
      postalCode: "50-001",
      city: "Wrocław",
    });
    const [ticket] = await database.db
      .select()
      .from(s.tickets)
      .where(eq(s.tickets.orderId, paid?.orderId ?? ""));
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        voidTickets(
          { ticketIds: [ticket.id], refund: true, reason: "Test", actorUserId: null, release: true },
          { database: database.db },
        ),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === "rejected") expect(attempt.reason).toMatchObject({ status: 409 });
    }
    const refundRows = await database.db
      .select()
      .from(s.refunds)
      .where(eq(s.refunds.orderId, paid?.orderId ?? ""));
    expect(refundRows.map((row) => row.amount)).toEqual([5900]);
    const [after] = await database.db.select().from(s.tickets).where(eq(s.tickets.id, ticket.id));
    expect(after.state).toBe("void");
    // Its place is on sale again; the other ticket of the order is untouched.
    expect(await counters(type.id)).toEqual({ type: 9, night: 999, held: 0 });
    const [order] = await database.db
      .select()
      .from(s.orders)
      .where(eq(s.orders.id, paid?.orderId ?? ""));
    expect(order.refundedAmount).toBe(5900);
  });

  it("a request without a name on every ticket, or without the 18+ box, is not a checkout", () => {
    const base = {
      lines: [],
      deliveryMethod: "none",
      locker: null,
      discountCode: null,
      email: "x@example.pl",
    };
    const id = "00000000-0000-4000-8000-000000000000";
    expect(
      checkoutRequestSchema.safeParse({
        ...base,
        adult: true,
        tickets: [{ ticketTypeId: id, quantity: 2, attendees: [anna] }],
      }).success,
    ).toBe(false);
    expect(
      checkoutRequestSchema.safeParse({
        ...base,
        adult: false,
        tickets: [{ ticketTypeId: id, quantity: 1, attendees: [anna] }],
      }).success,
    ).toBe(false);
    // Tickets only are never shipped; merch always is.
    expect(
      checkoutRequestSchema.safeParse({
        ...base,
        deliveryMethod: "courier",
        adult: true,
        tickets: [{ ticketTypeId: id, quantity: 1, attendees: [anna] }],
      }).success,
    ).toBe(false);
  });

  it("a ticket and a bag in one paid order: items, named tickets, VAT per rate and the e-mail's files", async () => {
    const type = await addType({ name: "Pula 1", quota: 100, price: 5900, vatRate: 8 });
    const started = await startCheckout(
      ticketRequest(type.id, 2, {
        email: "both@example.pl",
        lines: [{ productId: tee.id, variantId: null, quantity: 1 }],
      }),
      null,
      { client: client(11) },
    );
    expect(started.priced.total).toBe(2 * 5900 + tee.price + started.priced.deliveryCost);
    const paid = await payTestCheckout(started.checkoutId, {
      email: "both@example.pl",
      name: "Anna Nowak",
      address: "ul. Testowa 1",
      postalCode: "50-001",
      city: "Wrocław",
    });
    expect(paid?.created).toBe(true);
    const items = await database.db
      .select()
      .from(s.orderItems)
      .where(eq(s.orderItems.orderId, paid?.orderId ?? ""));
    expect(items.map((item) => [item.productName, item.quantity, item.vatRate]).sort()).toEqual(
      [
        ["Bilet: NOKTURN: bilety — Pula 1", 2, 8],
        [tee.name, 1, null],
      ].sort(),
    );
    const issued = await database.db
      .select()
      .from(s.tickets)
      .where(eq(s.tickets.orderId, paid?.orderId ?? ""));
    expect(issued).toHaveLength(2);
    expect(issued.every((ticket) => ticket.holderFirstName === "Anna" && ticket.state === "valid")).toBe(
      true,
    );
    expect(new Set(issued.map((ticket) => ticket.id)).size).toBe(2);
    expect(await counters(type.id)).toEqual({ type: 98, night: 998, held: 0 });
    const [mail] = await database.db
      .select()
      .from(s.mailOutbox)
      .where(and(eq(s.mailOutbox.to, "both@example.pl"), eq(s.mailOutbox.kind, "order-confirmation")));
    expect(mail.attachments).toEqual([
      { kind: "order-tickets", ref: paid?.orderId },
      { kind: "night-ics", ref: nightId },
    ]);
    expect(mail.text).toContain("Pula 1: Anna Nowak");
    expect(mail.text).toContain("art. 38 ust. 1 pkt 12");
    expect(mail.text).toContain(`w tym VAT 8%: ${formatPrice(874)}`);
    expect(mail.text).toContain("masz 14 dni");

    // Sent: the PDF's page per ticket holds a QR the door accepts for that ticket, and the night's .ics.
    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      name: "memory",
      send: async (message) => void sent.push(message),
      close() {},
    };
    await processOutbox({ transport, database: database.db, maxPerMinute: 1000 });
    const confirmation = sent.find((message) => message.id === mail.id);
    const [pdf, ics] = confirmation?.files ?? [];
    expect(pdf.contentType).toBe("application/pdf");
    expect(ics.filename).toBe("bilety-test.ics");
    expect(ics.content.toString()).toContain("SUMMARY:NOKTURN: bilety");
    const codes = await qrCodesOfPdf(pdf.content);
    expect(codes).toHaveLength(2);
    const keys = ticketPublicKeys().map((key) => createPublicKey(key.publicKeyPem));
    const read = codes.map((code) => verifyTicketCode(code ?? "", nightId, keys));
    expect(read.map((ticket) => ticket?.ticketId).sort()).toEqual(issued.map((ticket) => ticket.id).sort());
    expect(read.every((ticket) => ticket?.version === 1)).toBe(true);
    // A forged code (one character of the signature changed) is read as nothing.
    const real = codes[0] ?? "";
    const changed = real.at(-2) === "A" ? "B" : "A";
    const forged = `${real.slice(0, -2)}${changed}${real.slice(-1)}`;
    expect(forged).not.toBe(real);
    expect(verifyTicketCode(forged, nightId, keys)).toBeNull();
  });

  it("one order's tickets come in the buyer's order of attendees (issued at one instant)", async () => {
    const type = await addType({ name: "Pula 1", quota: 100 });
    const names = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"];
    const request = checkoutRequestSchema.parse({
      lines: [],
      tickets: [
        {
          ticketTypeId: type.id,
          quantity: names.length,
          attendees: names.map((firstName) => ({ firstName, lastName: "Kolejna" })),
        },
      ],
      adult: true,
      deliveryMethod: "none",
      locker: null,
      discountCode: null,
      email: "kolejka@example.pl",
    });
    await database.db.update(s.ticketTypes).set({ maxPerOrder: 10 }).where(eq(s.ticketTypes.id, type.id));
    await database.db
      .update(s.nightTickets)
      .set({ maxPerCustomer: 10 })
      .where(eq(s.nightTickets.eventId, nightId));
    const started = await startCheckout(request, null, { client: client(12) });
    const paid = await payTestCheckout(started.checkoutId, {
      email: "kolejka@example.pl",
      name: "Ala Kolejna",
      address: "ul. Testowa 1",
      postalCode: "50-001",
      city: "Wrocław",
    });
    const held = await ticketsOfOrder(database.db, paid?.orderId ?? "", new Date());
    expect(held.map((ticket) => ticket.holder)).toEqual(names.map((name) => `${name} Kolejna`));
  });
});
