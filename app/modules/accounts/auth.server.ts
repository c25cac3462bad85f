/**
 * better-auth: e-mail + password, database sessions (httpOnly cookies), drizzle adapter.
 * Roles live in our own `user_roles` table (see modules/accounts/roles.server.ts).
 *
 * Our pages never call these endpoints from the browser: their route actions call `auth().api.*` on
 * the server (so every form works before hydration) and pass its cookies on (`forwardCookies`). The
 * HTTP endpoints under /api/auth stay available and pass through the same hooks: the per-client and
 * per-address rate limits (and, for the endpoints alone, one per client and endpoint), the Polish 429
 * message, the guest orders joining a verified account. Every call into better-auth runs inside
 * `withAuthRequest` (auth-request.server.ts): the hooks, the limits and the session row take the
 * client's address from there (the request context's); no header carries it, and better-auth reads
 * none (`disableIpTracking`; its own limiter, which could key only on a header, is off).
 */

import { isIP } from "node:net";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { createContext, data, type RouterContextProvider } from "react-router";
import { forwardCookies } from "~/lib/cookies.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { redirectWithFlash } from "~/lib/flash.server";
import {
  type FormActionResult,
  handleFormAction,
  type IntentHandler,
  type PlainFormAnswer,
} from "~/lib/form-action.server";
import { noticeOf } from "~/lib/form-contract";
import { logger } from "~/lib/logger.server";
import { clientIpOf } from "~/lib/request-context";
import { resolveAuthSecret } from "~/lib/secret.server";
import { attachGuestOrders } from "~/modules/orders/guest-orders.server";
import * as schema from "../../../db/schema";
import { queueAccountExistsEmail, queuePasswordResetEmail, queueWelcomeEmail } from "./account-mail.server";
import { authRequestIp, withAuthRequest } from "./auth-request.server";
import { nameMessages, nameProblem, normalizeName } from "./display-name";
import {
  isKnownDeviceToken,
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_MAX_AGE_SECONDS,
  knownDeviceFromCookies,
  knownDeviceToken,
} from "./known-device.server";
import { authErrors } from "./messages";
import {
  consumeAuthApiRequest,
  consumeLoginAttempt,
  consumeResetRequest,
  consumeSignup,
  forgiveLoginAttempt,
  RateLimitExceeded,
} from "./rate-limits.server";
import { keptSession, sessionCookieOf } from "./session-cache.server";

const HOUR = 60 * 60;

/**
 * Lifetimes of the links we e-mail. The reset link lives 1 hour (SPEC §9); PASSWORD_RESET_TTL_SECONDS
 * may only shorten it (the end-to-end test of an expired link runs a server with a few seconds).
 */
export function authLifetimes() {
  const resetSeconds = env().PASSWORD_RESET_TTL_SECONDS;
  return {
    session: 30 * 24 * HOUR,
    sessionUpdateAge: 24 * HOUR,
    passwordReset: resetSeconds,
    emailVerification: 24 * HOUR,
  };
}

function tooManyRequests(error: RateLimitExceeded) {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: error.message, code: "RATE_LIMITED" },
    { "Retry-After": String(error.retryAfterSeconds) },
  );
}

/** E-mail of a request body, if it has one (better-auth parses bodies before the hooks run). */
function bodyEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;
}

/**
 * The name and image of a user being created or updated, checked wherever they come from (our forms,
 * /api/auth/sign-up/email, /api/auth/update-user): a name a person may use (length, no control or
 * invisible characters, not the brand's), and no image at all, since nothing in the shop shows or sets
 * one (any string was accepted before). Throws a Polish 400.
 */
function checkedProfile<T extends { name?: unknown; image?: unknown }>(data: T, brand: string): T {
  const checked = { ...data };
  if (data.name !== undefined) {
    const problem = nameProblem(data.name, brand);
    if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "INVALID_NAME" });
    checked.name = normalizeName(data.name as string);
  }
  if (data.image !== undefined && data.image !== null) {
    throw new APIError("BAD_REQUEST", { message: nameMessages.image, code: "INVALID_IMAGE" });
  }
  return checked;
}

function createAuth() {
  const settings = env();
  const lifetimes = authLifetimes();
  return betterAuth({
    appName: settings.site.name,
    baseURL: settings.siteUrl,
    secret: resolveAuthSecret(),
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // SPEC §8: 'Konto utworzone! Możesz się teraz zalogować.' — and with no session handed out at
      // sign-up, better-auth answers a taken address exactly like a new one (no account enumeration).
      autoSignIn: false,
      resetPasswordTokenExpiresIn: lifetimes.passwordReset,
      // A new password signs every other device out.
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        await queuePasswordResetEmail({ email: user.email, token, validSeconds: lifetimes.passwordReset });
      },
      async onExistingUserSignUp({ user }) {
        await queueAccountExistsEmail({ email: user.email });
      },
    },
    emailVerification: {
      // The welcome e-mail carries the verification link.
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: lifetimes.emailVerification,
      async sendVerificationEmail({ user, token }) {
        try {
          await queueWelcomeEmail({ email: user.email, token, validSeconds: lifetimes.emailVerification });
        } catch (error) {
          // SPEC §8: a failed welcome e-mail is logged only; the account exists regardless.
          logger.error({ err: error, userId: user.id }, "welcome e-mail could not be queued");
        }
      },
      async afterEmailVerification(user) {
        // Orders placed as a guest with this address join the account only now.
        const attached = await attachGuestOrders(user.id, user.email);
        if (attached > 0)
          logger.info({ userId: user.id, attached }, "guest orders joined a verified account");
      },
    },
    session: { expiresIn: lifetimes.session, updateAge: lifetimes.sessionUpdateAge },
    advanced: {
      useSecureCookies: settings.siteUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // better-auth would read the address from a request header (X-Forwarded-For by default), which a
      // client can forge: it reads none. The address is the request context's (`authRequestIp`).
      ipAddress: { disableIpTracking: true },
    },
    // Its limiter keys only on an address read from a header: off. Ours cover its endpoints (the hooks).
    rateLimit: { enabled: false },
    databaseHooks: {
      session: {
        create: {
          // The session list shows where a session was opened: the request context's address.
          before: async () => {
            const ip = authRequestIp();
            return isIP(ip) ? { data: { ipAddress: ip } } : undefined;
          },
        },
      },
      user: {
        create: { before: async (user) => ({ data: checkedProfile(user, settings.site.name) }) },
        update: { before: async (user) => ({ data: checkedProfile(user, settings.site.name) }) },
      },
    },
    // Verification links are re-sent from the account page (our own limit and template).
    disabledPaths: ["/send-verification-email"],
    trustedOrigins: [settings.siteUrl],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const ip = authRequestIp();
        const email = bodyEmail(ctx.body);
        try {
          // A request to /api/auth (our own calls pass no request): counted per client and endpoint.
          if (ctx.request) await consumeAuthApiRequest(ip, ctx.path);
          if (ctx.path === "/sign-in/email" && email) {
            const device = knownDeviceFromCookies((ctx.request?.headers ?? ctx.headers)?.get("cookie"));
            const knownDevice = isKnownDeviceToken(device, ctx.context.secret, email);
            await consumeLoginAttempt(ip, email, { knownDevice });
          } else if (ctx.path === "/request-password-reset" && email) await consumeResetRequest(ip, email);
          else if (ctx.path === "/sign-up/email") await consumeSignup(ip);
        } catch (error) {
          if (error instanceof RateLimitExceeded) {
            logger.warn({ path: ctx.path, ip, retryAfter: error.retryAfterSeconds }, "auth rate limit hit");
            throw tooManyRequests(error);
          }
          throw error;
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const session = ctx.context.newSession;
        if (!session) return;
        const ip = authRequestIp();
        // This browser is now a known device of the account (exempt from the per-address limit).
        ctx.setCookie(KNOWN_DEVICE_COOKIE, knownDeviceToken(ctx.context.secret, session.user.email), {
          httpOnly: true,
          sameSite: "lax",
          secure: settings.siteUrl.startsWith("https://"),
          path: "/",
          maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
        });
        try {
          const device = knownDeviceFromCookies((ctx.request?.headers ?? ctx.headers)?.get("cookie"));
          await forgiveLoginAttempt(ip, session.user.email, {
            knownDevice: isKnownDeviceToken(device, ctx.context.secret, session.user.email),
          });
          // Guest orders placed after the address was verified join at the next login.
          if (session.user.emailVerified) await attachGuestOrders(session.user.id, session.user.email);
        } catch (error) {
          // Bookkeeping only: the login itself succeeded.
          logger.warn({ err: error }, "post-login bookkeeping failed");
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & { __nokturnAuth?: Auth };

export function auth(): Auth {
  holder.__nokturnAuth ??= createAuth();
  return holder.__nokturnAuth;
}

export function resetAuth() {
  holder.__nokturnAuth = undefined;
}

export type SessionUser = { id: string; email: string; emailVerified: boolean; createdAt: Date };

const sessionKey = createContext<Promise<SessionUser | null> | null>(null);

/** What a loader or action knows of its request: the request and React Router's context. */
export type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The signed-in user of a request, or null; looked up once per request however many loaders ask
 * (root, layout, page), and kept in the request's context. Never throws for a bad or expired cookie.
 */
export function sessionUser({ request, context }: RequestArgs): Promise<SessionUser | null> {
  const cached = context.get(sessionKey);
  if (cached) return cached;
  const lookup = withAuthRequest({ ip: clientIpOf(context) }, () => readSessionUser(request.headers));
  context.set(sessionKey, lookup);
  return lookup;
}

async function readSessionUser(headers: Headers): Promise<SessionUser | null> {
  const cookie = sessionCookieOf(headers.get("cookie"));
  if (!cookie) return null;
  // Kept by this instance between changes to sessions and accounts (decision 036).
  return keptSession(cookie, async () => {
    try {
      const session = await auth().api.getSession({ headers });
      if (!session) return null;
      const user: SessionUser = {
        id: session.user.id,
        email: session.user.email,
        emailVerified: session.user.emailVerified,
        createdAt: new Date(session.user.createdAt),
      };
      return { user, expiresAt: new Date(session.session.expiresAt) };
    } catch (error) {
      logger.warn({ err: error }, "session lookup failed");
      return null;
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// The account forms' door (their intents are in auth-actions.server.ts and invitation-actions.server.ts)
// ---------------------------------------------------------------------------------------------------

/** Forms post a few hundred bytes; anything far larger is refused before parsing. */
const MAX_BODY_BYTES = 16 * 1024;

const PASSWORD_FIELDS = ["password", "confirmPassword"];

/**
 * What an account intent is given and leaves besides its answer: the request's headers for better-auth
 * (its cookies; the intents run inside `withAuthRequest`, which holds the client's address), the page's
 * `?redirect=`, the cookies to set (better-auth's session, the cart following the account), and where
 * the page goes next when its success leaves it (a new session, a new password, signed out).
 */
export type AccountAnswer = {
  requestHeaders: Headers;
  redirectParam: string | null;
  cookies: Headers;
  leaveTo?: string;
};

/**
 * Whether the form was posted from another site (login CSRF; Express refuses these too, decision 011).
 * Browsers send Sec-Fetch-Site and, on POST, Origin; requests without either are judged by the rest.
 */
function isCrossSite(request: Request) {
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const allowed = new Set([new URL(request.url).origin, new URL(env().siteUrl).origin]);
  return !allowed.has(origin);
}

/** A refused form never sends a password back into the page. */
function withoutPasswords<T extends FormActionResult>(body: T): T {
  const initial = body.result?.initialValue;
  if (!initial || !body.result) return body;
  const kept = Object.fromEntries(
    Object.entries(initial).filter(([name]) => !PASSWORD_FIELDS.includes(name)),
  );
  return { ...body, result: { ...body.result, initialValue: kept } };
}

/**
 * `handleFormAction` for an account form: a success that leaves the page is a 303 there with its
 * message as the one flash, whether or not scripts sent it (with the cookies it set); any other answer
 * is data the page renders (its `<ActionNotice>` and the form's errors, what was typed kept), with the
 * cookies set. `plain` as in handleFormAction, for a form that goes back to its page.
 */
export async function handleAccountForm<Extra extends object = object>(
  { request, context }: RequestArgs,
  intents: (answer: AccountAnswer) => Record<string, IntentHandler>,
  options: { plain?: Omit<PlainFormAnswer, "headers"> } = {},
) {
  const refused = (message: string, status: number) =>
    data<FormActionResult<Extra>>({ intent: null, ok: false, message } as FormActionResult<Extra>, {
      status,
    });
  if (isCrossSite(request)) return refused(authErrors.crossSite, 403);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    return refused(authErrors.generic, 413);
  }
  const answer: AccountAnswer = {
    requestHeaders: request.headers,
    redirectParam: new URL(request.url).searchParams.get("redirect"),
    cookies: new Headers(),
  };
  const result = await withAuthRequest({ ip: clientIpOf(context) }, () =>
    handleFormAction(request, intents(answer), {
      invalidRequest: authErrors.invalidForm,
      plain: options.plain && { ...options.plain, headers: () => answer.cookies },
    }),
  );
  if (result instanceof Response) return result;
  const body = withoutPasswords(result.data as FormActionResult<Extra>);
  if (body.ok && answer.leaveTo) {
    const headers = new Headers({ "Cache-Control": "no-store" });
    forwardCookies(answer.cookies, headers);
    return redirectWithFlash(answer.leaveTo, noticeOf(body), headers);
  }
  const headers = new Headers(result.init?.headers);
  forwardCookies(answer.cookies, headers);
  return data<FormActionResult<Extra>>(body, { ...result.init, headers });
}
