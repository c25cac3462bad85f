/**
 * The server side of the account forms: validation with the shared schemas, then better-auth called
 * on the server, with its Set-Cookie headers forwarded to the browser. Every answer carries a Polish
 * message and a status (400 invalid, 401 wrong credentials, 403 cross-site, 429 too many attempts,
 * 503 unavailable); typed values come back, passwords never do.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { isAPIError } from "better-auth/api";
import { redirect } from "react-router";
import { env } from "~/lib/env.server";
import { withoutMalformedIntent } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { auth } from "~/modules/accounts/auth.server";
import { loginSchema, signupSchema } from "./auth.schema";
import { accountNameFromEmail } from "./display-name";
import { type FlashKind, flashCookie } from "./flash";
import type { AuthIntent, FormActionData } from "./form-types";
import { accountToasts, authErrorMessage, authErrors } from "./messages";
import { resetRequestSchema, updatePasswordSchema } from "./password.schema";
import { afterLoginPath, safeRedirectPath } from "./redirect";

export type FormOutcome = { status: number; data: FormActionData; headers?: HeadersInit };

/** Forms post a few hundred bytes; anything far larger is refused before parsing. */
const MAX_BODY_BYTES = 16 * 1024;

export const PASSWORD_FIELDS = ["password", "confirmPassword"];

function errorResult(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

function failure(
  status: number,
  intent: AuthIntent | undefined,
  result: SubmissionResult<string[]>,
  title: string,
  description?: string,
): FormOutcome {
  return { status, data: { intent, result, toast: { kind: "error", title, description } } };
}

/**
 * Whether the form was posted from another site (login CSRF). Browsers send Sec-Fetch-Site and, on
 * POST, Origin; requests without either (scripts, tests) are judged by the rest of the checks.
 */
export function isCrossSite(request: Request) {
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const allowed = new Set([new URL(request.url).origin, new URL(env().siteUrl).origin]);
  return !allowed.has(origin);
}

/** The form data, or an outcome explaining why it cannot be read. */
export async function readForm(request: Request, intent?: AuthIntent): Promise<FormData | FormOutcome> {
  if (isCrossSite(request)) {
    return failure(403, intent, errorResult(authErrors.crossSite), authErrors.crossSite);
  }
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES)
    return failure(413, intent, errorResult(authErrors.generic), authErrors.generic);
  try {
    return withoutMalformedIntent(await request.formData());
  } catch {
    return failure(400, intent, errorResult(authErrors.invalidForm), authErrors.invalidForm);
  }
}

/** Headers better-auth should see: the browser's, including the internal client-IP header. */
function authHeaders(request: Request) {
  return new Headers(request.headers);
}

function secureCookies() {
  return env().siteUrl.startsWith("https://");
}

/** Set-Cookie headers of a better-auth answer plus a flash message, for a redirect. */
function withCookies(source: Headers | null | undefined, flash?: FlashKind) {
  const headers = new Headers();
  for (const cookie of source?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  if (flash) headers.append("Set-Cookie", flashCookie(flash, { secure: secureCookies() }));
  headers.set("Cache-Control", "no-store");
  return headers;
}

/** Status and Polish text of a better-auth failure; unexpected errors are logged and become 503. */
export function describeAuthError(error: unknown, fallback: string) {
  if (isAPIError(error)) {
    const body = (error.body ?? {}) as { code?: string; message?: string };
    if (error.statusCode === 429) {
      return {
        status: 429,
        message: body.message ?? authErrors.generic,
        headers: {
          "Retry-After": String((error.headers as Record<string, string> | undefined)?.["Retry-After"] ?? 60),
        },
      };
    }
    if (error.statusCode >= 500) {
      logger.error({ err: error }, "auth endpoint failed");
      return { status: 503, message: fallback };
    }
    return { status: error.statusCode, message: authErrorMessage(body.code, fallback), code: body.code };
  }
  logger.error({ err: error }, "auth request failed");
  return { status: 503, message: fallback };
}

/** A refused sign-in or sign-up as its form shows it: `describeAuthError`, the message as the form's error, no passwords. */
export function refusedAuth(
  error: unknown,
  fallback: string,
  submission: Pick<Submission<unknown>, "reply">,
) {
  const problem = describeAuthError(error, fallback);
  return {
    ...problem,
    reply: submission.reply({ formErrors: [problem.message], hideFields: PASSWORD_FIELDS }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Login and sign-up (/auth)
// ---------------------------------------------------------------------------------------------------

/** Login: a new session (new id) and a redirect to where the visitor was going. */
export async function handleLogin(
  request: Request,
  formData: FormData,
  {
    onSignedIn,
  }: {
    /** Set-Cookie values of what follows the account into this browser (the cart, decision 031). */
    onSignedIn?: (userId: string) => Promise<string[]>;
  } = {},
): Promise<FormOutcome | Response> {
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return failure(400, "login", submission.reply({ hideFields: PASSWORD_FIELDS }), authErrors.invalidForm);
  }
  const { email, password } = submission.value;
  const url = new URL(request.url);
  const target = afterLoginPath(url.searchParams.get("redirect"), formData.get("redirectTo"));
  try {
    const { headers, response } = await auth().api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(request),
      returnHeaders: true,
    });
    const answer = withCookies(headers, "signed-in");
    for (const cookie of (await onSignedIn?.(response.user.id)) ?? []) answer.append("Set-Cookie", cookie);
    return redirect(target, { headers: answer });
  } catch (error) {
    // Wrong e-mail or password: one message for both, so it reveals nothing about which accounts exist.
    const problem = refusedAuth(error, authErrors.generic, submission);
    return { ...failure(problem.status, "login", problem.reply, problem.message), headers: problem.headers };
  }
}

/**
 * Sign-up: the account and the welcome e-mail (with the verification link). The answer is the same
 * whether or not the address already had an account (its owner gets a notice by e-mail instead).
 */
export async function handleSignup(request: Request, formData: FormData): Promise<FormOutcome> {
  const submission = parseWithZod(formData, { schema: signupSchema });
  if (submission.status !== "success") {
    return failure(400, "signup", submission.reply({ hideFields: PASSWORD_FIELDS }), authErrors.invalidForm);
  }
  const { email, password } = submission.value;
  try {
    await auth().api.signUpEmail({
      body: { email, password, name: accountNameFromEmail(email, env().site.name) },
      headers: authHeaders(request),
    });
  } catch (error) {
    const problem = refusedAuth(error, authErrors.signupFailed, submission);
    return { ...failure(problem.status, "signup", problem.reply, problem.message), headers: problem.headers };
  }
  return {
    status: 200,
    data: {
      intent: "signup",
      result: submission.reply({ resetForm: true }),
      toast: {
        kind: "success",
        title: accountToasts.signedUp,
        description: accountToasts.signedUpDescription,
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Password reset (/reset-password, /update-password)
// ---------------------------------------------------------------------------------------------------

/** Asks for a reset link. The same answer whether or not the address has an account. */
export async function handleResetRequest(request: Request): Promise<FormOutcome> {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const submission = parseWithZod(form, { schema: resetRequestSchema });
  if (submission.status !== "success") {
    return failure(400, undefined, submission.reply(), authErrors.invalidForm);
  }
  try {
    await auth().api.requestPasswordReset({
      body: { email: submission.value.email },
      headers: authHeaders(request),
    });
  } catch (error) {
    const problem = describeAuthError(error, accountToasts.resetFailedDescription);
    const title = problem.status === 429 ? problem.message : accountToasts.resetFailedTitle;
    const description = problem.status === 429 ? undefined : accountToasts.resetFailedDescription;
    return {
      ...failure(
        problem.status === 429 ? 429 : 503,
        undefined,
        submission.reply({
          formErrors: [problem.status === 429 ? problem.message : accountToasts.resetFailedDescription],
        }),
        title,
        description,
      ),
      headers: problem.headers,
    };
  }
  return {
    status: 200,
    data: {
      result: submission.reply({ resetForm: true }),
      sentTo: submission.value.email,
      toast: {
        kind: "success",
        title: accountToasts.resetSentTitle,
        description: accountToasts.resetSentDescription,
      },
    },
  };
}

/** Sets the new password with the token from the e-mail; the token works once. */
export async function handleUpdatePassword(request: Request): Promise<FormOutcome | Response> {
  const form = await readForm(request);
  if (!(form instanceof FormData)) return form;
  const submission = parseWithZod(form, { schema: updatePasswordSchema });
  if (submission.status !== "success") {
    const tokenProblem = Boolean(submission.error?.token);
    return failure(
      400,
      undefined,
      submission.reply({ hideFields: PASSWORD_FIELDS }),
      tokenProblem ? accountToasts.passwordChangeFailed : authErrors.invalidForm,
      tokenProblem ? authErrors.resetLinkInvalid : undefined,
    );
  }
  try {
    await auth().api.resetPassword({
      body: { newPassword: submission.value.password, token: submission.value.token },
      headers: authHeaders(request),
    });
  } catch (error) {
    const problem = describeAuthError(error, accountToasts.passwordChangeFailed);
    const linkProblem = problem.status === 400 && (problem as { code?: string }).code === "INVALID_TOKEN";
    return failure(
      problem.status >= 500 ? 503 : 400,
      undefined,
      submission.reply({ formErrors: [accountToasts.passwordChangeFailed], hideFields: PASSWORD_FIELDS }),
      accountToasts.passwordChangeFailed,
      linkProblem ? authErrors.resetLinkInvalid : undefined,
    );
  }
  return redirect("/auth", { headers: withCookies(null, "password-changed") });
}

// ---------------------------------------------------------------------------------------------------
// Logout
// ---------------------------------------------------------------------------------------------------

/** Ends the session on the server (the row is deleted) and clears the cookie; back to a public page. */
export async function handleLogout(request: Request): Promise<Response> {
  let headers: Headers | null = null;
  if (isCrossSite(request)) {
    // Someone else's page cannot sign our visitor out.
    return redirect("/", { headers: { "Cache-Control": "no-store" } });
  }
  const form = await request.formData().catch(() => new FormData());
  try {
    const answer = await auth().api.signOut({ headers: authHeaders(request), returnHeaders: true });
    headers = answer.headers;
  } catch (error) {
    logger.warn({ err: error }, "sign-out failed");
  }
  const back = safeRedirectPath(form.get("redirectTo"));
  const target = back && !/^\/(?:account|admin)(?:[/?#]|$)/.test(back) ? back : "/";
  return redirect(target, { headers: withCookies(headers, "signed-out") });
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
