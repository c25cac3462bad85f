/**
 * The contact form's action, called as React Router calls it, against a fresh database: valid messages
 * are stored with their notification queued in the same transaction; 1,000 generated bad inputs are
 * all answered 400 with a Polish message and nothing stored; the honeypot and the rate limit hold.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import { ENHANCED_FIELD, noticeOf } from "../../app/lib/form-contract";
import { requestContext } from "../../app/lib/request-context";
import { demoSite } from "../../app/lib/site";
import {
  allContactMessages,
  CONTACT_INTENT,
  contactMessages,
  contactSubjects,
  HONEYPOT_FIELD,
} from "../../app/modules/contact/contact.schema";
import { CONTACT_MAIL_KIND, CONTACT_RATE_LIMIT } from "../../app/modules/contact/contact.server";
import { processOutbox } from "../../app/modules/mail/outbox.server";
import { createFileTransport } from "../../app/modules/mail/transport.server";
import { action } from "../../app/routes/contact";
import { contactMessages as contactTable, mailOutbox, rateLimit } from "../../db/schema";
import { createTestDatabase, type TestDatabase, usingPostgres } from "../support/test-database";

let database: TestDatabase;

beforeAll(async () => {
  resetEnvCache();
  database = await createTestDatabase();
  setDatabase(database);
});
afterAll(async () => {
  setDatabase(undefined);
  await database?.dispose();
});
beforeEach(async () => {
  await database.db.delete(contactTable);
  await database.db.delete(mailOutbox);
  await database.db.delete(rateLimit);
});

type Value = string | Blob | string[];
type Fields = Record<string, Value | undefined>;

const valid = {
  name: "Ola Nowak",
  email: "ola@example.com",
  orderNumber: "#A1B2C3D4",
  subject: "complaint",
  message: "Bluza przyszła z rozprutym szwem.\nCo mogę zrobić?",
  gdpr: "on",
} satisfies Fields;

let ipCounter = 0;
/** A distinct client address per request unless one is given (rate limits are per client). */
function nextIp() {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

function contactRequest(
  fields: Fields,
  { ip = nextIp(), encoding = "multipart" as "multipart" | "urlencoded" } = {},
) {
  const headers = new Headers();
  fields = { intent: CONTACT_INTENT, ...fields };
  let body: BodyInit;
  if (encoding === "urlencoded") {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value])
        params.append(key, typeof item === "string" ? item : "plik");
    }
    body = params;
  } else {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
    }
    body = form;
  }
  const request = new Request("http://localhost:3000/contact", { method: "POST", headers, body });
  clientIps.set(request, ip);
  return request;
}

/** The client address of each request, handed to the action in its context as the server does. */
const clientIps = new WeakMap<Request, string>();

type ActionAnswer = {
  status: number;
  headers: Headers;
  data: {
    result: {
      status?: string;
      error?: Record<string, string[] | null>;
      initialValue?: Record<string, unknown> | null;
    };
    ok: boolean;
    message: string;
    title?: string;
  };
};

/** Runs the route's action and unwraps React Router's `data()` answer. */
async function submit(request: Request): Promise<ActionAnswer> {
  const answer = (await action({
    request,
    params: {},
    context: requestContext({ clientIp: clientIps.get(request) ?? nextIp() }),
  } as never)) as unknown as {
    data: ActionAnswer["data"];
    init: ResponseInit | null;
  };
  return {
    status: answer.init?.status ?? 200,
    headers: new Headers(answer.init?.headers),
    data: answer.data,
  };
}

async function stored() {
  const [messages] = await database.db.select({ n: count() }).from(contactTable);
  const [mails] = await database.db.select({ n: count() }).from(mailOutbox);
  return { messages: messages.n, mails: mails.n };
}

/** Every message in an answer, field-level and form-level. */
function messagesOf(answer: ActionAnswer): string[] {
  const fieldMessages = Object.values(answer.data.result?.error ?? {}).flatMap((list) => list ?? []);
  return [...fieldMessages, ...(answer.data.message ? [answer.data.message] : [])];
}

describe(`contact action on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("stores a valid message and queues its notification to the brand mailbox", async () => {
    const answer = await submit(contactRequest({ ...valid, name: "  Ola Nowak  " }));
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      ok: true,
      title: contactMessages.successTitle,
      message: contactMessages.successDescription,
    });
    // The form is reset.
    expect(answer.data.result.initialValue ?? null).toBeNull();

    const [row] = await database.db.select().from(contactTable);
    expect(row).toMatchObject({
      name: "Ola Nowak",
      email: "ola@example.com",
      orderNumber: "#A1B2C3D4",
      subject: "complaint",
      message: valid.message,
    });
    const [mail] = await database.db.select().from(mailOutbox);
    expect(mail).toMatchObject({
      kind: CONTACT_MAIL_KIND,
      to: demoSite.email,
      replyTo: "ola@example.com",
      status: "pending",
    });
    expect(mail.subject).toBe("Formularz kontaktowy: Reklamacja (Ola Nowak)");
    expect(mail.text).toContain("Bluza przyszła z rozprutym szwem.");
    expect(mail.text).toContain("E-mail: ola@example.com");
    expect(mail.text).toContain("Nr zamówienia: #A1B2C3D4");
    expect(mail.html).toContain("Nowa wiadomość z formularza kontaktowego");
    expect(mail.html).toContain("mailto:ola@example.com");
    // Contents are escaped in the HTML part.
    const tricky = await submit(contactRequest({ ...valid, message: "<script>alert(1)</script> & więcej" }));
    expect(tricky.status).toBe(200);
    const mails = await database.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);
    expect(mails[1].html).not.toContain("<script>alert(1)</script>");
    expect(mails[1].html).toContain("&lt;script&gt;");
  });

  it("accepts the form without an order number (stored as null) and url-encoded bodies", async () => {
    const answer = await submit(contactRequest({ ...valid, orderNumber: "" }, { encoding: "urlencoded" }));
    expect(answer.status).toBe(200);
    const [row] = await database.db.select().from(contactTable);
    expect(row.orderNumber).toBeNull();
  });

  it("answers 1,000 generated bad inputs with 400 and a Polish message, storing nothing", async () => {
    const text = (min: number, max: number) =>
      fc.string({ unit: "grapheme", minLength: min, maxLength: max });
    const control = fc.constantFrom("\u0000", "\u0007", "\u001b", "\u007f", "\u0085");
    const file = fc.constant(new Blob(["not a text field"], { type: "application/octet-stream" }));
    const twice = (value: string) => [value, value];

    const good = {
      name: fc.constantFrom("Ola", "Jan Kowalski", "Żaneta Łęcka-Źródło", "DJ K8"),
      email: fc.constantFrom("ola@example.com", "jan.kowalski@poczta.example", "a@b.pl"),
      orderNumber: fc.option(fc.constantFrom("#A1B2C3D4", "12345"), { nil: undefined }),
      subject: fc.constantFrom(...contactSubjects),
      message: fc.constantFrom("Dzień dobry, mam pytanie o rozmiar M.", "x".repeat(10), "y".repeat(1000)),
      gdpr: fc.constant("on"),
    };
    const bad: Record<keyof typeof good, fc.Arbitrary<Value | undefined>> = {
      name: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom("", " ", "A", " B ", "\t\n"),
        text(101, 160),
        fc.tuple(text(2, 20), control).map(([value, c]) => `${value}${c}x`),
        file,
        fc.constant(twice("Ola Nowak")),
      ),
      email: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom(
          "",
          "ola",
          "ola@",
          "@example.com",
          "ola nowak@example.com",
          "ola@example",
          "<ola@example.com>",
        ),
        text(1, 40).filter((value) => !value.includes("@")),
        fc.constant(`${"a".repeat(250)}@example.com`),
        file,
        fc.constant(twice("ola@example.com")),
      ),
      orderNumber: fc.oneof(
        text(51, 80),
        fc.tuple(text(1, 10), control).map(([value, c]) => value + c),
        file,
      ),
      subject: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom("", "PRODUCT", "spam", "toString", "__proto__", " order"),
        text(1, 20).filter((value) => !(contactSubjects as readonly string[]).includes(value)),
        fc.constant(twice("order")),
      ),
      message: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom("", "krótko", "         x         ", "\r\n\r\n\r\n\r\n\r\nabc"),
        fc.string({ maxLength: 9 }),
        text(1001, 1100),
        fc.tuple(text(10, 50), control).map(([value, c]) => value + c),
        file,
      ),
      gdpr: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom("", "off", "false", "true", "0", "ON", "yes"),
        file,
      ),
    };
    const fieldNames = Object.keys(good) as (keyof typeof good)[];

    const badInput = fc
      .tuple(
        fc.subarray(fieldNames, { minLength: 1 }),
        fc.record(good),
        fc.record(bad),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 20 }), {
          maxKeys: 3,
        }),
        fc.constantFrom("multipart", "urlencoded") as fc.Arbitrary<"multipart" | "urlencoded">,
      )
      .map(([broken, goodValues, badValues, extra, encoding]) => {
        const fields: Fields = { ...extra };
        for (const name of fieldNames)
          fields[name] = broken.includes(name) ? badValues[name] : goodValues[name];
        // The honeypot stays empty: these are bad inputs from people, not bots.
        delete fields[HONEYPOT_FIELD];
        // A file cannot travel url-encoded.
        const hasFile = Object.values(fields).some((value) => value instanceof Blob);
        return { fields, encoding: hasFile ? ("multipart" as const) : encoding };
      });

    let runs = 0;
    await fc.assert(
      fc.asyncProperty(badInput, async ({ fields, encoding }) => {
        runs += 1;
        const answer = await submit(contactRequest(fields, { encoding }));
        expect(answer.status, JSON.stringify(fields).slice(0, 300)).toBe(400);
        const messages = messagesOf(answer);
        expect(messages.length).toBeGreaterThan(0);
        for (const message of messages) expect(allContactMessages, message).toContain(message);
      }),
      { numRuns: 1000 },
    );
    expect(runs).toBeGreaterThanOrEqual(1000);
    expect(await stored()).toEqual({ messages: 0, mails: 0 });
  }, 120_000);

  it("keeps every typed value in a rejection so the form can show them again", async () => {
    const answer = await submit(contactRequest({ ...valid, name: "A", message: "za krótko" }));
    expect(answer.status).toBe(400);
    expect(answer.data.message).toBe(contactMessages.invalid);
    expect(answer.data.result.error).toMatchObject({
      name: [contactMessages.nameMin],
      message: [contactMessages.messageMin],
    });
    expect(answer.data.result.initialValue).toMatchObject({
      name: "A",
      email: valid.email,
      orderNumber: valid.orderNumber,
      subject: valid.subject,
      message: "za krótko",
      gdpr: "on",
    });
  });

  it("refuses a filled honeypot without storing anything", async () => {
    const answer = await submit(contactRequest({ ...valid, [HONEYPOT_FIELD]: "https://spam.example" }));
    expect(answer.status).toBe(400);
    expect(messagesOf(answer)).toContain(contactMessages.failure);
    expect(await stored()).toEqual({ messages: 0, mails: 0 });
  });

  it("refuses unreadable and oversized requests with a Polish message", async () => {
    const garbage = new Request("http://localhost:3000/contact", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=nie-ma" },
      body: "to nie jest formularz",
    });
    const unreadable = await submit(garbage);
    expect(unreadable.status).toBe(400);
    expect(unreadable.data.message).toBe(contactMessages.failure);

    const huge = contactRequest({ ...valid, message: "x".repeat(40_000) }, { encoding: "urlencoded" });
    const oversized = await submit(
      new Request(huge, { headers: { ...Object.fromEntries(huge.headers), "content-length": "40100" } }),
    );
    expect(oversized.status).toBe(413);
    expect(oversized.data.message).toBe(contactMessages.failure);
    expect(await stored()).toEqual({ messages: 0, mails: 0 });
  });

  it(`rate-limits each client to ${CONTACT_RATE_LIMIT.limit} messages per window with a Polish 429`, async () => {
    const ip = "203.0.113.7";
    for (let n = 0; n < CONTACT_RATE_LIMIT.limit; n++) {
      expect((await submit(contactRequest(valid, { ip }))).status).toBe(200);
    }
    const limited = await submit(contactRequest({ ...valid, message: "Jeszcze jedna wiadomość." }, { ip }));
    expect(limited.status).toBe(429);
    expect(limited.data.message).toMatch(/^Wysłano zbyt wiele wiadomości\. Spróbuj ponownie za \d+ min\.$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // What was typed is kept.
    expect(limited.data.result.initialValue).toMatchObject({ message: "Jeszcze jedna wiadomość." });
    // Invalid submissions are refused for what they are and do not count.
    expect((await submit(contactRequest({ ...valid, name: "" }, { ip }))).status).toBe(400);
    // Another client is not affected; an IPv4-mapped IPv6 address is the same client.
    expect((await submit(contactRequest(valid, { ip: "203.0.113.8" }))).status).toBe(200);
    expect((await submit(contactRequest(valid, { ip: "::ffff:203.0.113.7" }))).status).toBe(429);
    expect(await stored()).toEqual({
      messages: CONTACT_RATE_LIMIT.limit + 1,
      mails: CONTACT_RATE_LIMIT.limit + 1,
    });
    const [counter] = await database.db
      .select()
      .from(rateLimit)
      .where(eq(rateLimit.key, `contact:${ip}`));
    expect(counter.count).toBe(CONTACT_RATE_LIMIT.limit + 2);
  });

  it("answers 503 with the failure message and the typed values when the database fails", async () => {
    const down = new Proxy(
      {},
      {
        get() {
          throw new Error("connection refused");
        },
      },
    );
    setDatabase({ ...database, db: down as never });
    try {
      const answer = await submit(contactRequest(valid));
      expect(answer.status).toBe(503);
      expect(answer.data.message).toBe(contactMessages.failure);
      expect(answer.data.result.error?.[""]).toEqual([contactMessages.failure]);
      expect(answer.data.result.initialValue).toMatchObject({ name: valid.name, email: valid.email });
      expect(String(answer.data.result.initialValue?.message).replace(/\r\n/g, "\n")).toBe(valid.message);
    } finally {
      setDatabase(database);
    }
  });
});

describe("a plain contact form (no scripts) and an enhanced one", () => {
  it("are answered alike, with data the page renders: the same message, the same status", async () => {
    for (const fields of [valid, { ...valid, name: "A" }]) {
      const plain = await submit(contactRequest(fields));
      const enhanced = await submit(contactRequest({ ...fields, [ENHANCED_FIELD]: "1" }));
      expect(enhanced.status).toBe(plain.status);
      expect(enhanced.data.message).toBe(plain.data.message);
      expect(enhanced.data.title).toBe(plain.data.title);
    }
    const sent = await submit(contactRequest(valid));
    expect(noticeOf(sent.data)).toEqual({
      kind: "success",
      title: "Wiadomość wysłana!",
      description: "Odpowiemy najszybciej jak to możliwe.",
    });
    const refused = await submit(contactRequest({ ...valid, name: "A" }));
    expect(refused.status).toBe(400);
    expect(noticeOf(refused.data)).toEqual({ kind: "error", title: contactMessages.invalid });
    // What was typed comes back for the form.
    expect(refused.data.result.initialValue).toMatchObject({ name: "A", email: valid.email });
  });
});

describe("a sent message reaches the brand mailbox (moved from e2e contact.test.ts)", () => {
  it("stores the message as typed in a browser (CRLF line breaks) and the outbox writes its notification as .eml", async () => {
    const answer = await submit(
      contactRequest({
        ...valid,
        subject: "order",
        message: "Pierwsza wiadomość z testu.\r\nDruga linia.",
      }),
    );
    expect(answer.status).toBe(200);
    const [row] = await database.db.select().from(contactTable);
    expect(row).toMatchObject({
      name: "Ola Nowak",
      email: "ola@example.com",
      orderNumber: "#A1B2C3D4",
      subject: "order",
      message: "Pierwsza wiadomość z testu.\nDruga linia.",
    });

    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-contact-mail-"));
    try {
      const round = await processOutbox({
        transport: createFileTransport(directory, `"NOKTURN" <${demoSite.email}>`),
      });
      expect(round).toMatchObject({ claimed: 1, sent: 1 });
      const [mail] = await database.db.select().from(mailOutbox);
      expect(mail).toMatchObject({
        kind: CONTACT_MAIL_KIND,
        to: demoSite.email,
        status: "sent",
        attempts: 1,
        subject: "Formularz kontaktowy: Zamówienie (Ola Nowak)",
      });
      const files = fs.readdirSync(directory).filter((file) => file.endsWith(".eml"));
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(directory, files[0]), "utf8");
      expect(eml).toMatch(/^To: kontakt@nokturn\.example$/m);
      expect(eml).toMatch(/^X-Mail-Kind: contact-notification$/m);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
