/**
 * Joining a sold-out night's waiting list (issue #40): double opt-in as "Powiadom mnie"
 * (stock-alerts.server.ts) — a hashed, single-use confirmation link by e-mail, the same answer and the
 * same work whatever the address's state (the form never tells whether an address waits), limits per
 * address. The place in the queue is the first confirmation's time. The e-mail is made and queued by
 * the caller (this module sends no mail): `mail.render(token)` before the transaction, `mail.queue(tx,
 * rendered)` inside it.
 */
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { emailKey } from "~/lib/email-key";
import { checkRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { events, ticketWaitlist, ticketWaitlistConfirmations } from "../../../db/schema";
import { nightsForSale, sellsOnSite } from "./ticket-sale.server";
import { WAITLIST_CONFIRM_VALID_DAYS, WAITLIST_CONSENT_TEXT } from "./waitlist";
import { hashLinkToken, isLinkTokenShaped, newLinkToken } from "./waitlist-tokens.server";

export const WAITLIST_RATE_LIMITS = {
  perClient: { limit: 20, windowMs: 15 * 60_000 },
  /** Confirmation e-mails to one address: nobody floods a stranger's inbox through the form. */
  perAddress: { limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

const DAY_MS = 86_400_000;

function addressKey(key: string) {
  return `waitlist-email:${createHash("sha256").update(key).digest("base64url").slice(0, 32)}`;
}

export type WaitlistNight = { id: string; title: string; slug: string; startsAt: Date };

/** The night if its tickets sell on the site and are all gone now (the only time one can join). */
export async function soldOutNight(
  executor: Executor,
  eventId: string,
  now: Date,
): Promise<WaitlistNight | null> {
  const night = (await nightsForSale(executor, [eventId], now)).get(eventId);
  if (!night || !sellsOnSite(night.event, now) || !night.sale.soldOut) return null;
  const { id, title, slug, startsAt } = night.event;
  return { id, title, slug, startsAt };
}

export type WaitlistMail<M> = {
  render: (token: string, night: WaitlistNight) => Promise<M>;
  queue: (tx: Executor, mail: M) => Promise<unknown>;
};

/**
 * Records the entry and queues its confirmation e-mail in one transaction, the same work whatever the
 * entry's state: new or unconfirmed → (re)consented; confirmed and waiting → its place kept (only the
 * quantity may change); dropped (its offer lapsed) → armed again, to be confirmed again. Past the
 * address's limit nothing is written. Returns whether a confirmation was queued.
 */
export async function joinWaitlist<M>(
  input: { email: string; quantity: number },
  night: WaitlistNight,
  mail: WaitlistMail<M>,
  { now = new Date(), database = db() }: { now?: Date; database?: Executor } = {},
): Promise<boolean> {
  const key = emailKey(input.email);
  const limit = await checkRateLimit(addressKey(key), WAITLIST_RATE_LIMITS.perAddress, { database });
  const { token, hash } = newLinkToken();
  const rendered = await mail.render(token, night);
  return database.transaction(async (tx) => {
    const same = and(eq(ticketWaitlist.eventId, night.id), eq(ticketWaitlist.emailKey, key));
    const [existing] = await tx.select().from(ticketWaitlist).where(same).for("update");
    if (!limit.allowed) return false;
    const waiting = Boolean(existing?.confirmedAt && !existing.droppedAt);
    const armed = {
      email: input.email,
      quantity: input.quantity,
      consentText: WAITLIST_CONSENT_TEXT,
      consentedAt: now,
      confirmedAt: null,
      droppedAt: null,
    };
    let entryId: string;
    if (existing) {
      entryId = existing.id;
      await tx
        .update(ticketWaitlist)
        .set(
          waiting ? { quantity: input.quantity, updatedAt: sql`now()` } : { ...armed, updatedAt: sql`now()` },
        )
        .where(eq(ticketWaitlist.id, existing.id));
    } else {
      const [inserted] = await tx
        .insert(ticketWaitlist)
        .values({ eventId: night.id, emailKey: key, ...armed })
        .onConflictDoNothing()
        .returning({ id: ticketWaitlist.id });
      if (!inserted) return false;
      entryId = inserted.id;
    }
    const ofEntry = eq(ticketWaitlistConfirmations.entryId, entryId);
    const oldest = new Date(now.getTime() - WAITLIST_CONFIRM_VALID_DAYS * DAY_MS);
    await tx
      .delete(ticketWaitlistConfirmations)
      .where(existing?.droppedAt ? ofEntry : and(ofEntry, lt(ticketWaitlistConfirmations.createdAt, oldest)));
    await tx.insert(ticketWaitlistConfirmations).values({ tokenHash: hash, entryId, createdAt: now });
    await mail.queue(tx, rendered);
    return true;
  });
}

export type WaitlistConfirmOutcome =
  | { status: "ready" | "confirmed"; night: WaitlistNight }
  | { status: "invalid" | "expired"; night: null };

async function linkOf(executor: Executor, token: string, now: Date) {
  if (!isLinkTokenShaped(token)) return { status: "invalid" } as const;
  const [link] = await executor
    .select({
      entryId: ticketWaitlistConfirmations.entryId,
      createdAt: ticketWaitlistConfirmations.createdAt,
      night: { id: events.id, title: events.title, slug: events.slug, startsAt: events.startsAt },
    })
    .from(ticketWaitlistConfirmations)
    .innerJoin(ticketWaitlist, eq(ticketWaitlist.id, ticketWaitlistConfirmations.entryId))
    .innerJoin(events, eq(events.id, ticketWaitlist.eventId))
    .where(eq(ticketWaitlistConfirmations.tokenHash, hashLinkToken(token)));
  if (!link) return { status: "invalid" } as const;
  if (link.createdAt.getTime() <= now.getTime() - WAITLIST_CONFIRM_VALID_DAYS * DAY_MS) {
    return { status: "expired" } as const;
  }
  return { status: "found", ...link } as const;
}

/** What the confirmation page shows before its button (a GET confirms nothing: mail scanners open links). */
export async function findWaitlistConfirmation(
  token: string,
  { now = new Date(), database = db() }: { now?: Date; database?: Executor } = {},
): Promise<WaitlistConfirmOutcome> {
  const link = await linkOf(database, token, now);
  if (link.status !== "found") return { status: link.status, night: null };
  return { status: "ready", night: link.night };
}

/**
 * Confirms the entry of a link (the page's button), once: the link is deleted as it is used. The first
 * confirmation is the entry's place in the queue and stays.
 */
export async function confirmWaitlist(
  token: string,
  { now = new Date(), database = db() }: { now?: Date; database?: Executor } = {},
): Promise<WaitlistConfirmOutcome> {
  const link = await linkOf(database, token, now);
  if (link.status !== "found") return { status: link.status, night: null };
  const [used] = await database
    .delete(ticketWaitlistConfirmations)
    .where(eq(ticketWaitlistConfirmations.tokenHash, hashLinkToken(token)))
    .returning({ entryId: ticketWaitlistConfirmations.entryId });
  if (!used) return { status: "invalid", night: null };
  await database
    .update(ticketWaitlist)
    .set({
      confirmedAt: sql`coalesce(${ticketWaitlist.confirmedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(eq(ticketWaitlist.id, used.entryId));
  return { status: "confirmed", night: link.night };
}
