/**
 * "Powiadom mnie" (issue #27) against a real database, through the routes' own action and loaders:
 * double opt-in (the confirmation e-mail in the outbox, its single-use link), the same answer to a
 * repeated subscription with one row, the notices — exactly one per confirmed subscriber at a release
 * and at a restock, also with several notifier runs at once — the unsubscribe link (page, form, RFC 8058
 * one-click), and bad input answered 400 in Polish with nothing stored. The form answers on the one
 * form contract (handleFormAction, intent `subscribe`): a script's form gets data, a plain one a 303
 * with the same words as a flash, or its refusal as data the page renders.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ENHANCED_FIELD } from "../../app/lib/form-contract";
import { requestContext } from "../../app/lib/request-context";
import { setProductStock } from "../../app/modules/catalog/product-commands.server";
import { notifyDueAlerts } from "../../app/modules/stock-alerts/notifier.server";
import type { StockAlertResult } from "../../app/modules/stock-alerts/stock-alert-form.server";
import { STOCK_ALERT_MAIL_KINDS } from "../../app/modules/stock-alerts/stock-alert-mail.server";
import { stockAlertCounts } from "../../app/modules/stock-alerts/stock-alert-stats.server";
import {
  STOCK_ALERT_CONSENT_TEXT,
  STOCK_ALERT_INTENT,
  stockAlertMessages,
} from "../../app/modules/stock-alerts/stock-alert-texts";
import { STOCK_ALERT_RATE_LIMITS } from "../../app/modules/stock-alerts/stock-alerts.server";
import {
  action as linkAction,
  loader as linkLoader,
  headers as pageHeaders,
  action as subscribeAction,
} from "../../app/routes/notify-me";
import * as s from "../../db/schema";
import { flashIn } from "../support/flash";
import { usingPostgres } from "../support/test-database";
import { type AdminTestEnv, adminCookie, ORIGIN, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;

const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-alerts-clock-"));
const clockFile = path.join(clockDir, "now");
/** The server's clock (app/lib/clock.server.ts) for the next requests. */
function setClock(instant: Date) {
  fs.writeFileSync(clockFile, instant.toISOString());
  process.env.E2E_CLOCK_FILE = clockFile;
}

const T0 = new Date("2026-12-01T12:00:00.000Z");
const HOUR = 3_600_000;
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
beforeEach(async () => {
  setClock(T0);
  await db().delete(s.stockAlerts);
  await db().delete(s.mailOutbox);
  await db().delete(s.rateLimit);
});
afterEach(() => {
  delete process.env.E2E_CLOCK_FILE;
});
afterAll(async () => {
  await env?.dispose();
  fs.rmSync(clockDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

let productCounter = 0;

type SizeSpec = { size: string; stock: number; releaseAt?: Date | null };

/** A product of its own for a test: its own stock, or sizes with theirs. */
async function makeProduct({
  stock = 0,
  releaseAt = null,
  sizes = [],
  isActive = true,
}: {
  stock?: number;
  releaseAt?: Date | null;
  sizes?: SizeSpec[];
  isActive?: boolean;
} = {}) {
  productCounter += 1;
  const slug = `alert-test-${productCounter}-${randomUUID().slice(0, 8)}`;
  const [product] = await db()
    .insert(s.products)
    .values({
      slug,
      name: `Bluza testowa ${productCounter}`,
      description: "Produkt testowy powiadomień.",
      price: 19_900,
      category: "clothing",
      stockQuantity: stock,
      releaseAt,
      isActive,
    })
    .returning();
  const variants = sizes.length
    ? await db()
        .insert(s.productVariants)
        .values(
          sizes.map((spec, index) => ({
            productId: product.id,
            size: spec.size,
            stockQuantity: spec.stock,
            releaseAt: spec.releaseAt ?? null,
            sortOrder: index,
          })),
        )
        .returning()
    : [];
  const size = (name: string) => {
    const variant = variants.find((v) => v.size === name);
    if (!variant) throw new Error(`no size ${name}`);
    return variant;
  };
  return { ...product, variants, size };
}

async function setSizeStock(variantId: string, stockQuantity: number) {
  await db().update(s.productVariants).set({ stockQuantity }).where(eq(s.productVariants.id, variantId));
}

// ---------------------------------------------------------------------------------------------
// Requests through the routes
// ---------------------------------------------------------------------------------------------

let ipCounter = 0;
function nextIp() {
  ipCounter += 1;
  return `10.20.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

type Fields = Record<string, string | undefined>;

function subscribeRequest(fields: Fields) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, value);
  return new Request(`${ORIGIN}/powiadom-mnie`, { method: "POST", headers: { origin: ORIGIN }, body });
}

type Unwrapped<T> = { status: number; headers: Headers; data: T };

/** React Router's `data()` answer of an action or loader, unwrapped. */
function unwrap<T>(answer: unknown): Unwrapped<T> {
  const { data, init } = answer as { data: T; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
}

type SubscribeData = StockAlertResult;

/** The form as the product page's script sends it (`_enhanced`): answered with data. */
async function subscribe(fields: Fields, ip?: string) {
  return unwrap<SubscribeData>(await subscribePost({ ...fields, [ENHANCED_FIELD]: "1" }, ip));
}

/** The form as sent, from the client `ip` (a new one each time unless given). */
function subscribePost(fields: Fields, ip = nextIp()) {
  return subscribeAction({
    request: subscribeRequest(fields),
    params: {},
    context: requestContext({ clientIp: ip }),
  } as never);
}

/** The form as the product page sends it (its hidden `intent`, the product, the size if any). */
const form = (productId: string, email: string, variantId?: string): Fields => ({
  intent: STOCK_ALERT_INTENT,
  productId,
  variantId,
  email,
  consent: "on",
});

type ConfirmData = { status: string; message?: string; product?: { name: string; slug: string } };

/** The confirmation link's page (a GET, as a mail scanner's): it changes nothing. */
async function confirmPage(token: string) {
  const answer = await linkLoader({
    request: new Request(`${ORIGIN}/powiadom-mnie/potwierdz/${token}`),
    params: { link: "potwierdz", token },
    context: requestContext(),
  } as never);
  return unwrap<ConfirmData>(answer);
}

/** The confirmation page's button: a form POST from our origin. */
async function confirm(token: string) {
  const answer = await linkAction({
    request: new Request(`${ORIGIN}/powiadom-mnie/potwierdz/${token}`, {
      method: "POST",
      headers: { origin: ORIGIN },
      body: new URLSearchParams(),
    }),
    params: { link: "potwierdz", token },
    context: requestContext(),
  } as never);
  return unwrap<ConfirmData>(answer);
}

type UnsubscribeData = { status: string; email?: string; product: { name: string } | null };

async function unsubscribePage(token: string) {
  const answer = await linkLoader({
    request: new Request(`${ORIGIN}/powiadom-mnie/wypisz/${token}`),
    params: { link: "wypisz", token },
    context: requestContext(),
  } as never);
  return unwrap<UnsubscribeData>(answer);
}

/** The page's button (a form POST from our origin), or a mail provider's one-click POST (RFC 8058). */
async function unsubscribePost(token: string, kind: "form" | "one-click" = "form") {
  const headers: Record<string, string> =
    kind === "form" ? { origin: ORIGIN } : { "content-type": "application/x-www-form-urlencoded" };
  const body = kind === "form" ? new URLSearchParams() : "List-Unsubscribe=One-Click";
  const answer = await linkAction({
    request: new Request(`${ORIGIN}/powiadom-mnie/wypisz/${token}`, { method: "POST", headers, body }),
    params: { link: "wypisz", token },
    context: requestContext(),
  } as never);
  return unwrap<UnsubscribeData>(answer);
}

// ---------------------------------------------------------------------------------------------
// The outbox and the table
// ---------------------------------------------------------------------------------------------

async function mails(kind: string) {
  return db().select().from(s.mailOutbox).where(eq(s.mailOutbox.kind, kind)).orderBy(s.mailOutbox.seq);
}

/** The confirmation token of the last confirmation e-mail to `to`, read off its link. */
async function confirmationToken(to: string) {
  const sent = (await mails(STOCK_ALERT_MAIL_KINDS.confirm)).filter((mail) => mail.to === to);
  const last = sent.at(-1);
  if (!last) throw new Error(`no confirmation to ${to}`);
  const match = /\/powiadom-mnie\/potwierdz\/([A-Za-z0-9_-]{43})/.exec(last.text);
  if (!match) throw new Error("no link in the confirmation");
  expect(last.html).toContain(`/powiadom-mnie/potwierdz/${match[1]}`);
  return match[1];
}

/** The unsubscribe token of the notice to `to`, read off its List-Unsubscribe header. */
async function noticeUnsubscribeToken(to: string) {
  const [notice] = (await mails(STOCK_ALERT_MAIL_KINDS.notice)).filter((mail) => mail.to === to);
  const match = /^<.+\/powiadom-mnie\/wypisz\/([^>]+)>$/.exec(notice?.headers?.["List-Unsubscribe"] ?? "");
  if (!match) throw new Error(`no notice to ${to}`);
  return match[1];
}

/** The token hashes of an alert's live confirmation links. */
async function confirmationHashes(alertId: string) {
  const rows = await db()
    .select({ hash: s.stockAlertConfirmations.tokenHash })
    .from(s.stockAlertConfirmations)
    .where(eq(s.stockAlertConfirmations.alertId, alertId));
  return rows.map((row) => row.hash);
}

async function alerts() {
  return db().select().from(s.stockAlerts).orderBy(s.stockAlerts.createdAt);
}

async function stored() {
  const [alertRows] = await db().select({ n: count() }).from(s.stockAlerts);
  const [mailRows] = await db().select({ n: count() }).from(s.mailOutbox);
  return { alerts: alertRows.n, mails: mailRows.n };
}

/** Subscribes and confirms by the e-mailed link. */
async function subscribeConfirmed(productId: string, email: string, variantId?: string) {
  expect((await subscribe(form(productId, email, variantId))).status).toBe(200);
  expect((await confirm(await confirmationToken(email))).status).toBe(200);
}

/** Every notifier round until nothing is due. */
async function drainNotifier() {
  let total = 0;
  for (let n = await notifyDueAlerts(); n > 0; n = await notifyDueAlerts()) total += n;
  return total;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe(`Powiadom mnie on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("double opt-in: the form queues a confirmation, its link confirms once, the release sends one notice", async () => {
    const release = at(HOUR);
    const product = await makeProduct({ stock: 10, releaseAt: release });

    const answer = await subscribe(form(product.id, " Ola.Nowak+drop@Gmail.com "));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      intent: "subscribe",
      ok: true,
      message: "Sprawdź skrzynkę. Jeśli adres jest poprawny, wysłaliśmy link potwierdzający.",
      product: { id: product.id, name: product.name, slug: product.slug, variantId: null, sizeLabel: null },
      // Nothing typed comes back: the answer is the same for every address.
      result: { initialValue: null },
    });

    const [row] = await alerts();
    expect(row).toMatchObject({
      productId: product.id,
      variantId: null,
      email: "Ola.Nowak+drop@Gmail.com",
      emailKey: "olanowak@gmail.com",
      consentText: STOCK_ALERT_CONSENT_TEXT,
      confirmedAt: null,
      notifiedAt: null,
      unsubscribedAt: null,
    });
    expect(row.consentedAt.toISOString()).toBe(T0.toISOString());

    const [mail] = await mails(STOCK_ALERT_MAIL_KINDS.confirm);
    expect(mail).toMatchObject({ to: "Ola.Nowak+drop@Gmail.com", status: "pending", headers: null });
    expect(mail.subject).toBe(`Potwierdź powiadomienie: „${product.name}”`);
    expect(mail.text).toContain("(link jest ważny przez 7 dni)");
    const token = await confirmationToken(mail.to);
    // Only the token's hash is stored.
    expect(await confirmationHashes(row.id)).toEqual([sha256(token)]);
    expect(JSON.stringify(await alerts())).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toMatchObject({
      status: "confirmed",
      product: { name: product.name, slug: product.slug },
    });
    const [afterConfirm] = await alerts();
    expect(afterConfirm.confirmedAt?.toISOString()).toBe(T0.toISOString());
    expect(await confirmationHashes(row.id)).toEqual([]);

    // The same link again is as unknown as a forged one.
    const reused = await confirm(token);
    expect(reused).toMatchObject({ status: 400, data: { message: stockAlertMessages.confirmInvalid } });

    // Before the release nothing goes out; at the release instant exactly one notice.
    setClock(at(HOUR - 1));
    expect(await notifyDueAlerts()).toBe(0);
    setClock(release);
    expect(await notifyDueAlerts()).toBe(1);
    expect(await notifyDueAlerts()).toBe(0);

    const [notice] = await mails(STOCK_ALERT_MAIL_KINDS.notice);
    expect(notice.to).toBe("Ola.Nowak+drop@Gmail.com");
    expect(notice.subject).toBe(`„${product.name}” jest już dostępny`);
    expect(notice.text).toContain(`${ORIGIN}/merch/${product.slug}`);
    expect(notice.html).toContain(`${ORIGIN}/merch/${product.slug}`);
    const unsubscribe = await noticeUnsubscribeToken(notice.to);
    expect(notice.headers).toEqual({
      "List-Unsubscribe": `<${ORIGIN}/powiadom-mnie/wypisz/${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(notice.text).toContain(`${ORIGIN}/powiadom-mnie/wypisz/${unsubscribe}`);
    const [notified] = await alerts();
    expect(notified.notifiedAt?.toISOString()).toBe(release.toISOString());
  });

  it("tells everyone who waited for a release, even when the drop sold out before the notifier ran", async () => {
    const release = at(HOUR);
    const product = await makeProduct({ stock: 2, releaseAt: release });
    const waiting = ["a@example.com", "b@example.com", "c@example.com"];
    for (const email of waiting) await subscribeConfirmed(product.id, email);
    // Sold out in the first second, before any round.
    setClock(release);
    await db().update(s.products).set({ stockQuantity: 0 }).where(eq(s.products.id, product.id));
    expect(await drainNotifier()).toBe(3);
    expect((await mails(STOCK_ALERT_MAIL_KINDS.notice)).map((mail) => mail.to).sort()).toEqual(waiting);
    // Who asks after the release, for the sold-out product, waits for stock.
    setClock(at(HOUR + 60));
    await subscribeConfirmed(product.id, "pozniej@example.com");
    expect(await drainNotifier()).toBe(0);
  });

  it("sends exactly one notice per confirmed subscriber with four notifier runs at once; none to the unconfirmed or unsubscribed", async () => {
    const product = await makeProduct({
      sizes: [
        { size: "M", stock: 0 },
        { size: "L", stock: 0 },
      ],
    });
    const m = product.size("M").id;
    const confirmed = Array.from({ length: 30 }, (_, n) => `fan${n}@example.com`);
    for (const email of confirmed) await subscribeConfirmed(product.id, email, m);
    const unconfirmed = ["cisza1@example.com", "cisza2@example.com"];
    for (const email of unconfirmed) expect((await subscribe(form(product.id, email, m))).status).toBe(200);
    // Confirmed, notified nothing yet, then unsubscribed through a link (as from an earlier notice).
    const { unsubscribeToken } = await import("../../app/modules/stock-alerts/stock-alert-tokens.server");
    await subscribeConfirmed(product.id, "wypisany@example.com", m);
    const [gone] = await db()
      .select()
      .from(s.stockAlerts)
      .where(eq(s.stockAlerts.email, "wypisany@example.com"));
    expect((await unsubscribePost(unsubscribeToken(gone.id, process.env.AUTH_SECRET ?? "", T0))).status).toBe(
      200,
    );
    // Another size stays sold out: its subscriber waits on.
    await subscribeConfirmed(product.id, "rozmiar-l@example.com", product.size("L").id);

    expect(await notifyDueAlerts()).toBe(0);
    // The panel puts size M back in stock.
    await setSizeStock(m, 5);
    const rounds = await Promise.all(Array.from({ length: 4 }, () => notifyDueAlerts({ batchSize: 7 })));
    expect(rounds.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(28);
    await drainNotifier();

    const notices = await mails(STOCK_ALERT_MAIL_KINDS.notice);
    expect(notices.map((mail) => mail.to).sort()).toEqual([...confirmed].sort());
    expect(notices.every((mail) => mail.subject === `„${product.name}” jest już dostępny (rozmiar M)`)).toBe(
      true,
    );
    const rows = await alerts();
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    for (const email of confirmed) expect(byEmail.get(email)?.notifiedAt, email).not.toBeNull();
    for (const email of [...unconfirmed, "wypisany@example.com", "rozmiar-l@example.com"]) {
      expect(byEmail.get(email)?.notifiedAt, email).toBeNull();
    }
    // Nothing more, however often it runs.
    expect(await Promise.all([notifyDueAlerts(), notifyDueAlerts()])).toEqual([0, 0]);
  });

  it("notifies at a restock in the panel (stock 0 → 5) once, and a size released later only at its own release", async () => {
    const plain = await makeProduct({ stock: 0 });
    await subscribeConfirmed(plain.id, "ola@example.com");
    const later = at(2 * HOUR);
    const drop = await makeProduct({
      sizes: [
        { size: "S", stock: 3, releaseAt: later },
        { size: "M", stock: 0 },
      ],
    });
    await subscribeConfirmed(drop.id, "jan@example.com", drop.size("S").id);
    // The product as a whole: only a size not released yet has stock, so it waits too.
    await subscribeConfirmed(drop.id, "ewa@example.com");

    expect(await drainNotifier()).toBe(0);
    await setProductStock(plain.id, 5);
    expect(await drainNotifier()).toBe(1);
    // Sold out and restocked again: the notice is not sent twice.
    await setProductStock(plain.id, 0);
    await setProductStock(plain.id, 5);
    expect(await drainNotifier()).toBe(0);

    setClock(later);
    expect(await drainNotifier()).toBe(2);
    const notices = await mails(STOCK_ALERT_MAIL_KINDS.notice);
    expect(notices.map((mail) => mail.to).sort()).toEqual([
      "ewa@example.com",
      "jan@example.com",
      "ola@example.com",
    ]);
  });

  it("gives a repeated subscription the same answer and keeps one row per product, size and address", async () => {
    const product = await makeProduct({ sizes: [{ size: "M", stock: 0 }] });
    const m = product.size("M").id;
    const first = await subscribe(form(product.id, "ola@example.com", m));
    const firstToken = await confirmationToken("ola@example.com");
    // Unconfirmed: a new link, and the earlier one keeps working (issue #42).
    const second = await subscribe(form(product.id, "OLA+nowy@example.com", m));
    expect(second).toEqual(first);
    expect(await alerts()).toHaveLength(1);
    const secondToken = await confirmationToken("OLA+nowy@example.com");
    expect((await confirm(firstToken)).status).toBe(200);
    expect((await confirm(secondToken)).status).toBe(200);

    // Confirmed and waiting: the same answer and the same work (a link that only says so), the alert
    // unchanged but for its time of change.
    const withoutTime = async () => (await alerts()).map(({ updatedAt: _, ...row }) => row);
    const before = await withoutTime();
    const third = await subscribe(form(product.id, "ola@example.com", m));
    expect(third).toEqual(first);
    expect(await withoutTime()).toEqual(before);
    expect(await mails(STOCK_ALERT_MAIL_KINDS.confirm)).toHaveLength(3);

    // Another size or the product as a whole is another alert.
    await subscribe(form(product.id, "ola@example.com"));
    expect(await alerts()).toHaveLength(2);

    // Notified, then subscribing again: armed again, to be confirmed again.
    await setSizeStock(m, 2);
    expect(await drainNotifier()).toBe(1);
    await setSizeStock(m, 0);
    expect((await subscribe(form(product.id, "ola@example.com", m))).data).toEqual(first.data);
    const [rearmed] = await db()
      .select()
      .from(s.stockAlerts)
      .where(and(eq(s.stockAlerts.productId, product.id), eq(s.stockAlerts.variantId, m)));
    expect(rearmed).toMatchObject({ confirmedAt: null, notifiedAt: null, unsubscribedAt: null });
    // Armed again: the earlier round's links die, the new one is the only one.
    expect(await confirmationHashes(rearmed.id)).toEqual([
      sha256(await confirmationToken("ola@example.com")),
    ]);
    expect(await alerts()).toHaveLength(2);
  });

  it("keeps one row when the same address subscribes several times at once", async () => {
    const product = await makeProduct({ stock: 0 });
    const answers = await Promise.all(
      ["jan@example.com", "Jan@Example.com", "jan+1@example.com"].map((email) =>
        subscribe(form(product.id, email)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.data))).size).toBe(1);
    const rows = await alerts();
    expect(rows).toHaveLength(1);
    // Every link queued works, the last one among them.
    expect(await confirmationHashes(rows[0].id)).toContain(sha256(await confirmationToken(rows[0].email)));
  });

  it("runs in the background: a restock is noticed within the interval, and it stops cleanly", async () => {
    const { startStockAlertNotifier, stopStockAlertNotifier } = await import(
      "../../app/modules/stock-alerts/notifier.server"
    );
    const product = await makeProduct({ stock: 0 });
    await subscribeConfirmed(product.id, "ola@example.com");
    startStockAlertNotifier({ intervalMs: 50 });
    try {
      await setProductStock(product.id, 1);
      await expect
        .poll(async () => (await mails(STOCK_ALERT_MAIL_KINDS.notice)).length, { timeout: 5_000 })
        .toBe(1);
    } finally {
      await stopStockAlertNotifier();
    }
    // Stopped: nothing is noticed any more.
    await setProductStock(product.id, 0);
    await subscribeConfirmed(product.id, "jan@example.com");
    await setProductStock(product.id, 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mails(STOCK_ALERT_MAIL_KINDS.notice)).toHaveLength(1);
  });

  it(`sends an address at most ${STOCK_ALERT_RATE_LIMITS.perAddress.limit} confirmations an hour, answering the same`, async () => {
    const product = await makeProduct({ stock: 0 });
    const answers = [];
    for (let n = 0; n <= STOCK_ALERT_RATE_LIMITS.perAddress.limit; n++) {
      answers.push(await subscribe(form(product.id, "cel@example.com")));
    }
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.data))).size).toBe(1);
    expect(await mails(STOCK_ALERT_MAIL_KINDS.confirm)).toHaveLength(
      STOCK_ALERT_RATE_LIMITS.perAddress.limit,
    );
    // The last link sent still works.
    expect((await confirm(await confirmationToken("cel@example.com"))).status).toBe(200);
  });

  it(`limits one client to ${STOCK_ALERT_RATE_LIMITS.perClient.limit} subscriptions per window with a Polish 429`, async () => {
    const product = await makeProduct({ stock: 0 });
    const ip = "203.0.113.9";
    for (let n = 0; n < STOCK_ALERT_RATE_LIMITS.perClient.limit; n++) {
      expect((await subscribe(form(product.id, `fan${n}@example.com`), ip)).status).toBe(200);
    }
    const limited = await subscribe(form(product.id, "jeszcze@example.com"), ip);
    expect(limited.status).toBe(429);
    expect(limited.data.message).toMatch(/^Zbyt wiele zapisów\. Spróbuj ponownie za \d+ min\.$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.data).toMatchObject({
      ok: false,
      result: { initialValue: { email: "jeszcze@example.com", consent: "on" } },
    });
    expect(limited.data.product).toBeUndefined();
    // A plain form is told the same in the page (not a redirect: the form keeps what was typed).
    const plainLimited = unwrap<SubscribeData>(
      await subscribePost(form(product.id, "jeszcze@example.com"), ip),
    );
    expect(plainLimited.status).toBe(429);
    expect(plainLimited.data.message).toBe(limited.data.message);
    expect(Number(plainLimited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await subscribe(form(product.id, "jeszcze@example.com"), "203.0.113.10")).status).toBe(200);
    expect((await stored()).alerts).toBe(STOCK_ALERT_RATE_LIMITS.perClient.limit + 1);
  });

  it("unsubscribes by the notice's link: the page, its button, the one-click POST; a used or forged link changes nothing", async () => {
    const product = await makeProduct({ stock: 0 });
    for (const email of ["ola@example.com", "jan@example.com"]) await subscribeConfirmed(product.id, email);
    await setProductStock(product.id, 3);
    expect(await drainNotifier()).toBe(2);
    const olaToken = await noticeUnsubscribeToken("ola@example.com");
    const janToken = await noticeUnsubscribeToken("jan@example.com");

    // The page (GET) changes nothing.
    const page = await unsubscribePage(olaToken);
    expect(page).toMatchObject({ status: 200, data: { status: "ready", email: "o***@example.com" } });
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect((await alerts()).every((row) => row.unsubscribedAt === null)).toBe(true);

    const done = await unsubscribePost(olaToken);
    expect(done).toMatchObject({
      status: 200,
      data: { status: "unsubscribed", product: { name: product.name } },
    });
    const oneClick = await unsubscribePost(janToken, "one-click");
    expect(oneClick).toMatchObject({ status: 200, data: { status: "unsubscribed" } });
    const afterwards = await alerts();
    expect(afterwards.every((row) => row.unsubscribedAt?.toISOString() === T0.toISOString())).toBe(true);

    // Used again: a Polish refusal, the first unsubscription's time kept.
    setClock(at(HOUR));
    expect(await unsubscribePage(olaToken)).toMatchObject({ status: 400, data: { status: "already" } });
    expect(await unsubscribePost(olaToken, "one-click")).toMatchObject({
      status: 400,
      data: { status: "already" },
    });
    expect(stockAlertMessages.alreadyUnsubscribed).toBe(
      "Ten adres został już wypisany z tego powiadomienia.",
    );
    expect(await alerts()).toEqual(afterwards);

    // Forged: another alert's id with this signature, an altered signature, garbage.
    const [olaId, signature] = olaToken.split(".");
    const [janId] = janToken.split(".");
    for (const forged of [
      `${janId}.${signature}`,
      `${olaId}.${signature.slice(0, -2)}xx`,
      `${randomUUID()}.${signature}`,
      "nie-token",
      olaId,
    ]) {
      expect(await unsubscribePage(forged), forged).toMatchObject({
        status: 400,
        data: { status: "invalid" },
      });
      expect(await unsubscribePost(forged), forged).toMatchObject({
        status: 400,
        data: { status: "invalid" },
      });
    }
    expect(await alerts()).toEqual(afterwards);
  });

  it("sends no-referrer on the token pages only: on the form's page Chromium would post with Origin: null", async () => {
    const of = (answer: unknown) => new Headers((answer as { init?: ResponseInit }).init?.headers);
    const page = (loaderHeaders: Headers) =>
      new Headers(
        pageHeaders({ loaderHeaders, actionHeaders: new Headers(), parentHeaders: new Headers() } as never),
      );
    const form = page(new Headers());
    expect(form.get("Cache-Control")).toBe("private, no-store");
    expect(form.get("Referrer-Policy")).toBeNull();
    const link = page(
      of(
        await linkLoader({
          request: new Request(`${ORIGIN}/powiadom-mnie/potwierdz/x`),
          params: { link: "potwierdz", token: "x" },
          context: requestContext(),
        } as never),
      ),
    );
    expect(link.get("Referrer-Policy")).toBe("no-referrer");
    expect(link.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });

  it("knows only its two links: any other is a 404, for a GET and a POST", async () => {
    const calls: (() => Promise<unknown>)[] = [
      () =>
        linkLoader({
          request: new Request(`${ORIGIN}/powiadom-mnie/inne/x`),
          params: { link: "inne", token: "x" },
          context: requestContext(),
        } as never),
      () =>
        linkAction({
          request: new Request(`${ORIGIN}/powiadom-mnie/inne/x`, {
            method: "POST",
            headers: { origin: ORIGIN },
          }),
          params: { link: "inne", token: "x" },
          context: requestContext(),
        } as never),
    ];
    for (const call of calls) {
      const thrown = await Promise.resolve()
        .then(call)
        .catch((error: unknown) => error);
      expect(thrown).toMatchObject({ init: { status: 404 } });
    }
  });

  it("an unsubscribed subscriber gets no notice", async () => {
    const { unsubscribeToken } = await import("../../app/modules/stock-alerts/stock-alert-tokens.server");
    const product = await makeProduct({ stock: 0 });
    await subscribeConfirmed(product.id, "ola@example.com");
    const [row] = await alerts();
    expect(
      (await unsubscribePost(unsubscribeToken(row.id, process.env.AUTH_SECRET ?? "", T0), "one-click"))
        .status,
    ).toBe(200);
    await setProductStock(product.id, 4);
    expect(await drainNotifier()).toBe(0);
    expect(await mails(STOCK_ALERT_MAIL_KINDS.notice)).toHaveLength(0);
  });

  it("refuses a forged, reused or expired confirmation link in Polish, changing nothing", async () => {
    const product = await makeProduct({ stock: 0 });
    await subscribe(form(product.id, "ola@example.com"));
    const token = await confirmationToken("ola@example.com");
    const before = await alerts();
    for (const forged of [
      "x".repeat(43),
      "krotki",
      `${token}x`,
      token.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    ]) {
      const answer = await confirm(forged);
      expect(answer, forged).toMatchObject({
        status: 400,
        data: { message: stockAlertMessages.confirmInvalid },
      });
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(await alerts()).toEqual(before);

    setClock(at(7 * 24 * HOUR + 1));
    expect(await confirm(token)).toMatchObject({
      status: 400,
      data: { message: stockAlertMessages.confirmExpired },
    });
    expect(await alerts()).toEqual(before);
    // A new subscription sends a new link, which works.
    await subscribe(form(product.id, "ola@example.com"));
    expect((await confirm(await confirmationToken("ola@example.com"))).status).toBe(200);
  });

  it("answers bad input with 400 and a Polish message, storing nothing", async () => {
    const soldOut = await makeProduct({
      stock: 0,
      sizes: [
        { size: "M", stock: 0 },
        { size: "L", stock: 4 },
      ],
    });
    const available = await makeProduct({ stock: 7 });
    const inactive = await makeProduct({ stock: 0, isActive: false });
    const other = await makeProduct({ sizes: [{ size: "XL", stock: 0 }] });
    const cases: [Fields, string, string?][] = [
      [{ ...form(soldOut.id, "ola"), variantId: soldOut.size("M").id }, stockAlertMessages.invalid, "email"],
      [form(soldOut.id, "ola@"), stockAlertMessages.invalid, "email"],
      [form(soldOut.id, ""), stockAlertMessages.invalid, "email"],
      [{ ...form(soldOut.id, "ola@example.com"), consent: undefined }, stockAlertMessages.invalid, "consent"],
      [{ ...form(soldOut.id, "ola@example.com"), consent: "true" }, stockAlertMessages.invalid, "consent"],
      [form("nie-uuid", "ola@example.com"), stockAlertMessages.product],
      [form(randomUUID(), "ola@example.com"), stockAlertMessages.product],
      [form(inactive.id, "ola@example.com"), stockAlertMessages.product],
      [form(soldOut.id, "ola@example.com", other.size("XL").id), stockAlertMessages.variant],
      [form(soldOut.id, "ola@example.com", "rozmiar"), stockAlertMessages.variant],
      [form(available.id, "ola@example.com"), stockAlertMessages.available],
      // The product as a whole is on sale (size L); so is size L itself.
      [form(soldOut.id, "ola@example.com"), stockAlertMessages.available],
      [form(soldOut.id, "ola@example.com", soldOut.size("L").id), stockAlertMessages.available],
      // What no form of ours sends: NUL bytes, a 100 KB address, an id twice (below), no product at all.
      [form(soldOut.id, "ola\u0000@example.com"), stockAlertMessages.invalid, "email"],
      [form(soldOut.id, `${"a".repeat(100_000)}@example.com`), stockAlertMessages.invalid, "email"],
      [form(`${soldOut.id}\u0000`, "ola@example.com"), stockAlertMessages.product],
      [form(soldOut.id, "ola@example.com", `${soldOut.size("M").id}\u0000`), stockAlertMessages.variant],
      [{ ...form(soldOut.id, "ola@example.com"), productId: undefined }, stockAlertMessages.product],
      [{ ...form(soldOut.id, "ola@example.com"), productId: "" }, stockAlertMessages.product],
    ];
    for (const [fields, message, field] of cases) {
      const answer = await subscribe(fields);
      const label = JSON.stringify(fields).slice(0, 200);
      expect(answer.status, label).toBe(400);
      expect(answer.data.ok, label).toBe(false);
      expect(answer.data.message, label).toBe(message);
      if (field) expect(Object.keys(answer.data.result?.error ?? {}), label).toContain(field);
    }
    // A field sent twice: what no form sends, refused as the single bad value is.
    const twice = (name: string, first: string, second: string) => {
      const body = new URLSearchParams({
        ...form(soldOut.id, "ola@example.com"),
        [ENHANCED_FIELD]: "1",
      } as never);
      body.set(name, first);
      body.append(name, second);
      return subscribeAction({
        request: new Request(`${ORIGIN}/powiadom-mnie`, {
          method: "POST",
          headers: { origin: ORIGIN },
          body,
        }),
        params: {},
        context: requestContext({ clientIp: nextIp() }),
      } as never);
    };
    for (const [name, first, second, message] of [
      ["productId", soldOut.id, other.id, stockAlertMessages.product],
      ["variantId", soldOut.size("M").id, soldOut.size("M").id, stockAlertMessages.variant],
      ["email", "ola@example.com", "jan@example.com", stockAlertMessages.invalid],
    ]) {
      expect(unwrap<SubscribeData>(await twice(name, first, second)), name).toMatchObject({
        status: 400,
        data: { ok: false, message },
      });
    }
    // The old body without the form's intent, or another intent: a body no form of ours sends.
    for (const intent of [undefined, "", "unsubscribe", "__proto__"]) {
      const answer = await subscribe({ ...form(soldOut.id, "ola@example.com"), intent });
      expect(answer, String(intent)).toMatchObject({
        status: 400,
        data: { ok: false, intent: null, message: stockAlertMessages.failure },
      });
    }
    expect(stockAlertMessages.available).toBe("Ten produkt jest dostępny — możesz go kupić teraz.");
    expect(stockAlertMessages.email).toBe("Podaj poprawny adres e-mail");

    const garbage = await subscribeAction({
      request: new Request(`${ORIGIN}/powiadom-mnie`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=nie-ma" },
        body: "to nie jest formularz",
      }),
      params: {},
      context: requestContext(),
    } as never);
    expect(unwrap<SubscribeData>(garbage)).toMatchObject({
      status: 400,
      data: { message: stockAlertMessages.failure },
    });
    expect(await stored()).toEqual({ alerts: 0, mails: 0 });
  });

  it("a plain form (no scripts) goes back to the product with the flash the script's form shows", async () => {
    const product = await makeProduct({ stock: 0 });
    const enhanced = await subscribe(form(product.id, "plain@example.com"));
    expect(enhanced).toMatchObject({
      status: 200,
      data: { intent: "subscribe", ok: true, message: stockAlertMessages.sent },
    });
    const plain = (await subscribePost(form(product.id, "plain@example.com"))) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe(`/merch/${product.slug}`);
    expect(await flashIn(plain)).toEqual({
      id: expect.any(String),
      kind: "success",
      title: enhanced.data.message,
    });
    // A size's form goes back to the same product page.
    const sized = await makeProduct({ sizes: [{ size: "M", stock: 0 }] });
    const plainSized = (await subscribePost(
      form(sized.id, "plain@example.com", sized.size("M").id),
    )) as Response;
    expect(plainSized.status).toBe(303);
    expect(plainSized.headers.get("Location")).toBe(`/merch/${sized.slug}`);
    expect(await flashIn(plainSized)).toEqual({
      id: expect.any(String),
      kind: "success",
      title: stockAlertMessages.sent,
    });

    // A refusal is the same answer both ways (the page shows the form again with it), but for the
    // script's own marker among what was typed.
    const withoutMarker = (answer: Unwrapped<SubscribeData>) => {
      const { [ENHANCED_FIELD]: _, ...typed } = answer.data.result?.initialValue ?? {};
      const fields = answer.data.result?.fields?.filter((name) => name !== ENHANCED_FIELD);
      const result = { ...answer.data.result, initialValue: typed, fields };
      return { ...answer, headers: [...answer.headers], data: { ...answer.data, result } };
    };
    for (const fields of [
      form(product.id, "ola@"),
      form(randomUUID(), "ola@example.com"),
      { ...form(product.id, "ola@example.com"), consent: undefined },
    ]) {
      const refused = unwrap<SubscribeData>(await subscribePost(fields));
      const label = JSON.stringify(fields);
      expect(refused.status, label).toBe(400);
      expect(refused.data.ok, label).toBe(false);
      expect(withoutMarker(refused), label).toEqual(withoutMarker(await subscribe(fields)));
    }
    // An available product's refusal names it, for the page's way back to it.
    const available = await makeProduct({ stock: 3 });
    const refusedAvailable = unwrap<SubscribeData>(
      await subscribePost(form(available.id, "ola@example.com")),
    );
    expect(refusedAvailable).toMatchObject({
      status: 400,
      data: { message: stockAlertMessages.available, product: { slug: available.slug } },
    });
    // The product's one row (its link sent again) and the size's; nothing of the refusals.
    expect(await stored()).toEqual({ alerts: 2, mails: 3 });
  });

  it("a plain form post with a wrong address gets the form again: the typed address, the product and the message", async () => {
    const product = await makeProduct({ sizes: [{ size: "M", stock: 0 }] });
    const fields = { ...form(product.id, "ola@example", product.size("M").id), consent: undefined };
    const answer = unwrap<SubscribeData>(await subscribePost(fields));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      intent: "subscribe",
      ok: false,
      message: stockAlertMessages.invalid,
      product: {
        id: product.id,
        name: product.name,
        slug: product.slug,
        variantId: product.size("M").id,
        sizeLabel: "M",
      },
    });
    expect(answer.data.result?.error).toEqual({
      email: [stockAlertMessages.email],
      consent: [stockAlertMessages.consent],
    });
    // What was typed, as sent: no consent ticked.
    expect(answer.data.result?.initialValue).toEqual({
      intent: "subscribe",
      productId: product.id,
      variantId: product.size("M").id,
      email: "ola@example",
    });
    expect(await stored()).toEqual({ alerts: 0, mails: 0 });
  });

  it("answers 503 in Polish with the typed address when the database fails", async () => {
    const { setDatabase } = await import("../../app/lib/db.server");
    const down = new Proxy(
      {},
      {
        get() {
          throw new Error("connection refused");
        },
      },
    );
    setDatabase({ ...env.database, db: down as never });
    try {
      for (const post of [subscribe, (fields: Fields) => subscribePost(fields).then(unwrap<SubscribeData>)]) {
        const answer = await post(form(randomUUID(), "ola@example.com"));
        expect(answer).toMatchObject({
          status: 503,
          data: {
            ok: false,
            message: stockAlertMessages.failure,
            result: { initialValue: { email: "ola@example.com", consent: "on" } },
          },
        });
        expect(answer.data.product).toBeUndefined();
      }
      expect(await confirm("x".repeat(43))).toMatchObject({ status: 503, data: { status: "unavailable" } });
      expect(await unsubscribePost(`${randomUUID()}.${"A".repeat(43)}`)).toMatchObject({ status: 400 });
    } finally {
      setDatabase(env.database);
    }
  });

  it("shows the panel per product and size what waits and what was sent", async () => {
    const product = await makeProduct({
      stock: 0,
      sizes: [
        { size: "S", stock: 0 },
        { size: "M", stock: 0 },
      ],
    });
    const sizeS = product.size("S").id;
    const sizeM = product.size("M").id;
    await subscribeConfirmed(product.id, "a@example.com", sizeM);
    await subscribeConfirmed(product.id, "b@example.com", sizeM);
    await subscribe(form(product.id, "c@example.com", sizeM));
    await subscribeConfirmed(product.id, "d@example.com", sizeS);
    await subscribeConfirmed(product.id, "e@example.com");
    const sent = at(HOUR);
    setClock(sent);
    await setSizeStock(sizeS, 1);
    expect(await drainNotifier()).toBe(2);
    const { unsubscribeToken } = await import("../../app/modules/stock-alerts/stock-alert-tokens.server");
    const [b] = await db().select().from(s.stockAlerts).where(eq(s.stockAlerts.email, "b@example.com"));
    await unsubscribePost(unsubscribeToken(b.id, process.env.AUTH_SECRET ?? "", sent));

    const expected = [
      {
        variantId: null,
        sizeLabel: null,
        waiting: 0,
        unconfirmed: 0,
        sent: 1,
        unsubscribed: 0,
        lastSent: "1 grudnia 2026, 14:00",
      },
      {
        variantId: sizeS,
        sizeLabel: "S",
        waiting: 0,
        unconfirmed: 0,
        sent: 1,
        unsubscribed: 0,
        lastSent: "1 grudnia 2026, 14:00",
      },
      {
        variantId: sizeM,
        sizeLabel: "M",
        waiting: 1,
        unconfirmed: 1,
        sent: 0,
        unsubscribed: 1,
        lastSent: null,
      },
    ];
    expect(await stockAlertCounts(product.id)).toEqual(expected);

    // The product's edit page carries them.
    const { loader } = await import("../../app/routes/admin/product-edit");
    const cookie = await adminCookie();
    const page = (await loader({
      request: new Request(`${ORIGIN}/admin/products/${product.id}/edit`, { headers: { cookie } }),
      params: { id: product.id },
      context: requestContext(),
    } as unknown as Parameters<typeof loader>[0])) as {
      stockAlerts: { data: unknown; loadError: string | null };
    };
    expect(page.stockAlerts).toEqual({ data: expected, loadError: null });
  });

  it("keeps only the alerts of products that exist: a deleted product takes its alerts along", async () => {
    const product = await makeProduct({ stock: 0 });
    await subscribeConfirmed(product.id, "ola@example.com");
    await db()
      .delete(s.products)
      .where(inArray(s.products.id, [product.id]));
    expect(await alerts()).toHaveLength(0);
  });
});

describe(`Powiadom mnie hardening (issue #42) on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  const DAY = 24 * HOUR;

  /** Every state an address can be in for one product, each with the alert row it leaves. */
  async function addressInEveryState(productId: string) {
    await subscribe(form(productId, "pending@example.com"));
    await subscribeConfirmed(productId, "confirmed@example.com");
    const notified = await makeProduct({ stock: 0 });
    await subscribeConfirmed(notified.id, "notified@example.com");
    await setProductStock(notified.id, 1);
    expect(await drainNotifier()).toBe(1);
    await setProductStock(notified.id, 0);
    await unsubscribePost(await noticeUnsubscribeToken("notified@example.com"));
    return notified;
  }

  it("answers a new, a pending, a confirmed and an unsubscribed address alike: one confirmation e-mail queued each time", async () => {
    const product = await makeProduct({ stock: 0 });
    const unsubscribedProduct = await addressInEveryState(product.id);
    const cases: [string, string][] = [
      ["new@example.com", product.id],
      ["pending@example.com", product.id],
      ["confirmed@example.com", product.id],
      ["notified@example.com", unsubscribedProduct.id],
    ];
    const answers = [];
    for (const [email, productId] of cases) {
      const before = (await mails(STOCK_ALERT_MAIL_KINDS.confirm)).filter((mail) => mail.to === email);
      const answer = await subscribe(form(productId, email));
      const after = (await mails(STOCK_ALERT_MAIL_KINDS.confirm)).filter((mail) => mail.to === email);
      // The same work on every path: the e-mail always goes through the outbox (sent in the background).
      expect(after.length - before.length, email).toBe(1);
      answers.push({ ...answer, data: { ...answer.data, product: null } });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    // A confirmed alert stays confirmed (its new link only says so), keeping its place in the queue.
    const confirmed = (await alerts()).find((row) => row.email === "confirmed@example.com");
    expect(confirmed?.confirmedAt?.toISOString()).toBe(T0.toISOString());
    expect((await confirm(await confirmationToken("confirmed@example.com"))).data).toMatchObject({
      status: "confirmed",
    });
    const after = (await alerts()).find((row) => row.email === "confirmed@example.com");
    expect(after?.confirmedAt?.toISOString()).toBe(T0.toISOString());
  });

  it("a GET of the confirmation link (a mail scanner) confirms nothing: the page asks for a press, its POST confirms", async () => {
    const product = await makeProduct({ stock: 0 });
    await subscribe(form(product.id, "ola@example.com"));
    const token = await confirmationToken("ola@example.com");
    for (let n = 0; n < 2; n++) {
      const page = await confirmPage(token);
      expect(page).toMatchObject({ status: 200, data: { status: "ready", product: { name: product.name } } });
      expect(page.headers.get("cache-control")).toBe("private, no-store");
    }
    const [row] = await alerts();
    expect(row.confirmedAt).toBeNull();
    // Nothing confirmed: a restock tells nobody.
    await setProductStock(product.id, 2);
    expect(await drainNotifier()).toBe(0);
    await setProductStock(product.id, 0);

    expect(await confirm(token)).toMatchObject({ status: 200, data: { status: "confirmed" } });
    expect((await alerts())[0].confirmedAt?.toISOString()).toBe(T0.toISOString());
    // Used: the page and the button now refuse it.
    expect(await confirmPage(token)).toMatchObject({
      status: 400,
      data: { message: stockAlertMessages.confirmInvalid },
    });
  });

  it("keeps an earlier confirmation link working after a repeated subscription, until it expires", async () => {
    const product = await makeProduct({ stock: 0 });
    await subscribe(form(product.id, "ola@example.com"));
    const first = await confirmationToken("ola@example.com");
    setClock(at(HOUR));
    await subscribe(form(product.id, "ola@example.com"));
    const second = await confirmationToken("ola@example.com");
    expect(second).not.toBe(first);
    expect(await confirmPage(first)).toMatchObject({ status: 200, data: { status: "ready" } });
    expect(await confirm(first)).toMatchObject({ status: 200, data: { status: "confirmed" } });
    // The later one only says it is confirmed; the first one's week counts from its own sending.
    expect(await confirm(second)).toMatchObject({ status: 200, data: { status: "confirmed" } });

    const other = await makeProduct({ stock: 0 });
    await subscribe(form(other.id, "jan@example.com"));
    const old = await confirmationToken("jan@example.com");
    setClock(at(3 * DAY));
    await subscribe(form(other.id, "jan@example.com"));
    setClock(at(HOUR + 7 * DAY + 1));
    expect(await confirmPage(old)).toMatchObject({
      status: 400,
      data: { message: stockAlertMessages.confirmExpired },
    });
    expect(await confirm(old)).toMatchObject({
      status: 400,
      data: { message: stockAlertMessages.confirmExpired },
    });
    expect(await confirm(await confirmationToken("jan@example.com"))).toMatchObject({ status: 200 });
  });

  it("after the notice went out the unsubscribe page says so, not that the address waits", async () => {
    const product = await makeProduct({ stock: 0 });
    await subscribeConfirmed(product.id, "ola@example.com");
    await setProductStock(product.id, 1);
    expect(await drainNotifier()).toBe(1);
    const page = await unsubscribePage(await noticeUnsubscribeToken("ola@example.com"));
    expect(page).toMatchObject({ status: 200, data: { status: "ready", notified: true } });
    expect(stockAlertMessages.noticeSent).toMatch(/już wysłaliśmy/);
  });

  it("an unsubscribe link expires after a year and with the alert it came for; one-click POST still works before", async () => {
    const product = await makeProduct({ stock: 0 });
    await subscribeConfirmed(product.id, "ola@example.com");
    await subscribeConfirmed(product.id, "jan@example.com");
    await setProductStock(product.id, 1);
    expect(await drainNotifier()).toBe(2);
    const ola = await noticeUnsubscribeToken("ola@example.com");
    const jan = await noticeUnsubscribeToken("jan@example.com");
    // Keeps the shape the cross-site check lets through for the one-click POST.
    expect(ola).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

    // A year on: refused, changing nothing.
    setClock(at(366 * DAY));
    expect(await unsubscribePage(ola)).toMatchObject({ status: 400, data: { status: "expired" } });
    expect(await unsubscribePost(ola, "one-click")).toMatchObject({
      status: 400,
      data: { status: "expired" },
    });
    expect((await alerts()).every((row) => row.unsubscribedAt === null)).toBe(true);
    expect(stockAlertMessages.unsubscribeExpired).toMatch(/wygasł/);

    // Jan subscribes again (a new alert round): the old notice's link no longer speaks for it.
    setClock(at(DAY));
    await setProductStock(product.id, 0);
    await subscribeConfirmed(product.id, "jan@example.com");
    expect(await unsubscribePost(jan, "one-click")).toMatchObject({
      status: 400,
      data: { status: "expired" },
    });
    // Within the year, the one-click POST of the newest notice unsubscribes without a page.
    expect(await unsubscribePost(ola, "one-click")).toMatchObject({
      status: 200,
      data: { status: "unsubscribed" },
    });
    // A removed alert takes its link along.
    await db().delete(s.stockAlerts);
    expect(await unsubscribePage(ola)).toMatchObject({ status: 400, data: { status: "invalid" } });
  });
});
