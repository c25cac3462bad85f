/**
 * "Przekaż bilet" (issue #40) on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), through
 * the two pages' actions: the holder gives a ticket a new name and e-mail; the version goes up so the
 * old QR is NIEAKTUALNY at once and the new one valid; the change is logged; the new holder's e-mail
 * carries the ticket's PDF (its QR decoded here) and the night's .ics. A stranger, a wrong link, the
 * deadline, a void ticket and bad names are refused in Polish with nothing changed; two transfers at
 * once are serialised.
 */
import { createPublicKey, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestContext } from "../../app/lib/request-context";
import { processOutbox } from "../../app/modules/mail/outbox.server";
import type { MailTransport, OutgoingMail } from "../../app/modules/mail/transport.server";
import { hashToken } from "../../app/modules/orders/orders.server";
import { ticketsOfAccount, ticketsOfOrder } from "../../app/modules/tickets/my-tickets.server";
import { checkTicketCode } from "../../app/modules/tickets/ticket-check.server";
import { signTicketCode, verifyTicketCode } from "../../app/modules/tickets/ticket-code";
import { ticketPublicKeys, ticketSigningKey } from "../../app/modules/tickets/ticket-keys.server";
import { transferMessages } from "../../app/modules/tickets/transfer.schema";
import { transferTicket } from "../../app/modules/tickets/transfer.server";
import { voidTicketsTx } from "../../app/modules/tickets/void-tickets.server";
import { action as accountTicketsAction } from "../../app/routes/account-tickets";
import { action as orderAction } from "../../app/routes/order-status";
import * as s from "../../db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../db/seed";
import { flashIn } from "../support/flash";
import { qrCodesOfPdf } from "../support/pdf-qr";
import { usingPostgres } from "../support/test-database";
import { type AdminTestEnv, ORIGIN, setUpAdminTestEnv, signIn } from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;
const HOUR = 3_600_000;
let nightId: string;
let typeId: string;
let customer: typeof s.user.$inferSelect;
let customerCookie: string;
let strangerCookie: string;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
  const [night] = await db()
    .insert(s.events)
    .values({
      slug: "przekaz-test",
      title: "NOKTURN: przekaż",
      startsAt: new Date(Date.now() + 48 * HOUR),
      endsAt: new Date(Date.now() + 54 * HOUR),
      venue: "Klub Test",
      city: "Wrocław",
      salesMode: "site",
    })
    .returning();
  nightId = night.id;
  await db().insert(s.nightTickets).values({ eventId: nightId, capacity: 100, remaining: 90 });
  const [type] = await db()
    .insert(s.ticketTypes)
    .values({ eventId: nightId, name: "Pula 1", price: 5900, quota: 100, remaining: 90 })
    .returning();
  typeId = type.id;
  [customer] = await db().select().from(s.user).where(eq(s.user.email, DEMO_CUSTOMER.email));
  customerCookie = await signIn(DEMO_CUSTOMER);
  strangerCookie = await signIn(DEMO_ADMIN);
});

afterAll(async () => {
  await env?.dispose();
});

beforeEach(async () => {
  await db().delete(s.rateLimit);
  await db().delete(s.mailOutbox);
});

/** A paid order of one ticket (Anna Nowak) bought by `email`, the account's when `userId` is given. */
async function ticketOrder({ userId = null as string | null, email = "kupujacy@example.pl" } = {}) {
  const session = `test_cs_${randomUUID()}`;
  const [checkout] = await db()
    .insert(s.checkouts)
    .values({
      provider: "test",
      providerSessionId: session,
      providerPaymentId: session,
      status: "paid",
      lines: [],
      deliveryMethod: "none",
      subtotal: 5900,
      deliveryCost: 0,
      total: 5900,
      paidAt: new Date(),
      expiresAt: new Date(),
    })
    .returning();
  const token = randomUUID();
  const [order] = await db()
    .insert(s.orders)
    .values({
      status: "processing",
      checkoutId: checkout.id,
      customerEmail: email,
      customerName: "Anna Nowak",
      userId,
      subtotal: 5900,
      deliveryMethod: "none",
      deliveryCost: 0,
      totalAmount: 5900,
      accessTokenHash: hashToken(token),
    })
    .returning();
  const [ticket] = await db()
    .insert(s.tickets)
    .values({
      eventId: nightId,
      ticketTypeId: typeId,
      orderId: order.id,
      holderFirstName: "Anna",
      holderLastName: "Nowak",
      price: 5900,
    })
    .returning();
  return { order, ticket, token };
}

const friend = { firstName: "Kuba", lastName: "Wiśniewski", email: "Kuba@Example.PL " };

let ipCounter = 0;

function transferRequest(path: string, fields: Record<string, string>, { cookie }: { cookie?: string } = {}) {
  const headers = new Headers({ origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  const body = new URLSearchParams({ intent: "transfer", ...fields });
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body });
}

type Answer = {
  status: number;
  data?: { ok: boolean; message: string; result?: unknown };
  flash?: string | null;
};

async function answerOf(answer: unknown): Promise<Answer> {
  if (answer instanceof Response) {
    return { status: answer.status, flash: (await flashIn(answer))?.title ?? null };
  }
  const wrapped = answer as { data: Answer["data"]; init: ResponseInit | null };
  return { status: wrapped.init?.status ?? 200, data: wrapped.data };
}

async function fromAccount(cookie: string, fields: Record<string, string>) {
  ipCounter += 1;
  return answerOf(
    await accountTicketsAction({
      request: transferRequest("/account/bilety", fields, { cookie }),
      params: {},
      context: requestContext({ clientIp: `10.7.0.${ipCounter % 250}` }),
    } as never),
  );
}

async function fromOrderPage(
  orderId: string,
  fields: Record<string, string>,
  { token = "", cookie = "" } = {},
) {
  ipCounter += 1;
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return answerOf(
    await orderAction({
      request: transferRequest(`/zamowienie/${orderId}${query}`, fields, cookie ? { cookie } : {}),
      params: { id: orderId },
      context: requestContext({ clientIp: `10.8.0.${ipCounter % 250}` }),
    } as never),
  );
}

async function ticketRow(id: string) {
  const [row] = await db().select().from(s.tickets).where(eq(s.tickets.id, id));
  return row;
}

async function changesOf(id: string) {
  return db()
    .select()
    .from(s.ticketChanges)
    .where(and(eq(s.ticketChanges.ticketId, id), eq(s.ticketChanges.kind, "transferred")));
}

const codeOf = (ticket: { id: string; version: number }) =>
  signTicketCode({ ticketId: ticket.id, version: ticket.version, nightId }, ticketSigningKey());

/** Nothing about the ticket changed: same row, no log, no e-mail. */
async function unchanged(before: typeof s.tickets.$inferSelect) {
  expect(await ticketRow(before.id)).toEqual(before);
  expect(await changesOf(before.id)).toHaveLength(0);
  expect(await db().select().from(s.mailOutbox)).toHaveLength(0);
}

describe(`transferring a ticket on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("from 'Moje bilety': new name and e-mail, version + 1, old QR outdated, log row, e-mail with the PDF and .ics", async () => {
    const { order, ticket } = await ticketOrder({ userId: customer.id, email: customer.email });
    const oldCode = codeOf(ticket);
    const answer = await fromAccount(customerCookie, { ticketId: ticket.id, ...friend });
    expect(answer).toMatchObject({ status: 303, flash: "Bilet przekazany" });

    const after = await ticketRow(ticket.id);
    expect(after).toMatchObject({
      holderFirstName: "Kuba",
      holderLastName: "Wiśniewski",
      holderEmail: "kuba@example.pl",
      version: 2,
      state: "valid",
    });
    expect((await checkTicketCode(db(), oldCode, nightId)).status).toBe("outdated");
    expect(await checkTicketCode(db(), codeOf(after), nightId)).toEqual({
      status: "valid",
      ticket: { id: ticket.id, holder: "Kuba Wiśniewski", typeName: "Pula 1" },
    });
    const [change] = await changesOf(ticket.id);
    expect(change).toMatchObject({
      actorUserId: customer.id,
      detail: {
        from: `Anna Nowak <${customer.email.toLowerCase()}>`,
        to: "Kuba Wiśniewski <kuba@example.pl>",
        via: "account",
        version: 2,
      },
    });

    // The ticket left "Moje bilety"; the order's page shows it given away, without the friend's QR.
    expect((await ticketsOfAccount(db(), customer, new Date())).map((held) => held.id)).not.toContain(
      ticket.id,
    );
    const [onOrder] = await ticketsOfOrder(db(), order.id, new Date());
    expect(onOrder).toMatchObject({ givenTo: "Kuba Wiśniewski", qr: null, transferUntil: null });

    const [mail] = await db().select().from(s.mailOutbox).where(eq(s.mailOutbox.kind, "ticket-transfer"));
    expect(mail).toMatchObject({
      to: "kuba@example.pl",
      subject: "Kuba, masz bilet na NOKTURN: przekaż",
      attachments: [
        { kind: "ticket-pdf", ref: ticket.id },
        { kind: "night-ics", ref: nightId },
      ],
    });
    expect(mail.text).toContain("Wstęp od 18 lat, z dokumentem tożsamości.");
    expect(mail.text).toContain("Moje bilety");

    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      name: "memory",
      send: async (message) => void sent.push(message),
      close() {},
    };
    await processOutbox({ transport, database: db(), maxPerMinute: 1000 });
    const [pdf, ics] = sent.find((message) => message.id === mail.id)?.files ?? [];
    expect(pdf.contentType).toBe("application/pdf");
    expect(ics.content.toString()).toContain("SUMMARY:NOKTURN: przekaż");
    const codes = await qrCodesOfPdf(pdf.content);
    expect(codes).toHaveLength(1);
    const keys = ticketPublicKeys().map((key) => createPublicKey(key.publicKeyPem));
    expect(verifyTicketCode(codes[0] ?? "", nightId, keys)).toEqual({ ticketId: ticket.id, version: 2 });
    expect((await checkTicketCode(db(), codes[0] ?? "", nightId)).status).toBe("valid");
  });

  it("through the order's private link: only a ticket its buyer still holds; a wrong token or a stranger is a 404", async () => {
    const { order, ticket, token } = await ticketOrder();
    for (const refused of [
      await fromOrderPage(order.id, { ticketId: ticket.id, ...friend }, { token: randomUUID() }),
      await fromOrderPage(order.id, { ticketId: ticket.id, ...friend }),
      await fromOrderPage(order.id, { ticketId: ticket.id, ...friend }, { cookie: strangerCookie }),
      await fromAccount(strangerCookie, { ticketId: ticket.id, ...friend }),
    ]) {
      expect(refused.status).toBe(404);
      expect(refused.data?.message).toBe(transferMessages.notFound);
    }
    await unchanged(ticket);

    const done = await fromOrderPage(order.id, { ticketId: ticket.id, ...friend }, { token });
    expect(done).toMatchObject({ status: 303, flash: "Bilet przekazany" });
    const [change] = await changesOf(ticket.id);
    expect(change).toMatchObject({ actorUserId: null, detail: { via: "order-link", version: 2 } });
    // Given away: the link's holder cannot take it back.
    const again = await fromOrderPage(
      order.id,
      { ticketId: ticket.id, firstName: "Anna", lastName: "Nowak", email: "kupujacy@example.pl" },
      { token },
    );
    expect(again.status).toBe(404);
    expect((await ticketRow(ticket.id)).version).toBe(2);
  });

  it("from the order's page in the browser (a `.data` request): back to the page itself, not to its data", async () => {
    const { order, ticket, token } = await ticketOrder();
    const query = `?token=${encodeURIComponent(token)}`;
    // React Router posts a scripted form to the route's data URL; its redirect is fetched as data again.
    const answer = await orderAction({
      request: transferRequest(
        `/zamowienie/${order.id}.data${query}`,
        { ticketId: ticket.id, ...friend },
        {},
      ),
      params: { id: order.id },
      context: requestContext({ clientIp: "10.9.0.1" }),
    } as never);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe(`/zamowienie/${order.id}${query}`);
  });

  it("after the deadline, a void ticket and a transfer to the same person are refused in Polish", async () => {
    const { ticket } = await ticketOrder({ userId: customer.id, email: customer.email });
    await db()
      .update(s.nightTickets)
      .set({ transferUntilMinutes: 60 * 49 })
      .where(eq(s.nightTickets.eventId, nightId));
    try {
      const late = await fromAccount(customerCookie, { ticketId: ticket.id, ...friend });
      expect(late.status).toBe(409);
      expect(late.data?.message).toMatch(
        /^Zmiana nazwiska była możliwa do \d{1,2} \p{L}+ \d{4}, \d{2}:\d{2}\.$/u,
      );
      // The form keeps what was typed.
      expect(late.data?.result).toMatchObject({
        initialValue: { firstName: "Kuba", lastName: "Wiśniewski" },
      });
      await unchanged(ticket);
    } finally {
      await db()
        .update(s.nightTickets)
        .set({ transferUntilMinutes: 120 })
        .where(eq(s.nightTickets.eventId, nightId));
    }

    const same = await fromAccount(customerCookie, {
      ticketId: ticket.id,
      firstName: "Anna",
      lastName: "Nowak",
      email: customer.email.toUpperCase(),
    });
    expect(same).toMatchObject({ status: 400, data: { message: transferMessages.same } });
    await unchanged(ticket);

    await db().transaction((tx) =>
      voidTicketsTx(tx, [ticket.id], { reason: "test", actorUserId: null, release: false }),
    );
    const voided = await ticketRow(ticket.id);
    const refused = await fromAccount(customerCookie, { ticketId: ticket.id, ...friend });
    expect(refused).toMatchObject({ status: 409, data: { message: transferMessages.void } });
    await unchanged(voided);
  });

  it("bad names and a bad e-mail: 400 with a Polish message, nothing stored", async () => {
    const { ticket } = await ticketOrder({ userId: customer.id, email: customer.email });
    const cases: [Record<string, string>, string][] = [
      [{ firstName: "" }, "Podaj imię osoby z biletem."],
      [{ lastName: "   " }, "Podaj nazwisko osoby z biletem."],
      [{ firstName: "a".repeat(81) }, "Imię i nazwisko mogą mieć najwyżej 80 znaków."],
      [{ lastName: "Now\u0000ak" }, "Imię i nazwisko nie mogą zawierać znaków sterujących."],
      [{ firstName: "Ku\u001bba" }, "Imię i nazwisko nie mogą zawierać znaków sterujących."],
      [{ email: "nie-email" }, transferMessages.email],
      [{ email: `${"a".repeat(250)}@example.pl` }, transferMessages.email],
    ];
    for (const [fields, message] of cases) {
      const answer = await fromAccount(customerCookie, { ticketId: ticket.id, ...friend, ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.data?.message).toBe(message);
    }
    const unknown = await fromAccount(customerCookie, { ticketId: "nie-uuid", ...friend });
    expect(unknown.status).toBe(404);
    await unchanged(ticket);
  });

  it("the door's check on the database: forged, another night's, unknown and void codes", async () => {
    const { ticket } = await ticketOrder({ userId: customer.id, email: customer.email });
    const code = codeOf(ticket);
    expect((await checkTicketCode(db(), code, nightId)).status).toBe("valid");
    const forged = `${code.slice(0, -2)}${code.at(-2) === "A" ? "B" : "A"}${code.at(-1)}`;
    expect(await checkTicketCode(db(), forged, nightId)).toEqual({ status: "invalid" });
    expect(await checkTicketCode(db(), code, randomUUID())).toEqual({ status: "invalid" });
    expect(await checkTicketCode(db(), codeOf({ id: randomUUID(), version: 1 }), nightId)).toEqual({
      status: "unknown",
    });
    await db().transaction((tx) =>
      voidTicketsTx(tx, [ticket.id], { reason: "test", actorUserId: null, release: false }),
    );
    expect((await checkTicketCode(db(), code, nightId)).status).toBe("void");
  });

  it("two transfers of one ticket at once run one after the other: version + 2, two log rows, no lost update", async () => {
    const { ticket } = await ticketOrder({ userId: customer.id, email: customer.email });
    // Both keep the ticket with the account (its own address), so both may go through.
    const results = await Promise.allSettled(
      ["Basia", "Celina"].map((firstName) =>
        transferTicket({
          ticketId: ticket.id,
          to: { firstName, lastName: "Kowalska", email: customer.email },
          actor: { via: "account", account: customer },
          now: new Date(),
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
    const versions = results.map((result) => (result.status === "fulfilled" ? result.value.version : 0));
    expect(versions.sort()).toEqual([2, 3]);
    const after = await ticketRow(ticket.id);
    expect(after.version).toBe(3);
    const changes = await changesOf(ticket.id);
    expect(changes.map((change) => change.detail.version).sort()).toEqual([2, 3]);
    // The last one wins, and its log row says from whom: the first one's name, never the original twice.
    const last = changes.find((change) => change.detail.version === 3);
    expect(last?.detail.to).toBe(`${after.holderFirstName} Kowalska <${customer.email.toLowerCase()}>`);
    expect(last?.detail.from).not.toMatch(/^Anna Nowak/);
  });
});
