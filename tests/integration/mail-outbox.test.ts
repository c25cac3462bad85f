import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import {
  enqueueMail,
  kickOutbox,
  OUTBOX_DEFAULTS,
  processOutbox,
  retryDelayMs,
  startOutboxWorker,
  stopOutboxWorker,
} from "../../app/modules/mail/outbox.server";
import {
  createFileTransport,
  createSmtpTransport,
  type MailTransport,
  type OutgoingMail,
} from "../../app/modules/mail/transport.server";
import { mailOutbox } from "../../db/schema";
import { createTestDatabase, type TestDatabase, usingPostgres } from "../support/test-database";

let database: TestDatabase;

beforeAll(async () => {
  resetEnvCache();
  database = await createTestDatabase();
  setDatabase(database);
});
afterAll(async () => {
  await stopOutboxWorker();
  setDatabase(undefined);
  await database?.dispose();
});
afterEach(async () => {
  await database.db.delete(mailOutbox);
});

const message = (n: number) => ({
  kind: "test",
  to: `odbiorca${n}@example.com`,
  subject: `Wiadomość ${n}`,
  html: `<p>Treść ${n}</p>`,
  text: `Treść ${n}`,
});

/** A transport that records what it was asked to send and can fail on demand. */
function recordingTransport(fail: (mail: OutgoingMail, attempt: number) => boolean = () => false) {
  const sent: OutgoingMail[] = [];
  const tries = new Map<string, number>();
  const transport: MailTransport = {
    name: "memory",
    async send(mail) {
      const attempt = (tries.get(mail.id) ?? 0) + 1;
      tries.set(mail.id, attempt);
      if (fail(mail, attempt)) throw Object.assign(new Error("451 try again later"), { responseCode: 451 });
      sent.push(mail);
    },
    close() {},
  };
  return { transport, sent, tries };
}

/** Makes every pending row due now, as if its backoff had passed. */
async function makeDue() {
  await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
}

async function rows() {
  return database.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);
}

describe(`mail outbox on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("queues a message only when the transaction of its cause commits", async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, message(1));
        throw new Error("the cause failed");
      })
      .catch(() => {});
    expect(await rows()).toHaveLength(0);

    await database.db.transaction(async (tx) => {
      await enqueueMail(tx, { ...message(2), subject: "Linia 1\r\nBcc: ktos@example.com" });
    });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 0, to: "odbiorca2@example.com" });
    expect(row.subject).toBe("Linia 1 Bcc: ktos@example.com");
  });

  it("sends due messages in order and marks them sent", async () => {
    for (const n of [1, 2, 3]) await enqueueMail(database.db, message(n));
    const { transport, sent } = recordingTransport();
    const round = await processOutbox({ transport });
    expect(round).toMatchObject({ claimed: 3, sent: 3, retrying: 0, failed: 0 });
    expect(sent.map((mail) => mail.subject)).toEqual(["Wiadomość 1", "Wiadomość 2", "Wiadomość 3"]);
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    // Nothing is sent twice.
    expect((await processOutbox({ transport })).claimed).toBe(0);
    expect(sent).toHaveLength(3);
  });

  it("records a failure, retries after a backoff, and gives up after the maximum attempts", async () => {
    await enqueueMail(database.db, message(1));
    const { transport } = recordingTransport(() => true);
    const before = Date.now();
    const round = await processOutbox({ transport, random: () => 0.5 });
    expect(round).toMatchObject({ claimed: 1, retrying: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(row.lastError).toContain("451 try again later");
    // Not due again before the backoff (1 minute for the first failure).
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(
      before + OUTBOX_DEFAULTS.backoffBaseMs - 5_000,
    );
    expect((await processOutbox({ transport })).claimed).toBe(0);

    for (let attempt = 2; attempt <= 3; attempt++) {
      await makeDue();
      await processOutbox({ transport, maxAttempts: 3 });
    }
    [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    await makeDue();
    expect((await processOutbox({ transport, maxAttempts: 3 })).claimed).toBe(0);
  });

  it("backs off exponentially with a cap and jitter", () => {
    const base = { backoffBaseMs: 60_000, backoffMaxMs: 3_600_000 };
    const mid = () => 0.5;
    expect(retryDelayMs(1, base, mid)).toBe(60_000);
    expect(retryDelayMs(2, base, mid)).toBe(120_000);
    expect(retryDelayMs(5, base, mid)).toBe(960_000);
    expect(retryDelayMs(9, base, mid)).toBe(3_600_000);
    expect(retryDelayMs(100, base, mid)).toBe(3_600_000);
    expect(retryDelayMs(1, base, () => 0)).toBe(54_000);
    expect(retryDelayMs(1, base, () => 0.999_999)).toBeLessThanOrEqual(66_000);
  });

  it("leaves rows another worker holds, and takes them over once that worker's lease expired", async () => {
    await enqueueMail(database.db, message(1));
    // Another instance claimed it and is (or was) sending.
    await database.db.update(mailOutbox).set({ lockedUntil: sql`now() + interval '5 minutes'` });
    const { transport, sent } = recordingTransport();
    expect((await processOutbox({ transport })).claimed).toBe(0);
    // That instance crashed: its lease runs out and the message is not lost.
    await database.db.update(mailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect((await processOutbox({ transport })).sent).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it("never sends a message twice when several workers run at once", async () => {
    for (let n = 0; n < 30; n++) await enqueueMail(database.db, message(n));
    const { transport, sent } = recordingTransport();
    const rounds = await Promise.all(
      Array.from({ length: 4 }, () => processOutbox({ transport, batchSize: 5 })),
    );
    // Drain whatever the concurrent rounds left.
    while ((await processOutbox({ transport, batchSize: 5 })).claimed > 0) {}
    const ids = sent.map((mail) => mail.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(30);
    expect(rounds.reduce((sum, round) => sum + round.claimed, 0)).toBeLessThanOrEqual(20);
    expect((await rows()).every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("survives an SMTP outage: nothing lost, each message delivered once", async () => {
    const received: { messageId: string; to: string[]; raw: string }[] = [];
    let outage = true;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (outage) {
          callback(Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        let raw = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => {
          raw += chunk;
        });
        stream.on("end", () => {
          const messageId = /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? "";
          received.push({ messageId, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, '"NOKTURN" <kontakt@nokturn.example>');
    try {
      for (const n of [1, 2, 3])
        await enqueueMail(database.db, { ...message(n), subject: `Zażółć gęślą jaźń ${n}` });

      // The server refuses: every message records the failure and stays queued.
      expect(await processOutbox({ transport })).toMatchObject({ claimed: 3, sent: 0, retrying: 3 });
      await makeDue();
      expect(await processOutbox({ transport })).toMatchObject({ claimed: 3, sent: 0, retrying: 3 });
      let queued = await rows();
      expect(queued.every((row) => row.status === "pending" && row.attempts === 2)).toBe(true);
      expect(queued.every((row) => /451/.test(row.lastError ?? ""))).toBe(true);
      expect(received).toHaveLength(0);

      // The server recovers: everything goes out exactly once.
      outage = false;
      await makeDue();
      expect(await processOutbox({ transport })).toMatchObject({ claimed: 3, sent: 3 });
      await makeDue();
      expect((await processOutbox({ transport })).claimed).toBe(0);

      queued = await rows();
      expect(queued.every((row) => row.status === "sent" && row.attempts === 3)).toBe(true);
      expect(received).toHaveLength(3);
      expect(new Set(received.map((mail) => mail.messageId)).size).toBe(3);
      for (const row of queued) {
        const copy = received.filter((mail) => mail.messageId === `<${row.id}@nokturn.example>`);
        expect(copy).toHaveLength(1);
        expect(copy[0].to).toEqual([row.to]);
        expect(copy[0].raw).toMatch(/^Subject: .+$/m);
        expect(copy[0].raw).toMatch(/^X-Mail-Kind: test$/m);
      }
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("runs as a background worker that a kick wakes up, and stops cleanly", async () => {
    const { transport, sent } = recordingTransport();
    startOutboxWorker({ transport, intervalMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await enqueueMail(database.db, message(1));
    kickOutbox();
    await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(1);
    await stopOutboxWorker();
    await enqueueMail(database.db, message(2));
    kickOutbox();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toHaveLength(1);
    const [, second] = await rows();
    expect(second.status).toBe("pending");
  });
});

describe(`outbox headers and rate on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  const listHeaders = {
    "List-Unsubscribe":
      "<http://localhost:3000/powiadom-mnie/wypisz/0b6f1c9e-2a4d-4f7e-9a51-3c2d1e0f9a8b.podpis>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };

  it("stores a message's list headers and the SMTP message carries them", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        let raw = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => {
          raw += chunk;
        });
        stream.on("end", () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, '"NOKTURN" <kontakt@nokturn.example>');
    try {
      await enqueueMail(database.db, { ...message(1), kind: "stock-notice", headers: listHeaders });
      await enqueueMail(database.db, message(2));
      const [row] = await rows();
      expect(row.headers).toEqual(listHeaders);
      expect(await processOutbox({ transport })).toMatchObject({ claimed: 2, sent: 2 });
      expect(received).toHaveLength(2);
      // Header lines as the recipient's server reads them (long ones folded onto the next line).
      const unfolded = (raw: string) => raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
      const notice = received.map(unfolded).find((head) => head.includes("X-Mail-Kind: stock-notice"));
      expect(notice).toBeDefined();
      expect(notice).toMatch(
        /^List-Unsubscribe: <http:\/\/localhost:3000\/powiadom-mnie\/wypisz\/0b6f1c9e-2a4d-4f7e-9a51-3c2d1e0f9a8b\.podpis>$/m,
      );
      expect(notice).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      const plain = received.map(unfolded).find((head) => head.includes("X-Mail-Kind: test"));
      expect(plain).not.toMatch(/^List-Unsubscribe/m);
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("refuses a header that could replace the sender, the recipients or another header", async () => {
    const refused: Record<string, string>[] = [
      { From: "ktos@example.com" },
      { Bcc: "ktos@example.com" },
      { "X-Mail-Kind\r\nBcc": "ktos@example.com" },
      { "List-Unsubscribe": "<https://x>\r\nBcc: ktos@example.com" },
    ];
    for (const headers of refused) {
      await expect(
        enqueueMail(database.db, { ...message(1), headers }),
        JSON.stringify(headers),
      ).rejects.toThrow(/enqueueMail/);
    }
    expect(await rows()).toHaveLength(0);
  });

  it("sends at most maxPerMinute messages per minute across rounds and workers", async () => {
    for (let n = 0; n < 8; n++) await enqueueMail(database.db, message(n));
    const { transport, sent } = recordingTransport();
    const rounds = await Promise.all([
      processOutbox({ transport, maxPerMinute: 5 }),
      processOutbox({ transport, maxPerMinute: 5 }),
    ]);
    expect(rounds.reduce((sum, round) => sum + round.claimed, 0)).toBe(5);
    expect((await processOutbox({ transport, maxPerMinute: 5 })).claimed).toBe(0);
    expect(sent).toHaveLength(5);
    // A minute later there is room again.
    await database.db
      .update(mailOutbox)
      .set({ sentAt: sql`now() - interval '61 seconds'` })
      .where(eq(mailOutbox.status, "sent"));
    expect((await processOutbox({ transport, maxPerMinute: 5 })).claimed).toBe(3);
    expect(new Set(sent.map((mail) => mail.id)).size).toBe(8);
  });

  it("sends list mail (stock notices) after the transactional mail that is due", async () => {
    for (let n = 0; n < 3; n++) {
      await enqueueMail(database.db, { ...message(n), kind: "stock-notice", headers: listHeaders });
    }
    await enqueueMail(database.db, { ...message(9), kind: "order-confirmation" });
    const { transport, sent } = recordingTransport();
    expect((await processOutbox({ transport, batchSize: 2 })).claimed).toBe(2);
    expect(sent.map((mail) => mail.kind)).toEqual(["order-confirmation", "stock-notice"]);
    expect(sent[1].headers).toEqual(listHeaders);
  });
});

describe("file transport", () => {
  it("writes each message as an .eml file with both parts", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-mail-"));
    try {
      const transport = createFileTransport(directory, '"NOKTURN" <kontakt@nokturn.example>');
      await transport.send({
        id: "7d0b3a3e-0000-4000-8000-000000000001",
        kind: "contact-notification",
        to: "kontakt@nokturn.example",
        subject: "Formularz kontaktowy: Reklamacja (Łucja)",
        html: "<p>Cześć <b>NOKTURN</b></p>",
        text: "Cześć NOKTURN",
      });
      const files = fs.readdirSync(directory);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/-contact-notification-7d0b3a3e-0000-4000-8000-000000000001\.eml$/);
      const raw = fs.readFileSync(path.join(directory, files[0]), "utf8");
      expect(raw).toMatch(/^Message-ID: <7d0b3a3e-0000-4000-8000-000000000001@nokturn\.example>$/m);
      expect(raw).toMatch(/^To: kontakt@nokturn\.example$/m);
      expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(raw).toContain("Content-Type: text/plain; charset=utf-8");
      expect(raw).toContain("Content-Type: text/html; charset=utf-8");
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe("outbox claims", () => {
  it("only claims pending rows", async () => {
    const id = await enqueueMail(database.db, message(1));
    await database.db.update(mailOutbox).set({ status: "failed" }).where(eq(mailOutbox.id, id));
    const { transport } = recordingTransport();
    expect((await processOutbox({ transport })).claimed).toBe(0);
  });
});
