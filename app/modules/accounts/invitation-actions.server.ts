/**
 * The invitation page's forms (/zaproszenie/:token), for `handleAccountForm`: sign up or log in with
 * the invited address, or accept while already signed in with it. A different address is refused
 * before anyone is signed in. Accepted, the page shows its welcome view (`accepted`); a link that
 * stopped working meanwhile is refused with its own status (404, 410) and the page says why.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { type IntentHandler, intent } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import * as s from "../../../db/schema";
import { loginSchema, signupSchema } from "./auth.schema";
import { type AccountAnswer, type RequestArgs, sessionUser } from "./auth.server";
import { signIn, signUp } from "./auth-actions.server";
import { invitationAcceptMessages, invitationProblems } from "./invitations.schema";
import {
  acceptInvitation,
  findInvitation,
  InvitationError,
  type InvitationProblem,
  sameEmail,
} from "./invitations.server";
import { authErrors } from "./messages";
import { roleLabels } from "./users.schema";

/** What an accepted invitation adds to the answer: the page's welcome view. */
export type AcceptedInvitation = { accepted: { role: s.Role; email: string } };

function linkRefusal(problem: InvitationProblem) {
  const { title, status } = invitationProblems[problem];
  // The link's own state: 404 unknown, 410 used or expired.
  return new DomainError(title, status);
}

async function openInvitation(token: string) {
  const lookup = await findInvitation(token);
  if (lookup.state !== "valid") throw linkRefusal(lookup.state);
  return lookup.invitation;
}

/** The open invitation, for its own address only (refused before anyone is signed in). */
async function openInvitationFor(token: string, email: string) {
  const invitation = await openInvitation(token);
  if (!sameEmail(email, invitation.email)) {
    throw new DomainError(invitationAcceptMessages.wrongEmail(invitation.email), 400, "email");
  }
  return invitation;
}

/** The intent of a form with the invited address and a password, from `proceed` (after the checks). */
function withPassword(
  schema: typeof loginSchema | typeof signupSchema,
  token: string,
  proceed: (email: string, password: string) => Promise<{ id: string; email: string }>,
) {
  return intent({
    schema,
    invalid: authErrors.invalidForm,
    failure: invitationAcceptMessages.failed,
    failureStatus: 503,
    run: async ({ email, password }: { email: string; password: string }) => {
      await openInvitationFor(token, email);
      return grant(token, await proceed(email, password));
    },
  });
}

async function grant(token: string, user: { id: string; email: string }) {
  try {
    const accepted = await acceptInvitation(token, user);
    logger.info({ userId: user.id, role: accepted.role }, "invitation accepted");
    return {
      title: invitationAcceptMessages.accepted,
      message: `Twoja rola: ${roleLabels[accepted.role]}`,
      accepted,
    };
  } catch (error) {
    if (!(error instanceof InvitationError)) throw error;
    if (error.reason === "wrong-email") throw new DomainError(error.message, 403);
    throw linkRefusal(error.reason);
  }
}

/** The intents of the invitation `token`'s page; accepting needs a session of the invited account. */
export function invitationIntents(
  answer: AccountAnswer,
  args: RequestArgs,
  token: string,
): Record<string, IntentHandler> {
  return {
    accept: intent({
      schema: z.object({}),
      failure: invitationAcceptMessages.failed,
      failureStatus: 503,
      run: async () => {
        await openInvitation(token);
        const user = await sessionUser(args);
        if (!user) throw new DomainError(invitationAcceptMessages.signInFirst, 401);
        return grant(token, user);
      },
    }),
    signup: withPassword(signupSchema, token, async (email, password) => {
      // The link came to this address, so saying that it already has an account reveals nothing new.
      const [existing] = await db()
        .select({ id: s.user.id })
        .from(s.user)
        .where(sql`lower(${s.user.email}) = ${email.toLowerCase()}`);
      if (existing) throw new DomainError(invitationAcceptMessages.accountExists, 409);
      await signUp(answer, email, password);
      return signIn(answer, email, password);
    }),
    // Proof that the password is the invited account's: a session of it.
    login: withPassword(loginSchema, token, (email, password) => signIn(answer, email, password)),
  };
}
