/**
 * The account forms' intents, one table per route, answered by `handleAccountForm` (auth.server.ts,
 * over `handleFormAction`): login and sign-up (/auth), asking for a reset link, setting a new password,
 * logging out. better-auth is called on the server with the request's headers, inside the form's
 * `withAuthRequest` (the client's address from the request context), and its cookies are passed on.
 * A refusal is a DomainError with its honest status (400 invalid, 401 wrong credentials, 403
 * cross-site, 429 too many attempts, 503 unavailable); typed values come back, passwords never do.
 */
import { isAPIError } from "better-auth/api";
import { z } from "zod";
import { forwardCookies } from "~/lib/cookies.server";
import { asRefusalStatus, DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { type IntentHandler, intent } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { loginSchema, signupSchema } from "./auth.schema";
import { type AccountAnswer, auth } from "./auth.server";
import { accountNameFromEmail } from "./display-name";
import { accountToasts, authErrorMessage, authErrors } from "./messages";
import { resetRequestSchema, updatePasswordSchema } from "./password.schema";
import { afterLoginPath, safeRedirectPath } from "./redirect";

function authCode(error: unknown) {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/**
 * better-auth's refusal as ours: its status with the Polish text (its 429 with our message and
 * Retry-After). Anything else — its own failure, the database — is returned as it was, for the
 * intent's failure message (logged, 503).
 */
export function authRefusal(error: unknown, fallback: string): unknown {
  if (!isAPIError(error) || error.statusCode >= 500) return error;
  const body = (error.body ?? {}) as { code?: string; message?: string };
  if (error.statusCode === 429) {
    const retryAfter = Number((error.headers as Record<string, string> | undefined)?.["Retry-After"]);
    return new DomainError(body.message ?? authErrors.generic, 429, undefined, {
      retryAfterSeconds: retryAfter > 0 ? retryAfter : 60,
    });
  }
  // 401 for wrong credentials; a status of better-auth's that is no refusal of ours reads as 400.
  return new DomainError(authErrorMessage(body.code, fallback), asRefusalStatus(error.statusCode));
}

/** Signs in with the account's password (a new session id); its cookies go into `answer`. */
export async function signIn(answer: AccountAnswer, email: string, password: string) {
  try {
    const { headers, response } = await auth().api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: answer.requestHeaders,
      returnHeaders: true,
    });
    forwardCookies(headers, answer.cookies);
    return response.user;
  } catch (error) {
    // Wrong e-mail or password: one message for both, so it reveals nothing about which accounts exist.
    throw authRefusal(error, authErrors.generic);
  }
}

/** A new account and its welcome e-mail (with the verification link). */
export async function signUp(answer: AccountAnswer, email: string, password: string) {
  try {
    await auth().api.signUpEmail({
      body: { email, password, name: accountNameFromEmail(email, env().site.name) },
      headers: answer.requestHeaders,
    });
  } catch (error) {
    throw authRefusal(error, authErrors.signupFailed);
  }
}

/** What follows the account into this browser at login (the cart, decision 031): cookies to add. */
export type OnSignedIn = (userId: string, cookies: Headers) => Promise<void>;

/** /auth: logging in (then to where the visitor was going) and signing up. */
export function authIntents(answer: AccountAnswer, onSignedIn?: OnSignedIn): Record<string, IntentHandler> {
  return {
    login: intent({
      schema: loginSchema,
      invalid: authErrors.invalidForm,
      failure: authErrors.generic,
      failureStatus: 503,
      run: async ({ email, password }, { formData }) => {
        const user = await signIn(answer, email, password);
        await onSignedIn?.(user.id, answer.cookies);
        answer.leaveTo = afterLoginPath(answer.redirectParam, formData.get("redirectTo"));
        return { message: accountToasts.signedIn };
      },
    }),
    // The same answer whether or not the address already had an account (its owner is told by e-mail).
    signup: intent({
      schema: signupSchema,
      invalid: authErrors.invalidForm,
      failure: authErrors.signupFailed,
      failureStatus: 503,
      run: async ({ email, password }) => {
        await signUp(answer, email, password);
        return { title: accountToasts.signedUp, message: accountToasts.signedUpDescription };
      },
    }),
  };
}

/** /reset-password: a reset link by e-mail; the same answer whether or not the address has an account. */
export function resetRequestIntents(answer: AccountAnswer): Record<string, IntentHandler> {
  return {
    "reset-request": intent({
      schema: resetRequestSchema,
      invalid: authErrors.invalidForm,
      failure: accountToasts.resetFailedDescription,
      failureStatus: 503,
      run: async ({ email }) => {
        try {
          await auth().api.requestPasswordReset({
            body: { email },
            headers: answer.requestHeaders,
          });
        } catch (error) {
          const refusal = authRefusal(error, accountToasts.resetFailedDescription);
          if (refusal instanceof DomainError && refusal.status === 429) throw refusal;
          logger.error({ err: error }, "password reset request failed");
          throw new DomainError(accountToasts.resetFailedDescription, 503, undefined, {
            title: accountToasts.resetFailedTitle,
          });
        }
        return {
          title: accountToasts.resetSentTitle,
          message: accountToasts.resetSentDescription,
          sentTo: email,
        };
      },
    }),
  };
}

/** /update-password: the new password with the token from the e-mail (it works once); then to /auth. */
export function updatePasswordIntents(answer: AccountAnswer): Record<string, IntentHandler> {
  return {
    "update-password": intent({
      schema: updatePasswordSchema,
      invalid: authErrors.invalidForm,
      failure: accountToasts.passwordChangeFailed,
      failureStatus: 503,
      run: async ({ password, token }) => {
        try {
          await auth().api.resetPassword({
            body: { newPassword: password, token },
            headers: answer.requestHeaders,
          });
        } catch (error) {
          const refusal = authRefusal(error, accountToasts.passwordChangeFailed);
          if (!(refusal instanceof DomainError)) throw refusal;
          const linkProblem = authCode(error) === "INVALID_TOKEN";
          throw linkProblem
            ? new DomainError(authErrors.resetLinkInvalid, 400, undefined, {
                title: accountToasts.passwordChangeFailed,
              })
            : new DomainError(accountToasts.passwordChangeFailed, 400);
        }
        answer.leaveTo = "/auth";
        return { title: accountToasts.passwordChanged, message: accountToasts.passwordChangedDescription };
      },
    }),
  };
}

const logoutSchema = z.object({ redirectTo: z.string().max(2000).optional() });

/**
 * /logout: ends the session on the server (the row is deleted) and clears its cookie; back to the page
 * it was sent from if that is public. `onSignedOut` adds what leaves with the account (the cart).
 */
export function logoutIntents(
  answer: AccountAnswer,
  onSignedOut?: (cookies: Headers) => Promise<void>,
): Record<string, IntentHandler> {
  return {
    logout: intent({
      schema: logoutSchema,
      failure: authErrors.generic,
      run: async ({ redirectTo }) => {
        try {
          const { headers } = await auth().api.signOut({
            headers: answer.requestHeaders,
            returnHeaders: true,
          });
          forwardCookies(headers, answer.cookies);
        } catch (error) {
          logger.warn({ err: error }, "sign-out failed");
        }
        await onSignedOut?.(answer.cookies);
        const back = safeRedirectPath(redirectTo);
        answer.leaveTo = back && !/^\/(?:account|admin)(?:[/?#]|$)/.test(back) ? back : "/";
        return { message: accountToasts.signedOut };
      },
    }),
  };
}

/** Whether a reset token (from the e-mailed link) is still usable: known, unused and not expired. */
export async function isResetTokenUsable(token: string | null): Promise<boolean> {
  if (!token || token.length > 200 || !/^[A-Za-z0-9_-]+$/.test(token)) return false;
  try {
    const context = await auth().$context;
    const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
    return Boolean(verification && new Date(verification.expiresAt).getTime() > Date.now());
  } catch (error) {
    logger.warn({ err: error }, "reset token lookup failed");
    // Let the form decide: the action checks the token again.
    return true;
  }
}
