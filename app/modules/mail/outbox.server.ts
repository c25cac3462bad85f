/**
 * The durable mail outbox. A message is written with `enqueueMail` in the same transaction as what
 * caused it (a contact message, an order…), so it exists exactly when its cause does. A worker sends
 * due rows, retrying with exponential backoff; an SMTP outage delays mail, never loses it. Several
 * instances can run the worker against one database: a row is claimed with `FOR UPDATE SKIP LOCKED`
 * plus a lease (`locked_until`), so it is sent by one of them, and a crashed instance's lease expires.
 *
 * Sending is capped per minute for all instances together (SMTP_MAX_PER_MINUTE: a provider limits the
 * account, not the machine), and list mail (a stock notice, with List-Unsubscribe) yields to
 * transactional mail, so a drop's thousand notices never hold back an order confirmation.
 */
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { mailOutbox } from "../../../db/schema";
import { attachmentFiles } from "./attachments.server";
import { createTransportFromEnv, type MailInput, type MailTransport } from "./transport.server";

export type { MailInput } from "./transport.server";

export const OUTBOX_DEFAULTS = {
  /** Rows claimed per round. */
  batchSize: 10,
  /** How long a claim lasts; an instance that dies mid-send frees its rows after this. */
  leaseMs: 5 * 60_000,
  /** Upper bound of one SMTP attempt (connection + greeting + socket timeouts of the transport). */
  maxSendMs: 90_000,
  /** After this many failed attempts a message is marked `failed` (kept, never deleted). */
  maxAttempts: 10,
  /** First retry after 1 minute, doubling up to 1 hour: about 5 hours of retries in all. */
  backoffBaseMs: 60_000,
  backoffMaxMs: 60 * 60_000,
  /** How often the worker looks for due rows when nothing kicks it. */
  intervalMs: 15_000,
};

export type OutboxOptions = Partial<typeof OUTBOX_DEFAULTS> & {
  /** Messages all instances may hand to SMTP per minute; SMTP_MAX_PER_MINUTE when not given. */
  maxPerMinute?: number;
  transport?: MailTransport;
  database?: Executor;
  /** Source of jitter in [0, 1); tests pass a constant. */
  random?: () => number;
};

/** Queues a message. Pass the transaction of its cause; the worker sends it after commit. */
export async function enqueueMail(executor: Executor, mail: MailInput): Promise<string> {
  const to = mail.to.trim();
  if (!to || /[\r\n]/.test(to)) throw new Error("enqueueMail: invalid recipient");
  const headers = mail.headers && Object.keys(mail.headers).length > 0 ? checkedHeaders(mail.headers) : null;
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      to,
      replyTo: mail.replyTo && !/[\r\n]/.test(mail.replyTo) ? mail.replyTo.trim() : null,
      // Header values are single lines.
      subject: mail.subject.replace(/[\r\n]+/g, " ").trim(),
      headers,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments?.length ? mail.attachments : null,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

/**
 * Extra headers are list headers (RFC 2369, RFC 8058) or private X- ones, one line each: never one that
 * could replace the sender, the recipients or the subject, or smuggle in another header.
 */
function checkedHeaders(headers: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^(List|X)-[A-Za-z0-9-]+$/i.test(name)) throw new Error(`enqueueMail: header ${name} not allowed`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a header value is one line of text
    if (/[\u0000-\u001f\u007f]/.test(value)) throw new Error(`enqueueMail: invalid value of ${name}`);
  }
  return headers;
}

/**
 * Delay before the next attempt after `failedAttempts` failures: base·2^(n−1), capped, with ±10 %
 * jitter so instances retrying together spread out.
 */
export function retryDelayMs(
  failedAttempts: number,
  { backoffBaseMs = OUTBOX_DEFAULTS.backoffBaseMs, backoffMaxMs = OUTBOX_DEFAULTS.backoffMaxMs } = {},
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, failedAttempts - 1);
  const delay = Math.min(backoffMaxMs, backoffBaseMs * 2 ** Math.min(exponent, 30));
  return Math.round(delay * (0.9 + 0.2 * random()));
}

function errorText(error: unknown): string {
  const base = error instanceof Error ? error.message : String(error);
  const code = (error as { responseCode?: number; code?: string } | null) ?? {};
  const detail = [code.code, code.responseCode].filter(Boolean).join(" ");
  return (detail ? `${detail}: ${base}` : base).slice(0, 1000);
}

type ClaimedRow = typeof mailOutbox.$inferSelect;

/** Any fixed number: the claims of every instance take turns, so the rate cap holds for all of them. */
const CLAIM_LOCK_ID = 7_240_118;

/**
 * Claims up to `limit` due rows for this worker (a lease of `leaseMs`), fewer when the last minute's
 * sends and the rows other workers hold already reach `maxPerMinute`.
 */
async function claimDue(
  database: Executor,
  { limit, leaseMs, maxPerMinute }: { limit: number; leaseMs: number; maxPerMinute: number },
): Promise<ClaimedRow[]> {
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_ID})`);
    const [{ used }] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(
        or(
          gt(mailOutbox.sentAt, sql`now() - interval '1 minute'`),
          and(eq(mailOutbox.status, "pending"), gt(mailOutbox.lockedUntil, sql`now()`)),
        ),
      );
    const room = Math.min(limit, maxPerMinute - used);
    if (room <= 0) return [];
    // The ids are read first and the update names them: inside `in (…)` a `limit … skip locked`
    // subquery may be run again by the plan PostgreSQL picks once the table has statistics, and then
    // claim more rows than the limit (the rate test saw 8 for 5 on a busy machine).
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, "pending"),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      // List mail (it has List-Unsubscribe) after everything else that is due.
      .orderBy(sql`(${mailOutbox.headers} ->> 'List-Unsubscribe') is not null`, asc(mailOutbox.seq))
      .limit(room)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() + (${leaseMs} * interval '1 millisecond')` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    const list = (row: ClaimedRow) => (row.headers?.["List-Unsubscribe"] ? 1 : 0);
    return rows.sort((a, b) => list(a) - list(b) || a.seq - b.seq);
  });
}

export type OutboxRound = {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  released: number;
};

/**
 * One round: claims due messages, sends them in order, and records the outcome of each. Never throws
 * for a failed send (the row records it); throws only if the database itself fails.
 */
export async function processOutbox(options: OutboxOptions = {}): Promise<OutboxRound> {
  const settings = { ...OUTBOX_DEFAULTS, ...options };
  const database = options.database ?? db();
  const transport = options.transport ?? getWorkerTransport();
  const random = options.random ?? Math.random;
  const round: OutboxRound = { claimed: 0, sent: 0, retrying: 0, failed: 0, released: 0 };

  const claimedAt = Date.now();
  const rows = await claimDue(database, {
    limit: settings.batchSize,
    leaseMs: settings.leaseMs,
    maxPerMinute: options.maxPerMinute ?? env().SMTP_MAX_PER_MINUTE,
  });
  round.claimed = rows.length;

  for (const [index, row] of rows.entries()) {
    // Never start a send that could outlive the lease: another instance could claim the row meanwhile.
    if (Date.now() - claimedAt + settings.maxSendMs > settings.leaseMs) {
      const rest = rows.slice(index).map((r) => r.id);
      await database.update(mailOutbox).set({ lockedUntil: null }).where(inArray(mailOutbox.id, rest));
      round.released = rest.length;
      break;
    }
    try {
      await transport.send({
        id: row.id,
        kind: row.kind,
        to: row.to,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: row.headers ?? undefined,
        files: await attachmentFiles(row.attachments, database),
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= settings.maxAttempts;
      const delay = retryDelayMs(attempts, settings, random);
      await database
        .update(mailOutbox)
        .set({
          attempts,
          lastError: errorText(error),
          lockedUntil: null,
          status: giveUp ? "failed" : "pending",
          nextAttemptAt: giveUp ? sql`now()` : sql`now() + (${delay} * interval '1 millisecond')`,
        })
        .where(eq(mailOutbox.id, row.id));
      if (giveUp) {
        round.failed += 1;
        logger.error({ mailId: row.id, kind: row.kind, attempts, err: error }, "mail failed permanently");
      } else {
        round.retrying += 1;
        logger.warn(
          { mailId: row.id, kind: row.kind, attempts, retryInMs: delay, err: error },
          "mail send failed",
        );
      }
      continue;
    }
    await database
      .update(mailOutbox)
      .set({
        status: "sent",
        sentAt: sql`now()`,
        attempts: row.attempts + 1,
        lockedUntil: null,
        lastError: null,
      })
      .where(eq(mailOutbox.id, row.id));
    round.sent += 1;
    logger.info({ mailId: row.id, kind: row.kind, via: transport.name }, "mail sent");
  }
  return round;
}

// ---------------------------------------------------------------------------------------------
// The worker: an interval timer (unref'd, so it never keeps the process alive) plus kicks after
// enqueues. State lives on globalThis so development reloads and both module graphs share it.
// ---------------------------------------------------------------------------------------------

type WorkerState = {
  options: OutboxOptions;
  transport: MailTransport;
  timer: ReturnType<typeof setInterval>;
  running: Promise<void> | null;
  again: boolean;
  stopping: boolean;
};

const holder = globalThis as typeof globalThis & { __nokturnOutbox?: WorkerState };

function getWorkerTransport(): MailTransport {
  return holder.__nokturnOutbox?.transport ?? createTransportFromEnv();
}

function runRound(state: WorkerState) {
  if (state.stopping) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = processOutbox({ ...state.options, transport: state.transport })
    .then((round) => {
      // A full batch means more may be due: go on at once.
      if (round.claimed > 0 && round.claimed >= (state.options.batchSize ?? OUTBOX_DEFAULTS.batchSize)) {
        state.again = true;
      }
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, "mail outbox round failed");
    })
    .finally(() => {
      state.running = null;
      if (state.again && !state.stopping) {
        state.again = false;
        runRound(state);
      }
    });
}

/** Starts sending queued mail in the background (idempotent). */
export function startOutboxWorker(options: OutboxOptions = {}) {
  if (holder.__nokturnOutbox) return;
  const intervalMs = options.intervalMs ?? OUTBOX_DEFAULTS.intervalMs;
  const state: WorkerState = {
    options,
    transport: options.transport ?? createTransportFromEnv(),
    timer: setInterval(() => runRound(state), intervalMs),
    running: null,
    again: false,
    stopping: false,
  };
  state.timer.unref();
  holder.__nokturnOutbox = state;
  logger.info({ via: state.transport.name }, "mail outbox worker started");
  // Mail queued before a restart goes out now, not after the first interval.
  runRound(state);
}

/** Asks the worker to look for due mail now (call after the enqueuing transaction committed). */
export function kickOutbox() {
  const state = holder.__nokturnOutbox;
  if (state) runRound(state);
}

/** Stops the worker and waits for a round in progress to finish. */
export async function stopOutboxWorker() {
  const state = holder.__nokturnOutbox;
  if (!state) return;
  state.stopping = true;
  clearInterval(state.timer);
  await state.running;
  state.transport.close();
  holder.__nokturnOutbox = undefined;
}
