// better-auth's HTTP endpoints (/api/auth/*): sign-in, sign-up, sign-out, session, password reset.
// Our own pages use route actions instead; these stay for API clients and pass the same hooks.
import { auth } from "~/lib/auth.server";
import { GENERIC_RATE_LIMIT_MESSAGE } from "~/modules/accounts/messages";
import type { Route } from "./+types/auth";

/** better-auth's own limiter answers in English with X-Retry-After: the same 429 in Polish. */
function polish(response: Response) {
  const retryAfter = response.headers.get("X-Retry-After");
  if (response.status !== 429 || !retryAfter) return response;
  return Response.json(
    { code: "RATE_LIMITED", message: GENERIC_RATE_LIMIT_MESSAGE },
    { status: 429, headers: { "Retry-After": retryAfter, "Cache-Control": "no-store" } },
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  return polish(await auth().handler(request));
}

export async function action({ request }: Route.ActionArgs) {
  return polish(await auth().handler(request));
}
