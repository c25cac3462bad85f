/**
 * One limit for every path that tells whether a discount code is valid (/api/discount-codes/validate,
 * /api/cart/prices and /api/checkout): failed checks per client address, shared by all instances.
 * Each check is counted before it runs (so concurrent guesses cannot slip past together) and given
 * back when the code turned out valid, so a customer re-quoting a cart with a good code never runs out.
 */
import { checkRateLimit, clientKey, refundRateLimit } from "~/lib/rate-limit.server";
import { clientIp } from "~/lib/request.server";

import { CODE_CHECK_LIMIT, TOO_MANY_CODE_CHECKS_MESSAGE } from "./code-checks";

export { CODE_CHECK_LIMIT, TOO_MANY_CODE_CHECKS_MESSAGE } from "./code-checks";

export type CodeCheckTicket =
  | {
      allowed: true;
      /** Call once the verdict is known: a valid code gives the counted check back. */
      settle(valid: boolean): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

export function codeCheckKey(request: Request) {
  return `discount:${clientKey(clientIp(request))}`;
}

/** Counts one code check of this client; refuses when the client has used up its failed checks. */
export async function takeCodeCheck(request: Request): Promise<CodeCheckTicket> {
  const key = codeCheckKey(request);
  const result = await checkRateLimit(key, CODE_CHECK_LIMIT);
  if (!result.allowed) return { allowed: false, retryAfterSeconds: result.retryAfterSeconds };
  let settled = false;
  return {
    allowed: true,
    async settle(valid) {
      if (settled) return;
      settled = true;
      if (valid) await refundRateLimit(key);
    },
  };
}

/** The 429 every code-checking endpoint answers when the limit is reached (Polish, Retry-After). */
export function tooManyCodeChecks(retryAfterSeconds: number) {
  return Response.json(
    { message: TOO_MANY_CODE_CHECKS_MESSAGE },
    {
      status: 429,
      headers: { "Cache-Control": "no-store", "Retry-After": String(retryAfterSeconds) },
    },
  );
}

/**
 * A request that carries a code is a code check too (cart prices, checkout): counted, refused with the
 * 429 when the limit is reached, and settled once the verdict is known. Without a code there is
 * nothing to count and `settle` does nothing.
 */
export async function codeCheckFor(
  request: Request,
  code: string | null | undefined,
): Promise<{ refused: Response } | { refused: null; settle(valid: boolean): Promise<void> }> {
  if (!code) return { refused: null, settle: async () => {} };
  const ticket = await takeCodeCheck(request);
  if (!ticket.allowed) return { refused: tooManyCodeChecks(ticket.retryAfterSeconds) };
  return { refused: null, settle: ticket.settle };
}
