/**
 * E-mail verification: checking the link from the welcome e-mail, and sending a new one from the
 * account page. Verifying is what lets guest orders with the address join the account
 * (auth.server.ts → afterEmailVerification).
 */
import { createEmailVerificationToken, isAPIError } from "better-auth/api";
import { z } from "zod";
import { DomainError } from "~/lib/domain-error";
import { type IntentHandler, intent } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { auth, authLifetimes, type SessionUser } from "~/modules/accounts/auth.server";
import { queueVerifyEmail } from "./account-mail.server";
import { accountToasts } from "./messages";
import { consumeVerificationResend, RateLimitExceeded } from "./rate-limits.server";

export type VerificationOutcome = "verified" | "expired" | "invalid" | "unavailable";

/**
 * Checks a verification token and marks the address verified. Idempotent: a second click is fine.
 * `headers` are the request's; the caller runs it inside `withAuthRequest` (the client's address).
 */
export async function verifyEmailToken(token: string | null, headers: Headers): Promise<VerificationOutcome> {
  if (!token || token.length > 2000) return "invalid";
  try {
    await auth().api.verifyEmail({ query: { token }, headers });
    return "verified";
  } catch (error) {
    if (isAPIError(error)) {
      const code = (error.body as { code?: string } | undefined)?.code;
      return code === "TOKEN_EXPIRED" ? "expired" : "invalid";
    }
    logger.error({ err: error }, "e-mail verification failed");
    return "unavailable";
  }
}

/** Sends a fresh verification link to the signed-in user's address (rate-limited per account). */
export async function resendVerificationEmail(user: SessionUser) {
  if (user.emailVerified) return;
  await consumeVerificationResend(user.id);
  const context = await auth().$context;
  const validSeconds = authLifetimes().emailVerification;
  const token = await createEmailVerificationToken(context.secret, user.email, undefined, validSeconds, {
    userId: user.id,
  });
  await queueVerifyEmail({ email: user.email, token, validSeconds });
}

/** The account page's form: a new verification link for the signed-in `user`. */
export function verificationIntents(user: SessionUser): Record<string, IntentHandler> {
  return {
    "resend-verification": intent({
      schema: z.object({}),
      failure: accountToasts.verificationFailed,
      failureStatus: 503,
      run: async () => {
        try {
          await resendVerificationEmail(user);
        } catch (error) {
          if (!(error instanceof RateLimitExceeded)) throw error;
          throw new DomainError(error.message, 429, undefined, {
            retryAfterSeconds: error.retryAfterSeconds,
          });
        }
        return { title: accountToasts.verificationSent, message: accountToasts.verificationSentDescription };
      },
    }),
  };
}
