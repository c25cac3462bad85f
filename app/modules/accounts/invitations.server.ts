/**
 * Invitations (SPEC §2 Invitations, §7 invitations read and send-invitation), both sides: the panel's
 * list and sending one — the row and its e-mail (in the outbox) are written in one transaction, so an
 * invitation exists exactly when its e-mail will go out, and a new one retires the address's earlier
 * pending links — and the invitee's single-use link (`/zaproszenie/<token>`, valid 7 days —
 * ARCHITECTURE): what it says when used, expired or unknown, and accepting it, which grants the role
 * to the signed-in account with the invited address and marks the invitation accepted in one
 * transaction. Only the SHA-256 of the token is stored.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { MAIL_KINDS, renderInvitationEmail } from "~/emails/transactional.server";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { intent } from "~/lib/form-action.server";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import * as s from "../../../db/schema";
import {
  INVITATION_VALID_DAYS,
  INVITATIONS_LIST_LIMIT,
  type InvitationProblem,
  type InvitationRow,
  invitationAcceptMessages,
  invitationMessages,
  invitationProblems,
  type SendInvitationInput,
  sendInvitationSchema,
} from "./invitations.schema";

export { type InvitationProblem, invitationAcceptMessages, invitationProblems };

export function hashInvitationToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh token (256 bits) and its hash. */
export function newInvitationToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export function invitationUrl(token: string) {
  return `${env().siteUrl}/zaproszenie/${encodeURIComponent(token)}`;
}

/** Tokens we hand out are 43 base64url characters; anything else is not worth a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export type OpenInvitation = { id: string; email: string; role: s.Role; expiresAt: Date };

export type InvitationLookup =
  | { state: "valid"; invitation: OpenInvitation }
  | { state: InvitationProblem; invitation: null };

type InvitationRecord = typeof s.invitations.$inferSelect;

function stateOf(row: InvitationRecord | undefined, now: Date): InvitationLookup["state"] {
  if (!row) return "unknown";
  if (row.status === "accepted") return "used";
  if (row.status === "expired" || row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

/** What a link stands for: an open invitation, or why it cannot be used. */
export async function findInvitation(
  token: string | undefined | null,
  executor: Executor = db(),
  now: Date = new Date(),
): Promise<InvitationLookup> {
  if (!token || !TOKEN_PATTERN.test(token)) return { state: "unknown", invitation: null };
  const [row] = await executor
    .select()
    .from(s.invitations)
    .where(eq(s.invitations.tokenHash, hashInvitationToken(token)));
  const state = stateOf(row, now);
  if (state !== "valid" || !row) return { state: state === "valid" ? "unknown" : state, invitation: null };
  return {
    state: "valid",
    invitation: { id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt },
  };
}

// ---------------------------------------------------------------------------------------------------
// The panel's side (callers check the admin role first)
// ---------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** The newest invitations and how many there are in all. */
export async function listInvitations(
  executor: Executor = db(),
): Promise<{ invitations: InvitationRow[]; total: number }> {
  const [{ total }] = await executor.select({ total: count() }).from(s.invitations);
  const invitations = await executor
    .select({
      id: s.invitations.id,
      email: s.invitations.email,
      role: s.invitations.role,
      status: s.invitations.status,
      createdAt: s.invitations.createdAt,
      expiresAt: s.invitations.expiresAt,
      acceptedAt: s.invitations.acceptedAt,
    })
    .from(s.invitations)
    .orderBy(desc(s.invitations.createdAt), desc(s.invitations.id))
    .limit(INVITATIONS_LIST_LIMIT);
  return { invitations, total };
}

/**
 * Creates the invitation and queues its e-mail. Returns the token too (it is stored only hashed; the
 * caller other than tests ignores it). Refused (DomainError 409) when the address's account already
 * holds the role.
 */
export async function createInvitation(
  input: SendInvitationInput & { invitedBy: string | null },
  executor: Executor = db(),
  now: Date = new Date(),
) {
  const email = input.email.trim().toLowerCase();
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS);
  const mail = await renderInvitationEmail({
    site: env().site,
    email,
    role: input.role,
    acceptUrl: invitationUrl(token),
    expiresAt,
  });
  const row = await executor.transaction(async (tx) => {
    const [holder] = await tx
      .select({ userId: s.userRoles.userId })
      .from(s.userRoles)
      .innerJoin(s.user, eq(s.user.id, s.userRoles.userId))
      .where(and(sql`lower(${s.user.email}) = ${email}`, eq(s.userRoles.role, input.role)))
      .limit(1);
    if (holder) throw new DomainError(invitationMessages.alreadyHasRole, 409);
    await tx
      .update(s.invitations)
      .set({ status: "expired" })
      .where(and(sql`lower(${s.invitations.email}) = ${email}`, eq(s.invitations.status, "pending")));
    const [created] = await tx
      .insert(s.invitations)
      .values({ email, role: input.role, tokenHash, invitedBy: input.invitedBy, createdAt: now, expiresAt })
      .returning({ id: s.invitations.id });
    await enqueueMail(tx, { kind: MAIL_KINDS.invitation, to: email, ...mail });
    return created;
  });
  kickOutbox();
  return { id: row.id, token, expiresAt };
}

/** The invitations tab's action (SPEC §8): sending one in the name of the signed-in admin `invitedBy`. */
export function invitationIntents(invitedBy: string) {
  return {
    send: intent({
      schema: sendInvitationSchema,
      failure: invitationMessages.unavailable,
      failureStatus: 503,
      run: async (value) => {
        await createInvitation({ ...value, invitedBy });
        return { message: invitationMessages.sent };
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------------
// The invitee's side
// ---------------------------------------------------------------------------------------------------

/** Why an invitation was not accepted; `status` is the HTTP status of the answer. */
export class InvitationError extends Error {
  constructor(
    readonly reason: InvitationProblem | "wrong-email",
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function sameEmail(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Accepts the invitation for `user` (the signed-in account): only with the invited address, only
 * once, only before it expires. Grants the role and marks the invitation accepted atomically.
 */
export async function acceptInvitation(
  token: string,
  user: { id: string; email: string },
  executor: Executor = db(),
): Promise<{ role: s.Role; email: string }> {
  if (!TOKEN_PATTERN.test(token)) {
    throw new InvitationError("unknown", invitationProblems.unknown.title, invitationProblems.unknown.status);
  }
  return executor.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(s.invitations)
      .where(eq(s.invitations.tokenHash, hashInvitationToken(token)))
      .for("update");
    const state = stateOf(row, new Date());
    if (state !== "valid" || !row) {
      const problem = state === "valid" ? "unknown" : state;
      throw new InvitationError(
        problem,
        invitationProblems[problem].title,
        invitationProblems[problem].status,
      );
    }
    if (!sameEmail(row.email, user.email)) {
      throw new InvitationError("wrong-email", invitationAcceptMessages.wrongEmail(row.email), 403);
    }
    await tx
      .update(s.invitations)
      .set({ status: "accepted", acceptedBy: user.id, acceptedAt: new Date() })
      .where(and(eq(s.invitations.id, row.id), eq(s.invitations.status, "pending")));
    await tx.insert(s.userRoles).values({ userId: user.id, role: row.role }).onConflictDoNothing();
    return { role: row.role, email: row.email };
  });
}
