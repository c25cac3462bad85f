/**
 * better-auth: e-mail + password, database sessions (httpOnly cookies), drizzle adapter.
 * Roles live in our own `user_roles` table (see modules/accounts/roles.server.ts).
 *
 * Our pages never call these endpoints from the browser: their route actions call `auth().api.*` on
 * the server (so every form works before hydration) and forward the Set-Cookie headers. The HTTP
 * endpoints under /api/auth stay available and pass through the same hooks: the per-client and
 * per-address rate limits, the Polish 429 message, the guest orders joining a verified account.
 */

import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { createContext, type RouterContextProvider } from "react-router";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { resolveAuthSecret } from "~/lib/secret.server";
import { CLIENT_IP_HEADER } from "~/lib/request.server";
import { attachGuestOrders } from "~/modules/orders/guest-orders.server";
import * as schema from "../../../db/schema";
import { queueAccountExistsEmail, queuePasswordResetEmail, queueWelcomeEmail } from "./account-mail.server";
import { nameMessages, nameProblem, normalizeName } from "./display-name";
import {
  isKnownDeviceToken,
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_MAX_AGE_SECONDS,
  knownDeviceFromCookies,
  knownDeviceToken,
} from "./known-device.server";
import {
  betterAuthRateLimitStorage,
  consumeLoginAttempt,
  consumeResetRequest,
  consumeSignup,
  forgiveLoginAttempt,
  RateLimitExceeded,
} from "./rate-limits.server";

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

/** The client address Express put in the internal header (never a value the client chose). */
function ipFromHeaders(headers: Headers | undefined) {
  return headers?.get(CLIENT_IP_HEADER) || "unknown";
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
      // Only the header Express sets from req.ip (honouring TRUST_PROXY); X-Forwarded-For could be forged.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // better-auth's own limiter guards its HTTP endpoints; it counts on our table through our atomic counter.
    rateLimit: {
      enabled: settings.NODE_ENV === "production",
      customStorage: betterAuthRateLimitStorage,
    },
    databaseHooks: {
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
        const ip = ipFromHeaders(ctx.request?.headers ?? ctx.headers);
        const email = bodyEmail(ctx.body);
        try {
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
        const ip = ipFromHeaders(ctx.request?.headers ?? ctx.headers);
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
  const lookup = readSessionUser(request);
  context.set(sessionKey, lookup);
  return lookup;
}

async function readSessionUser(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")?.includes("session_token")) return null;
  try {
    const session = await auth().api.getSession({ headers: request.headers });
    if (!session) return null;
    return {
      id: session.user.id,
      email: session.user.email,
      emailVerified: session.user.emailVerified,
      createdAt: new Date(session.user.createdAt),
    };
  } catch (error) {
    logger.warn({ err: error }, "session lookup failed");
    return null;
  }
}
