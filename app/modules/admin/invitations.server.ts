/**
 * Invitations in the admin panel (SPEC §7 invitations read and send-invitation): the list, newest
 * first, and sending one — the row and its e-mail (in the outbox) are written in one transaction, so
 * an invitation exists exactly when its e-mail will go out. One open invitation per address: a new
 * one retires the earlier pending links. Callers check the admin role first.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { MAIL_KINDS, renderInvitationEmail } from "~/emails/transactional.server";
import { db, type Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { invitationUrl, newInvitationToken } from "~/modules/accounts/invitations.server";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import * as s from "../../../db/schema";
import {
  INVITATION_VALID_DAYS,
  INVITATIONS_LIST_LIMIT,
  type InvitationRow,
  invitationMessages,
  type SendInvitationInput,
} from "./invitations.schema";

const DAY_MS = 86_400_000;

/** A refusal with a Polish reason (goes after 'Błąd wysyłania zaproszenia: '). */
export class AdminInvitationError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

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
 * caller other than tests ignores it). Refused when the address's account already holds the role.
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
    if (holder) throw new AdminInvitationError(invitationMessages.alreadyHasRole, 409);
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
