/**
 * The one flash mechanism (as Epic Stack's toasts): a form whose answer is a redirect — a plain form
 * before scripts, a login, a saved product — puts its message in a signed, HttpOnly cookie session
 * (React Router's `createCookieSessionStorage`, `flash`), and the page it lands on shows it once and
 * clears it. A request carrying the cookie never gets a cached page and its answer (which clears the
 * cookie) is never kept, so no visitor's message reaches the shared page cache.
 */
import { randomUUID } from "node:crypto";
import {
  createContext,
  createCookieSessionStorage,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { z } from "zod";
import { appendSetCookie, type CookieDefinition, cookieOf } from "./cookies.server";
import type { FlashMessage } from "./flash";
import { resolveAuthSecret } from "./secret.server";

export const FLASH_COOKIE: CookieDefinition = { name: "nokturn_flash", httpOnly: true, maxAgeSeconds: 60 };

const messageSchema = z.object({
  kind: z.enum(["success", "error"]),
  title: z.string().min(1).max(300),
  description: z.string().max(1000).optional(),
  id: z.string().max(64),
});

type FlashData = { message: FlashMessage };

let storage: ReturnType<typeof createCookieSessionStorage<FlashData, FlashData>> | undefined;

function flashStorage() {
  storage ??= createCookieSessionStorage<FlashData, FlashData>({
    cookie: cookieOf(FLASH_COOKIE, { secrets: [resolveAuthSecret()] }),
  });
  return storage;
}

/** Adds the cookie that carries `message` to the next page (a redirect's headers). */
export async function putFlash(headers: Headers, message: Omit<FlashMessage, "id">): Promise<Headers> {
  const session = await flashStorage().getSession();
  session.flash("message", { ...message, id: randomUUID() });
  appendSetCookie(headers, await flashStorage().commitSession(session));
  return headers;
}

/** Whether the request carries a flash cookie at all (cheap: no signature checked). */
export function hasFlashCookie(request: Request) {
  return (request.headers.get("cookie") ?? "").includes(`${FLASH_COOKIE.name}=`);
}

/**
 * The message the request carries (a forged or stale cookie reads as none) and the header that clears
 * it, to be sent with the page that shows it.
 */
export async function takeFlash(request: Request): Promise<{ message: FlashMessage | null; clear: string }> {
  const session = await flashStorage().getSession(request.headers.get("cookie"));
  const parsed = messageSchema.safeParse(session.get("message"));
  return {
    message: parsed.success ? parsed.data : null,
    clear: await flashStorage().destroySession(session),
  };
}

const flashKey = createContext<FlashMessage | null>(null);

/**
 * Whether the root loader runs for this request: a document does; a client navigation's data request
 * only when its `_routes` names the root (one for other loaders alone would take the message unseen).
 */
function asksForRootData(request: Request) {
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data")) return true;
  const routes = url.searchParams.get("_routes");
  return routes === null || routes.split(",").includes("root");
}

/**
 * Root middleware: a page or data request that carries a flash cookie takes its message (for the
 * root loader, `flashOf`) and answers with the cookie cleared, never to be stored by any cache.
 */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if ((request.method !== "GET" && request.method !== "HEAD") || !hasFlashCookie(request)) return next();
  if (!asksForRootData(request)) return next();
  const { message, clear } = await takeFlash(request);
  context.set(flashKey, message);
  const response = await next();
  appendSetCookie(response.headers, clear);
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/** The message this request's page shows once (set by `flashMiddleware`), or null. */
export function flashOf(context: Readonly<RouterContextProvider>): FlashMessage | null {
  return context.get(flashKey);
}

/** A 303 to `url` that shows `message` there once (a plain form's answer, a saved panel form's). */
export async function redirectWithFlash(
  url: string,
  message: Omit<FlashMessage, "id">,
  headers: Headers = new Headers(),
): Promise<Response> {
  return redirect(url, { status: 303, headers: await putFlash(headers, message) });
}
