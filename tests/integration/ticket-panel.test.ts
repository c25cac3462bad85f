/**
 * The panel's holders of a night (issue #40 "The panel") on a real database: the search (name, e-mail,
 * order number, ticket id) and its CSV with a formula-looking name escaped; resend at most 3 times an
 * hour; void with and without a refund, five at once, once; cancelling the night — two cancels at once
 * refund each paid ticket once and e-mail each buyer and holder once, a provider refusing one refund
 * leaves it for the next cancel to complete, open checkouts are released and a payment that arrives
 * for the cancelled night is refunded, not made an order.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { env as env_ } from "../../app/lib/env.server";
import { requestContext } from "../../app/lib/request-context";
import { checkoutRequestSchema } from "../../app/modules/cart/cart.schema";
import { startCheckout } from "../../app/modules/checkout/checkout.server";
import { PaidNeedsRefundError } from "../../app/modules/checkout/checkout-errors";
import { releaseNightCheckouts } from "../../app/modules/checkout/night-checkouts.server";
import { payTestCheckout } from "../../app/modules/checkout/test-payment.server";
import { getEventPage } from "../../app/modules/content/landing.server";
import {
  cancelNight,
  failedCancellationUnits,
  NIGHT_CANCELLED_MAIL_KIND,
} from "../../app/modules/orders/night-cancellation.server";
import {
  resendTicket,
  TICKET_RESEND_MAIL_KIND,
  voidTicketFromPanel,
} from "../../app/modules/orders/ticket-panel-actions.server";
import {
  type PaymentProvider,
  paymentProvider,
  RefundRefusedError,
} from "../../app/modules/payments/payment-provider.server";
import { holderMessages } from "../../app/modules/tickets/ticket-holders.schema";
import { action, loader } from "../../app/routes/admin/event-tickets";
import { loader as csvLoader } from "../../app/routes/admin/event-tickets-csv";
import * as s from "../../db/schema";
import { usingPostgres } from "../support/test-database";
import { type AdminTestEnv, adminCookie, ORIGIN, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;
let admin: string;
const db = () => env.database.db;
const DAY = 86_400_000;
let nights = 0;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
  admin = await adminCookie();
});
afterAll(async () => {
  await env?.dispose();
});

let nightId: string;
let nightTitle: string;
let typeId: string;

beforeEach(async () => {
  nights += 1;
  nightTitle = `Noc panelu ${nights}`;
  const [night] = await db()
    .insert(s.events)
    .values({
      slug: `noc-panelu-${nights}`,
      title: nightTitle,
      startsAt: new Date(Date.now() + 30 * DAY),
      endsAt: new Date(Date.now() + 30 * DAY + 6 * 3_600_000),
      venue: "Klub Test",
      city: "Wrocław",
      salesMode: "site",
      published: true,
    })
    .returning();
  nightId = night.id;
  await db().insert(s.nightTickets).values({ eventId: nightId, capacity: 500, remaining: 500 });
  const [type] = await db()
    .insert(s.ticketTypes)
    .values({ eventId: nightId, name: "Pula 1", price: 5900, quota: 200, remaining: 200, maxPerOrder: 5 })
    .returning();
  typeId = type.id;
});

let clients = 0;
type Name = { firstName: string; lastName: string };

/** A checkout of the night's tickets with these names, started (holds taken). */
async function start(email: string, names: Name[]) {
  clients += 1;
  const request = checkoutRequestSchema.parse({
    lines: [],
    tickets: [{ ticketTypeId: typeId, quantity: names.length, attendees: names }],
    adult: true,
    deliveryMethod: "none",
    locker: null,
    discountCode: null,
    email,
  });
  return startCheckout(request, null, {
    client: { ip: `10.9.0.${clients % 250}`, browser: `panel-${clients}`, userId: null },
    openPerIp: 1000,
  });
}

const payment = (email: string) => ({ email, name: "Kupujący", address: "", postalCode: "", city: "" });

/** A paid order of tickets with these names; its id. */
async function buy(email: string, names: Name[]) {
  const started = await start(email, names);
  const paid = await payTestCheckout(started.checkoutId, payment(email), db());
  expect(paid?.created).toBe(true);
  return paid?.orderId as string;
}

async function ticketsOf(orderId: string) {
  return db()
    .select()
    .from(s.tickets)
    .where(eq(s.tickets.orderId, orderId))
    .orderBy(s.tickets.holderLastName);
}

async function mailsOf(kind: string) {
  return db().select().from(s.mailOutbox).where(eq(s.mailOutbox.kind, kind));
}

async function refundsOf(orderId: string) {
  return db().select().from(s.refunds).where(eq(s.refunds.orderId, orderId));
}

const noRelease = async () => 0;

function unwrap(answer: unknown) {
  const wrapped = answer as { type?: string; data?: unknown; init?: { status?: number } };
  if (wrapped.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  return { status: 200, data: answer };
}

async function post(fields: Record<string, string>) {
  const request = new Request(`${ORIGIN}/admin/events/${nightId}/tickets`, {
    method: "POST",
    headers: { cookie: admin },
    body: new URLSearchParams(fields),
  });
  return unwrap(
    await action({ request, params: { eventId: nightId }, context: requestContext() } as never),
  ) as {
    status: number;
    data: { ok: boolean; message: string };
  };
}

const ada = { firstName: "Ada", lastName: "Lovelace" };
const jan = { firstName: "Jan", lastName: "Kowalski" };
const formula = { firstName: '=HYPERLINK("x")', lastName: "Zły" };

describe(`the holders of a night on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("finds a ticket by name, e-mail, order number or ticket id; the CSV escapes a formula", async () => {
    const first = await buy("ada@example.pl", [ada, jan]);
    const second = await buy("zly@example.pl", [formula]);
    const [adaTicket] = (await ticketsOf(first)).filter((ticket) => ticket.holderFirstName === "Ada");
    // A ticket given to someone: its holder's e-mail, not the buyer's.
    await db()
      .update(s.tickets)
      .set({ holderEmail: "nowa@example.pl" })
      .where(eq(s.tickets.id, adaTicket.id));

    const search = async (q: string) => {
      const request = new Request(`${ORIGIN}/admin/events/${nightId}/tickets?q=${encodeURIComponent(q)}`, {
        headers: { cookie: admin },
      });
      const data = (await loader({
        request,
        params: { eventId: nightId },
        context: requestContext(),
      } as never)) as {
        holders: { total: number; rows: { firstName: string; email: string }[] };
      };
      return data.holders;
    };
    expect((await search("")).total).toBe(3);
    expect((await search("kowal")).rows.map((row) => row.firstName)).toEqual(["Jan"]);
    expect((await search("LOVELACE")).rows.map((row) => row.email)).toEqual(["nowa@example.pl"]);
    expect((await search("nowa@example")).rows.map((row) => row.firstName)).toEqual(["Ada"]);
    // The buyer's e-mail no longer finds the given ticket, it finds the one the buyer holds.
    expect((await search("ada@example.pl")).rows.map((row) => row.firstName)).toEqual(["Jan"]);
    expect((await search(second.slice(0, 8).toUpperCase())).rows.map((row) => row.firstName)).toEqual([
      formula.firstName,
    ]);
    expect((await search(adaTicket.id)).rows.map((row) => row.firstName)).toEqual(["Ada"]);
    expect((await search("100%")).total).toBe(0);

    const request = new Request(`${ORIGIN}/admin/events/${nightId}/tickets.csv`, {
      headers: { cookie: admin },
    });
    const response = (await csvLoader({
      request,
      params: { eventId: nightId },
      context: requestContext(),
    } as never)) as Response;
    expect(response.headers.get("content-type")).toContain("text/csv");
    const csv = await response.text();
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(4);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).not.toMatch(/(^|;)=HYPERLINK/m);
    expect(csv).toContain(second.slice(0, 8).toUpperCase());
    // Only the admin's: a guest is sent to log in before anything is read.
    await expect(
      csvLoader({
        request: new Request(`${ORIGIN}/admin/events/${nightId}/tickets.csv`),
        params: { eventId: nightId },
        context: requestContext(),
      } as never),
    ).rejects.toMatchObject({ status: 302 });
  });

  it("resends a valid ticket to its holder with its PDF and .ics, at most 3 times an hour, logged", async () => {
    const orderId = await buy("resend@example.pl", [ada]);
    const [ticket] = await ticketsOf(orderId);
    for (let n = 0; n < 3; n += 1) {
      expect((await post({ intent: "resend", ticketId: ticket.id })).status).toBe(200);
    }
    const refused = await post({ intent: "resend", ticketId: ticket.id });
    expect(refused.status).toBe(429);
    expect(refused.data.message).toBe(holderMessages.resendLimit);
    const sent = (await mailsOf(TICKET_RESEND_MAIL_KIND)).filter((mail) => mail.to === "resend@example.pl");
    expect(sent).toHaveLength(3);
    expect(sent[0].attachments).toEqual([
      { kind: "ticket-pdf", ref: ticket.id },
      { kind: "night-ics", ref: nightId },
    ]);
    const changes = await db()
      .select()
      .from(s.ticketChanges)
      .where(and(eq(s.ticketChanges.ticketId, ticket.id), eq(s.ticketChanges.kind, "resent")));
    expect(changes).toHaveLength(3);
    expect(changes.every((change) => change.actorUserId !== null)).toBe(true);
    // A ticket of another night, or a void one, is not resent.
    await expect(
      resendTicket({ eventId: crypto.randomUUID(), ticketId: ticket.id, actorUserId: null }, db()),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("voids a ticket with its refund, five times at once, once; another without a refund", async () => {
    const orderId = await buy("void@example.pl", [ada, jan]);
    const [first, second] = await ticketsOf(orderId);
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        voidTicketFromPanel(
          { eventId: nightId, ticketId: first.id, reason: "Zgubiony", refund: true, actorUserId: null },
          { database: db() },
        ),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    expect((await refundsOf(orderId)).map((refund) => [refund.amount, refund.reason])).toEqual([
      [5900, "Zgubiony"],
    ]);
    // Without a refund, through the form: no money moves, the reason is required.
    expect((await post({ intent: "void", ticketId: second.id, reason: "" })).status).toBe(400);
    const voided = await post({ intent: "void", ticketId: second.id, reason: "Na prośbę" });
    expect(voided.data.message).toBe(holderMessages.voided);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect((await ticketsOf(orderId)).map((ticket) => ticket.state)).toEqual(["void", "void"]);
    // Both places are back on sale.
    const [type] = await db().select().from(s.ticketTypes).where(eq(s.ticketTypes.id, typeId));
    expect(type.remaining).toBe(200);
    // The table shows the refund's status beside the void ticket.
    const request = new Request(`${ORIGIN}/admin/events/${nightId}/tickets`, { headers: { cookie: admin } });
    const data = (await loader({
      request,
      params: { eventId: nightId },
      context: requestContext(),
    } as never)) as {
      holders: { rows: { ticketId: string; refundLabel: string | null }[] };
    };
    const labels = new Map(data.holders.rows.map((row) => [row.ticketId, row.refundLabel]));
    expect(labels.get(first.id)).toBe("Zwrócono");
    expect(labels.get(second.id)).toBeNull();
  });
});

describe(`cancelling a night on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("two cancels at once: each paid ticket refunded once, each buyer and holder e-mailed once", async () => {
    const one = await buy("kupujacy1@example.pl", [ada, jan]);
    const two = await buy("kupujacy2@example.pl", [formula]);
    const [given] = (await ticketsOf(one)).filter((ticket) => ticket.holderFirstName === "Ada");
    await db().update(s.tickets).set({ holderEmail: "ada@example.pl" }).where(eq(s.tickets.id, given.id));
    // An open checkout of the night: released, its holds back.
    const open = await start("otwarty@example.pl", [jan]);

    const wrong = cancelNight(
      { eventId: nightId, confirmTitle: "inny tytuł", actorUserId: null },
      { database: db(), releaseOpenCheckouts: noRelease },
    );
    await expect(wrong).rejects.toMatchObject({ status: 400, message: holderMessages.cancelConfirmTitle });

    const runs = await Promise.all(
      [0, 1].map(() =>
        cancelNight(
          { eventId: nightId, confirmTitle: ` ${nightTitle.toUpperCase()} `, actorUserId: null },
          { database: db(), releaseOpenCheckouts: (id) => releaseNightCheckouts(id, db()) },
        ),
      ),
    );
    expect(runs.reduce((sum, run) => sum + run.refunded, 0)).toBe(3);
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(0);
    const [event] = await db().select().from(s.events).where(eq(s.events.id, nightId));
    expect(event.status).toBe("cancelled");
    // The night's page says so and offers nothing; the checkout sells nothing more.
    const page = await getEventPage(env_().site, event.slug, db());
    expect(page).toMatchObject({ statusLabel: "Wydarzenie odwołane", sells: false, tickets: null });
    await expect(start("po-odwolaniu@example.pl", [jan])).rejects.toMatchObject({ status: 409 });
    expect((await refundsOf(one)).map((refund) => [refund.kind, refund.amount])).toEqual([
      ["cancellation", 11800],
    ]);
    expect((await refundsOf(two)).map((refund) => refund.amount)).toEqual([5900]);
    const valid = await db()
      .select()
      .from(s.tickets)
      .where(and(eq(s.tickets.eventId, nightId), eq(s.tickets.state, "valid")));
    expect(valid).toEqual([]);
    const [checkout] = await db().select().from(s.checkouts).where(eq(s.checkouts.id, open.checkoutId));
    expect(checkout.status).toBe("cancelled");

    const mails = (await mailsOf(NIGHT_CANCELLED_MAIL_KIND)).filter((mail) =>
      mail.subject.includes(nightTitle),
    );
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      "ada@example.pl",
      "kupujacy1@example.pl",
      "kupujacy2@example.pl",
    ]);
    const buyerMail = mails.find((mail) => mail.to === "kupujacy1@example.pl");
    expect(buyerMail?.text).toContain("118,00");
    expect(buyerMail?.text).toContain("w ciągu kilku dni");

    // A third run changes nothing: no refund, no e-mail.
    const again = await cancelNight(
      { eventId: nightId, confirmTitle: nightTitle, actorUserId: null },
      { database: db(), releaseOpenCheckouts: noRelease },
    );
    expect(again).toMatchObject({ refunded: 0, failed: 0 });
    expect(await refundsOf(one)).toHaveLength(1);
    expect(
      (await mailsOf(NIGHT_CANCELLED_MAIL_KIND)).filter((mail) => mail.subject.includes(nightTitle)),
    ).toHaveLength(3);
  });

  it("a provider refusing one refund: the panel shows it, the next cancel completes it once", async () => {
    const one = await buy("a1@example.pl", [ada]);
    const two = await buy("a2@example.pl", [jan, formula, ada]);
    // One of its tickets was voided without a refund before: the cancel never pays for it.
    const [unpaid] = (await ticketsOf(two)).filter((ticket) => ticket.holderLastName === formula.lastName);
    await voidTicketFromPanel(
      { eventId: nightId, ticketId: unpaid.id, reason: "Bez zwrotu", refund: false, actorUserId: null },
      { database: db() },
    );
    let refusals = 0;
    const refusingOnce: PaymentProvider = Object.assign(Object.create(paymentProvider()), {
      createRefund: async (input: Parameters<PaymentProvider["createRefund"]>[0]) => {
        if (refusals === 0 && input.metadata?.orderId === two) {
          refusals += 1;
          throw new RefundRefusedError("card_declined");
        }
        return paymentProvider().createRefund(input);
      },
    });
    const first = await cancelNight(
      { eventId: nightId, confirmTitle: nightTitle, actorUserId: null },
      { database: db(), provider: refusingOnce, releaseOpenCheckouts: noRelease },
    );
    expect(first).toMatchObject({ refunded: 1, failed: 1 });
    expect((await refundsOf(two)).map((refund) => refund.status)).toEqual(["failed"]);
    expect(await failedCancellationUnits(nightId, db())).toBe(2);
    // The tickets stay void: a failed refund is asked again, the tickets are not picked again.
    expect((await ticketsOf(two)).map((ticket) => ticket.state)).toEqual(["void", "void", "void"]);

    const retries = await Promise.all(
      [0, 1, 2, 3, 4].map(() =>
        cancelNight(
          { eventId: nightId, confirmTitle: nightTitle, actorUserId: null },
          { database: db(), provider: refusingOnce, releaseOpenCheckouts: noRelease },
        ),
      ),
    );
    expect(retries.reduce((sum, run) => sum + run.refunded, 0)).toBe(2);
    const refunds = await refundsOf(two);
    expect(refunds.filter((refund) => refund.status !== "failed").map((refund) => refund.amount)).toEqual([
      11800,
    ]);
    expect((await refundsOf(one)).map((refund) => refund.amount)).toEqual([5900]);
    const [order] = await db().select().from(s.orders).where(eq(s.orders.id, two));
    expect(order.refundedAmount).toBe(11800);
    expect(await failedCancellationUnits(nightId, db())).toBe(0);
    // One e-mail per buyer, in the first run that voided the tickets.
    const mails = (await mailsOf(NIGHT_CANCELLED_MAIL_KIND)).filter((mail) =>
      mail.subject.includes(nightTitle),
    );
    expect(mails.map((mail) => mail.to).sort()).toEqual(["a1@example.pl", "a2@example.pl"]);
  });

  it("a payment arriving for a cancelled night (its holds still active) is refunded, not an order", async () => {
    const started = await start("spozniony@example.pl", [ada]);
    // Cancelled between the buyer's start and payment, before the checkout was released.
    await cancelNight(
      { eventId: nightId, confirmTitle: nightTitle, actorUserId: null },
      { database: db(), releaseOpenCheckouts: noRelease },
    );
    const paid = payTestCheckout(started.checkoutId, payment("spozniony@example.pl"), db());
    await expect(paid).rejects.toBeInstanceOf(PaidNeedsRefundError);
    const [checkout] = await db().select().from(s.checkouts).where(eq(s.checkouts.id, started.checkoutId));
    expect(checkout.needsAttention).toBe("paid_stock_gone");
    const refunds = await db().select().from(s.refunds).where(eq(s.refunds.checkoutId, started.checkoutId));
    expect(refunds.map((refund) => refund.amount)).toEqual([5900]);
    expect(await db().select().from(s.tickets).where(eq(s.tickets.eventId, nightId))).toEqual([]);
    const [held] = await db()
      .select({ units: sql<number>`count(*)::int` })
      .from(s.ticketHolds)
      .where(and(eq(s.ticketHolds.eventId, nightId), eq(s.ticketHolds.status, "active")));
    expect(held.units).toBe(0);
  });
});
