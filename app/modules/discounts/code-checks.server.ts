/**
 * One limit for every path that tells whether a discount code is valid (the cart's `code` form and its
 * checkout): failed checks per client address, shared by all instances. Each check is counted before
 * it runs (so concurrent guesses cannot slip past together) and given back when the code turned out
 * valid, so a customer re-applying a good code never runs out.
 */
import { DomainError } from "~/lib/domain-error";
import { checkRateLimit, clientKey, refundRateLimit } from "~/lib/rate-limit.server";
import { CODE_CHECK_LIMIT, TOO_MANY_CODE_CHECKS_MESSAGE } from "./code-checks";

export { CODE_CHECK_LIMIT, TOO_MANY_CODE_CHECKS_MESSAGE } from "./code-checks";

export const TOO_MANY_CODE_CHECKS_TITLE = "Zbyt wiele prób";

export function codeCheckKey(ip: string) {
  return `discount:${clientKey(ip)}`;
}

/** Settles a counted check once the verdict is known: a valid code gives the check back. */
export type CodeCheck = { settle(valid: boolean): Promise<void> };

/**
 * Counts one code check of the client at `ip`. Throws a 429 DomainError (Retry-After) when the client
 * has used up its failed checks. Without a code there is nothing to count and `settle` does nothing.
 */
export async function codeCheckFor(ip: string, code: string | null | undefined): Promise<CodeCheck> {
  if (!code) return { settle: async () => {} };
  const key = codeCheckKey(ip);
  const result = await checkRateLimit(key, CODE_CHECK_LIMIT);
  if (!result.allowed) {
    throw new DomainError(TOO_MANY_CODE_CHECKS_MESSAGE, 429, "code", {
      title: TOO_MANY_CODE_CHECKS_TITLE,
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
  let settled = false;
  return {
    async settle(valid) {
      if (settled) return;
      settled = true;
      if (valid) await refundRateLimit(key);
    },
  };
}
