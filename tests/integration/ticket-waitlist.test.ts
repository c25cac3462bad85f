/**
 * The waiting list at face value (issue #40) on a real database: joining a sold-out night (double
 * opt-in), "Oddaj bilet", the offer to the first in line, its payment (the new ticket valid, the old
 * void, the giver refunded exactly once however many times the payment is fulfilled), expiry to the
 * next in line, forged / expired / reused links, the deadline before doors, never above face value.
 */
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { requestContext } from "../../app/lib/request-context";
import { checkoutRequestSchema } from "../../app/modules/cart/cart.schema";
import { fulfilCheckout, startCheckout } from "../../app/modules/checkout/checkout.server";
import { startOfferCheckout } from "../../app/modules/checkout/offer-checkout.server";
import { settleSoldOffers, sweepOffers } from "../../app/modules/checkout/offer-settlement.server";
import { payTestCheckout } from "../../app/modules/checkout/test-payment.server";
import { waitlistConfirmationMail } from "../../app/modules/checkout/waitlist-mail.server";
import { voidTickets } from "../../app/modules/orders/ticket-refunds.server";
import { findOffer, offerMessages, sellOffers } from "../../app/modules/tickets/offers.server";
import { giveTicketBack, withdrawTicketReturn } from "../../app/modules/tickets/returns.server";
import { transferMessages } from "../../app/modules/tickets/transfer.schema";
import { transferTicket } from "../../app/modules/tickets/transfer.server";
import { BEING_RESOLD_MESSAGE } from "../../app/modules/tickets/void-tickets.server";
import { returnMessages } from "../../app/modules/tickets/waitlist";
import { confirmWaitlist, joinWaitlist, soldOutNight } from "../../app/modules/tickets/waitlist.server";
import { loader as offerLoader } from "../../app/routes/ticket-offer";
import { action as waitlistAction } from "../../app/routes/ticket-waitlist";
import * as s from "../../db/schema";
import { createTestDatabase, type TestDatabase, usingPostgres } from "../support/test-database";

let database: TestDatabase;
const DAY = 86_400_000;
const anna = { firstName: "Anna", lastName: "Nowak" };

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
});

afterAll(async () => {
  setDatabase(undefined);
  await database?.dispose();
});

let nightId: string;
let typeId: string;
let serial = 0;

/** A night 30 days ahead (or `startsIn` ms) with one type of 2 tickets at 59 zł. */
async function soldOutFixture(startsIn = 30 * DAY) {
  serial += 1;
  const [night] = await database.db
    .insert(s.events)
    .values({
      slug: `lista-${serial}-${Date.now()}`,
      title: `NOKTURN: lista ${serial}`,
      startsAt: new Date(Date.now() + startsIn),
      endsAt: new Date(Date.now() + startsIn + 6 * 3_600_000),
      venue: "Klub Test",
      city: "Wrocław",
      salesMode: "site",
      published: true,
    })
    .returning();
  nightId = night.id;
  await database.db.insert(s.nightTickets).values({ eventId: nightId, capacity: 2, remaining: 2 });
  const [type] = await database.db
    .insert(s.ticketTypes)
    .values({ eventId: nightId, name: "Pula 1", price: 5900, quota: 2, remaining: 2 })
    .returning();
  typeId = type.id;
}

let ip = 0;
/** The event page's waiting-list form as a browser without scripts sends it. */
function joinPost(email: string, quantity = "1") {
  ip += 1;
  const body = new URLSearchParams({
    intent: "waitlist",
    ticketTypeId: typeId,
    email,
    quantity,
    consent: "on",
  });
  return {
    request: new Request("http://localhost/bilety/lista", { method: "POST", body }),
    params: {},
    context: requestContext({ clientIp: `10.9.0.${ip}` }),
  } as never;
}

const request = (quantity: number, email: string) =>
  checkoutRequestSchema.parse({
    lines: [],
    tickets: [{ ticketTypeId: typeId, quantity, attendees: Array.from({ length: quantity }, () => anna) }],
    adult: true,
    deliveryMethod: "none",
    locker: null,
    discountCode: null,
    email,
  });

const pay = (checkoutId: string, email: string) =>
  payTestCheckout(checkoutId, { email, name: "Anna Nowak", address: "", postalCode: "", city: "" });

/** Buys the night's two tickets as the giver; returns the order's tickets. */
async function buyOut(email = "giver@example.pl") {
  const started = await startCheckout(request(2, email), null);
  const order = await pay(started.checkoutId, email);
  if (!order) throw new Error("not paid");
  return database.db.select().from(s.tickets).where(eq(s.tickets.orderId, order.orderId));
}

/** The last link of this kind in the outbox to this address. */
async function linkIn(to: string, path: string) {
  const mails = await database.db
    .select()
    .from(s.mailOutbox)
    .where(and(eq(s.mailOutbox.to, to), like(s.mailOutbox.text, `%${path}%`)));
  const text = mails.at(-1)?.text ?? "";
  const match = new RegExp(`${path}([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no ${path} link to ${to}`);
  return match[1];
}

async function join(email: string, quantity = 1) {
  const night = await soldOutNight(database.db, nightId, new Date());
  if (!night) throw new Error("not sold out");
  expect(await joinWaitlist({ email, quantity }, night, waitlistConfirmationMail({ email, quantity }))).toBe(
    true,
  );
  const token = await linkIn(email, "/bilety/lista/potwierdz/");
  expect((await confirmWaitlist(token)).status).toBe("confirmed");
  // Used once: the same link again is unknown.
  expect((await confirmWaitlist(token)).status).toBe("invalid");
}

/** The checkout marked paid as the provider would report it; the session its webhook would carry. */
async function paidAtProvider(checkoutId: string, email: string) {
  const [checkout] = await database.db
    .update(s.checkouts)
    .set({ paidAt: new Date(), customerEmail: email })
    .where(eq(s.checkouts.id, checkoutId))
    .returning();
  const session = {
    sessionId: checkout.providerSessionId as string,
    status: "paid" as const,
    paymentId: checkout.providerSessionId,
    email,
    name: "Anna Nowak",
    phone: null,
    address: null,
  };
  return { checkout, session };
}

async function refundsOf(orderId: string) {
  return database.db.select().from(s.refunds).where(eq(s.refunds.orderId, orderId));
}

describe(`the waiting list on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  beforeEach(async () => {
    await soldOutFixture();
  });

  it("joins only a sold-out night, with a confirmation link that works once", async () => {
    expect(await soldOutNight(database.db, nightId, new Date())).toBeNull();
    // The event page's form while tickets sell: refused, nothing stored.
    const early = await waitlistAction(joinPost("early@example.pl"));
    expect(early).toBeInstanceOf(Response);
    expect((early as Response).status).toBe(303);
    expect(
      await database.db.select().from(s.ticketWaitlist).where(eq(s.ticketWaitlist.eventId, nightId)),
    ).toEqual([]);
    await buyOut();
    // Sold out: the form (a plain POST) goes back to the night's page; a bad quantity stores nothing.
    await waitlistAction(joinPost("bad@example.pl", "3"));
    const [night] = await database.db.select().from(s.events).where(eq(s.events.id, nightId));
    const joined = (await waitlistAction(joinPost("form@example.pl"))) as Response;
    expect(joined.headers.get("location")).toBe(`/wydarzenia/${night.slug}#bilety`);
    const entries = await database.db
      .select()
      .from(s.ticketWaitlist)
      .where(eq(s.ticketWaitlist.eventId, nightId));
    expect(entries.map((entry) => entry.email)).toEqual(["form@example.pl"]);
    expect(entries[0].confirmedAt).toBeNull();
    await join("first@example.pl");
    const [entry] = await database.db
      .select()
      .from(s.ticketWaitlist)
      .where(eq(s.ticketWaitlist.email, "first@example.pl"));
    expect(entry.confirmedAt).not.toBeNull();
    expect(entry.emailKey).toBe("first@example.pl");
  });

  it("give back → offer to the first in line → payment: new ticket valid, old void, the giver refunded exactly once", async () => {
    const [given] = await buyOut();
    await join("first@example.pl");
    await join("second@example.pl");
    await giveTicketBack(database.db, given.id, { via: "order-link", orderId: given.orderId });
    // Withdrawn and given again while no offer is open.
    await withdrawTicketReturn(database.db, given.id, { via: "order-link", orderId: given.orderId });
    await giveTicketBack(database.db, given.id, { via: "order-link", orderId: given.orderId });
    await expect(
      giveTicketBack(database.db, given.id, { via: "order-link", orderId: given.orderId }),
    ).rejects.toMatchObject({
      status: 409,
    });

    expect((await sweepOffers()).offered).toBe(1);
    // Never offered twice at once.
    expect((await sweepOffers()).offered).toBe(0);
    await expect(
      withdrawTicketReturn(database.db, given.id, { via: "order-link", orderId: given.orderId }),
    ).rejects.toMatchObject({
      status: 409,
    });
    const token = await linkIn("first@example.pl", "/bilety/oferta/");
    const found = await findOffer(database.db, token);
    expect(found.status).toBe("ready");
    if (found.status !== "ready") return;
    expect(found.offer.price).toBe(given.price);

    // The offer's page starts a checkout; started again (the first given up at the payment page), the
    // new one replaces the first and holds the offer.
    const abandoned = await startOfferCheckout({ token, attendee: anna, ip: "203.0.113.7" });
    const started = await startOfferCheckout({ token, attendee: anna, ip: "203.0.113.7" });
    const [first] = await database.db
      .select()
      .from(s.checkouts)
      .where(eq(s.checkouts.id, abandoned.checkoutId));
    expect(first.status).toBe("cancelled");
    // Anyone else's checkout of the same offer is refused while one is open: one offer, one payment.
    await expect(
      startCheckout(
        checkoutRequestSchema.parse({
          lines: [],
          tickets: [{ ticketTypeId: typeId, quantity: 1, attendees: [anna], offerId: found.offer.id }],
          adult: true,
          deliveryMethod: "none",
          locker: null,
          discountCode: null,
          email: "first@example.pl",
        }),
        null,
      ),
    ).rejects.toMatchObject({ status: 409, message: offerMessages.taken });
    // Never above face value; the type's and night's counters untouched (the place is the returned one's).
    expect(started.priced.total).toBe(given.price);
    const [type] = await database.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.id, typeId));
    expect(type.remaining).toBe(0);
    expect(
      await database.db.select().from(s.ticketHolds).where(eq(s.ticketHolds.checkoutId, started.checkoutId)),
    ).toEqual([]);
    const [claimed] = await database.db
      .select()
      .from(s.ticketOffers)
      .where(eq(s.ticketOffers.id, found.offer.id));
    expect(claimed).toMatchObject({ status: "checkout", checkoutId: started.checkoutId });

    const { session } = await paidAtProvider(started.checkoutId, "first@example.pl");
    const orders = await Promise.all([1, 2, 3].map(() => fulfilCheckout(started.checkoutId, session)));
    expect(new Set(orders.map((order) => order.orderId)).size).toBe(1);
    await sweepOffers();
    await settleSoldOffers();

    const [old] = await database.db.select().from(s.tickets).where(eq(s.tickets.id, given.id));
    expect(old.state).toBe("void");
    const bought = await database.db.select().from(s.tickets).where(eq(s.tickets.orderId, orders[0].orderId));
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({ state: "valid", price: given.price, holderLastName: "Nowak" });
    const refunds = await refundsOf(given.orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(given.price);
    const [offer] = await database.db
      .select()
      .from(s.ticketOffers)
      .where(eq(s.ticketOffers.id, found.offer.id));
    expect(offer.status).toBe("refunded");
    const resold = await database.db
      .select()
      .from(s.mailOutbox)
      .where(and(eq(s.mailOutbox.to, "giver@example.pl"), eq(s.mailOutbox.kind, "ticket-resold")));
    expect(resold).toHaveLength(1);
    expect(resold[0].subject).toContain("Twój bilet znalazł nowego właściciela — zwrot 59,00");
    // A used link: Polish refusal, nothing stored.
    expect((await findOffer(database.db, token)).status).toBe("used");
    const before = await database.db.select().from(s.checkouts);
    await expect(startOfferCheckout({ token, attendee: anna, ip: "203.0.113.9" })).rejects.toMatchObject({
      status: 400,
      message: offerMessages.used,
    });
    expect(await database.db.select().from(s.checkouts)).toHaveLength(before.length);
  });

  it("an offer not paid in time expires and goes to the next in line", async () => {
    const [given] = await buyOut();
    await join("first@example.pl");
    await join("second@example.pl");
    await giveTicketBack(database.db, given.id, { via: "order-link", orderId: given.orderId });
    await sweepOffers();
    const first = await linkIn("first@example.pl", "/bilety/oferta/");
    const later = new Date(Date.now() + 31 * 60_000);
    const swept = await sweepOffers({ now: later });
    expect(swept).toMatchObject({ expired: 1, offered: 1 });
    expect((await findOffer(database.db, first)).status).toBe("expired");
    await expect(
      startOfferCheckout({ token: first, attendee: anna, ip: "203.0.113.9" }),
    ).rejects.toMatchObject({
      status: 400,
      message: offerMessages.expired,
    });
    const second = await linkIn("second@example.pl", "/bilety/oferta/");
    expect((await findOffer(database.db, second, later)).status).toBe("ready");
    // The old ticket is still valid and the giver's until someone pays.
    const [old] = await database.db.select().from(s.tickets).where(eq(s.tickets.id, given.id));
    expect(old.state).toBe("valid");
  });

  it("a forged or expired offer link starts nothing", async () => {
    await buyOut();
    const forged = "A".repeat(43);
    expect((await findOffer(database.db, forged)).status).toBe("invalid");
    expect((await findOffer(database.db, "nie-token")).status).toBe("invalid");
    // The offer's page: its Polish message with 400, and its form starts nothing.
    const page = (await offerLoader({
      params: { token: forged },
      request: new Request(`http://localhost/bilety/oferta/${forged}`),
      context: requestContext(),
    } as unknown as Parameters<typeof offerLoader>[0])) as unknown as {
      data: { message: string };
      init: { status: number };
    };
    expect(page.init.status).toBe(400);
    expect(page.data.message).toBe(offerMessages.invalid);
    await expect(
      startOfferCheckout({ token: forged, attendee: anna, ip: "203.0.113.9" }),
    ).rejects.toMatchObject({
      status: 400,
      message: offerMessages.invalid,
    });
    await expect(
      startCheckout(
        checkoutRequestSchema.parse({
          lines: [],
          tickets: [{ ticketTypeId: typeId, quantity: 1, attendees: [anna], offerId: crypto.randomUUID() }],
          adult: true,
          deliveryMethod: "none",
          locker: null,
          discountCode: null,
          email: "forger@example.pl",
        }),
        null,
      ),
    ).rejects.toMatchObject({ status: 409, message: offerMessages.invalid });
    expect(
      await database.db.select().from(s.checkouts).where(eq(s.checkouts.email, "forger@example.pl")),
    ).toEqual([]);
  });

  it("past the deadline before doors nothing is given back or offered; the ticket stays its holder's", async () => {
    await database.db
      .delete(s.events)
      .where(eq(s.events.id, nightId))
      .catch(() => {});
    await soldOutFixture(90 * 60_000); // doors in 90 minutes, offers end 120 minutes before
    const [given] = await buyOut("late@example.pl");
    await join("waiting@example.pl");
    await expect(
      giveTicketBack(database.db, given.id, { via: "order-link", orderId: given.orderId }),
    ).rejects.toMatchObject({
      status: 409,
    });
    // A request made in time ends at the deadline, unoffered.
    await database.db.insert(s.ticketReturns).values({ ticketId: given.id, eventId: nightId });
    expect((await sweepOffers()).offered).toBe(0);
    const [ret] = await database.db
      .select()
      .from(s.ticketReturns)
      .where(eq(s.ticketReturns.ticketId, given.id));
    expect(ret.status).toBe("ended");
    expect(
      await database.db.select().from(s.ticketOffers).where(eq(s.ticketOffers.eventId, nightId)),
    ).toEqual([]);
  });
  // Last: it leaves an open offer behind, which a later sweep at +31 min would expire.
  it("a ticket given back is not transferred, a transferred one not given back, and never offered to its giver", async () => {
    const [given, kept] = await buyOut();
    const link = (ticket: { orderId: string }) => ({ via: "order-link" as const, orderId: ticket.orderId });
    await join("giver@example.pl");
    await join("other@example.pl");
    await giveTicketBack(database.db, given.id, link(given));
    await expect(
      transferTicket({
        ticketId: given.id,
        to: { firstName: "Ola", lastName: "Kowal", email: "ola@example.pl" },
        actor: link(given),
        now: new Date(),
      }),
    ).rejects.toMatchObject({ status: 409, message: transferMessages.returned });
    // The giver is first on the list, yet the offer goes to the next one.
    await sweepOffers();
    expect(await linkIn("other@example.pl", "/bilety/oferta/")).toHaveLength(43);
    await expect(linkIn("giver@example.pl", "/bilety/oferta/")).rejects.toThrow("no /bilety/oferta/");
    // Passed on to a friend, a ticket cannot come back to the list: its price would go to the buyer.
    await transferTicket({
      ticketId: kept.id,
      to: { firstName: "Ola", lastName: "Kowal", email: "ola@example.pl" },
      actor: link(kept),
      now: new Date(),
    });
    await expect(
      giveTicketBack(database.db, kept.id, {
        via: "account",
        account: { id: "nobody", email: "ola@example.pl", emailVerified: true },
      }),
    ).rejects.toMatchObject({ status: 409, message: returnMessages.transferred });
  });

  /** The giver's ticket given back and offered to the first in line, whose offer checkout is open. */
  async function offerBeingPaid() {
    const giver = `giver-${serial}@example.pl`;
    const buyer = `first-${serial}@example.pl`;
    const [given] = await buyOut(giver);
    await join(buyer);
    await giveTicketBack(database.db, given.id, { via: "order-link", orderId: given.orderId });
    expect((await sweepOffers()).offered).toBe(1);
    const token = await linkIn(buyer, "/bilety/oferta/");
    const started = await startOfferCheckout({ token, attendee: anna, ip: "203.0.113.7" });
    const { checkout, session } = await paidAtProvider(started.checkoutId, buyer);
    return {
      given,
      giver,
      buyer,
      pay: () => fulfilCheckout(started.checkoutId, session),
      // The sale's own step alone: what the payment's transaction commits before it settles the giver.
      sell: () => database.db.transaction((tx) => sellOffers(tx, checkout.id, checkout.ticketLines)),
    };
  }

  const panelVoid = (ticketId: string, options: { unlessResold: boolean } = { unlessResold: true }) =>
    voidTickets({
      ticketIds: [ticketId],
      refund: false,
      release: true,
      kind: "manual",
      reason: "Unieważniony w panelu",
      actorUserId: null,
      ...options,
    });

  async function validTickets() {
    return database.db
      .select()
      .from(s.tickets)
      .where(and(eq(s.tickets.eventId, nightId), eq(s.tickets.state, "valid")));
  }

  async function resoldMails(giver: string) {
    return database.db
      .select()
      .from(s.mailOutbox)
      .where(and(eq(s.mailOutbox.to, giver), eq(s.mailOutbox.kind, "ticket-resold")));
  }

  /** What the sweep would still find of this night: closed, so the tests after these start clean. */
  async function closeNightOffers() {
    await database.db
      .update(s.ticketOffers)
      .set({ status: "expired" })
      .where(and(eq(s.ticketOffers.eventId, nightId), inArray(s.ticketOffers.status, ["open", "checkout"])));
    await database.db
      .update(s.ticketReturns)
      .set({ status: "ended" })
      .where(and(eq(s.ticketReturns.eventId, nightId), inArray(s.ticketReturns.status, ["open", "offered"])));
  }

  it("a given-back ticket voided in the panel before its offer is paid: the payment is refunded, its place is not sold twice", async () => {
    const { given, giver, buyer, pay } = await offerBeingPaid();
    await panelVoid(given.id);
    await pay().catch(() => null);
    await settleSoldOffers();
    // The void gave its place back on sale: the offer's buyer gets no ticket on it as well.
    const valid = await validTickets();
    expect(valid.map((ticket) => ticket.id)).not.toContain(given.id);
    expect(valid.filter((ticket) => ticket.holderEmail === buyer)).toEqual([]);
    expect(await database.db.select().from(s.orders).where(eq(s.orders.customerEmail, buyer))).toEqual([]);
    expect(await resoldMails(giver)).toEqual([]);
    await closeNightOffers();
  });

  it("after its offer was paid the panel cannot void the given-back ticket: the settlement voids it and refunds its giver once", async () => {
    const { given, giver, sell } = await offerBeingPaid();
    expect(await sell()).toBe(true);
    await expect(panelVoid(given.id)).rejects.toMatchObject({ status: 409, message: BEING_RESOLD_MESSAGE });
    await settleSoldOffers();
    expect((await refundsOf(given.orderId)).map((refund) => refund.amount)).toEqual([given.price]);
    expect(await resoldMails(giver)).toHaveLength(1);
  });

  it("voided another way after its offer was paid, before the settlement: no e-mail promising a refund this did not make", async () => {
    const { given, giver, sell } = await offerBeingPaid();
    expect(await sell()).toBe(true);
    await panelVoid(given.id, { unlessResold: false });
    await settleSoldOffers();
    expect(await refundsOf(given.orderId)).toEqual([]);
    expect(await resoldMails(giver)).toEqual([]);
    const offers = await database.db.select().from(s.ticketOffers).where(eq(s.ticketOffers.eventId, nightId));
    expect(offers.map((offer) => offer.status)).toEqual(["refunded"]);
  });
});
