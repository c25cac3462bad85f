// better-auth's HTTP endpoints (/api/auth/*): sign-in, sign-up, sign-out, session, password reset.
// Our own pages use route actions instead; these stay for API clients and pass the same hooks.

import type { RouterContextProvider } from "react-router";
import { forwardCookies } from "~/lib/cookies.server";
import { env } from "~/lib/env.server";
import { clientIpOf } from "~/lib/request-context";
import { auth } from "~/modules/accounts/auth.server";
import { withAuthRequest } from "~/modules/accounts/auth-request.server";
import { INVALID_CALLBACK_MESSAGE, polishAuthApiError } from "~/modules/accounts/messages";
import { sameSiteDestination } from "~/modules/accounts/redirect";
import type { Route } from "./+types/auth";

/**
 * better-auth answers refusals in English ("[body.password] Invalid input…", "No fields to update",
 * and its own limiter's 429 with X-Retry-After): the same status with a Polish message.
 */
async function polish(response: Response) {
  if (response.status < 400 || response.status >= 500) return response;
  const retryAfter = response.headers.get("Retry-After") ?? response.headers.get("X-Retry-After");
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = (await response.clone().json()) as typeof body;
  } catch {
    // Not JSON (or empty): the generic Polish message below.
  }
  const code = typeof body?.code === "string" ? body.code : undefined;
  const message = typeof body?.message === "string" ? body.message : undefined;
  const headers = new Headers({ "Cache-Control": "no-store" });
  forwardCookies(response.headers, headers);
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return Response.json(
    {
      code: code ?? (response.status === 429 ? "RATE_LIMITED" : "BAD_REQUEST"),
      message: polishAuthApiError(response.status, code, message),
    },
    { status: response.status, headers },
  );
}

/** Where better-auth's endpoints send the browser next (its GET links redirect there). */
const CALLBACK_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

/**
 * Whether a request names a callback off this site. better-auth redirects its GET links
 * (/verify-email, /reset-password/:token) to `callbackURL` as given — another site, "//x" or
 * "/.//x" — so every callback, in the query or a JSON body, must be a destination on this site.
 */
async function hasForeignCallback(request: Request) {
  const siteOrigin = env().siteUrl;
  const url = new URL(request.url);
  for (const name of CALLBACK_FIELDS) {
    for (const value of url.searchParams.getAll(name)) {
      if (sameSiteDestination(value, siteOrigin) === null) return true;
    }
  }
  if (request.method !== "POST" || !request.headers.get("content-type")?.includes("json")) return false;
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return false; // better-auth answers an unreadable body itself (in Polish, through polish()).
  }
  if (!body || typeof body !== "object") return false;
  return CALLBACK_FIELDS.some((name) => {
    const value = (body as Record<string, unknown>)[name];
    return value !== undefined && value !== null && sameSiteDestination(value, siteOrigin) === null;
  });
}

async function handle(request: Request, context: Readonly<RouterContextProvider>) {
  if (await hasForeignCallback(request)) {
    return Response.json(
      { code: "INVALID_CALLBACK", message: INVALID_CALLBACK_MESSAGE },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  // The client's address from the request context, never a header it sent (its rate limits' key).
  return polish(await withAuthRequest({ ip: clientIpOf(context) }, () => auth().handler(request)));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}
