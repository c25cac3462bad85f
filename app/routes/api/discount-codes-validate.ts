// POST /api/discount-codes/validate (SPEC §7 validate-discount-code): payload code, cartTotal, userId
// (+ the cart's lines, which the server prices itself); answers valid, code, type, discountAmount,
// freeShipping, discountCodeId, message. The user comes from the session, never from the payload.
import { getSessionUser } from "~/lib/auth.server";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { cartIssueMessage, discountValidationRequestSchema } from "~/modules/cart/cart.schema";
import { BadRequest, json, methodNotAllowed, readJsonBody } from "~/modules/cart/json.server";
import { priceCartLines, pricedSubtotal, validateDiscountCode } from "~/modules/cart/pricing.server";
import { CODE_CHECK_LIMIT, TOO_MANY_CODE_CHECKS_MESSAGE } from "~/modules/discounts/code-checks";
import { takeCodeCheck, tooManyCodeChecks } from "~/modules/discounts/code-checks.server";
import { INVALID_CODE_MESSAGE, normalizeDiscountCode } from "~/modules/discounts/discount";
import type { Route } from "./+types/discount-codes-validate";

/** The shared limit of failed code checks (with /api/cart/prices and /api/checkout). */
export const DISCOUNT_CHECK_LIMIT = CODE_CHECK_LIMIT;
export const TOO_MANY_CHECKS_MESSAGE = TOO_MANY_CODE_CHECKS_MESSAGE;

export type DiscountValidationResponse = {
  valid: boolean;
  code: string;
  type: "fixed_amount" | "percentage" | "free_shipping" | "combo" | null;
  discountAmount: number;
  freeShipping: boolean;
  discountCodeId: string | null;
  message: string;
};

export function loader() {
  return methodNotAllowed();
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  let body: unknown;
  try {
    body = await readJsonBody(request);
  } catch (error) {
    if (error instanceof BadRequest) return json({ message: "Nieprawidłowe żądanie." }, 400);
    throw error;
  }
  const parsed = discountValidationRequestSchema.safeParse(body);
  if (!parsed.success) {
    const codeMissing = parsed.error.issues.some((issue) => issue.path[0] === "code");
    const own = cartIssueMessage(parsed.error, "");
    return json(
      { message: own || (codeMissing ? "Wpisz kod rabatowy" : "Nieprawidłowe dane koszyka.") },
      400,
    );
  }
  const code = normalizeDiscountCode(parsed.data.code);
  try {
    const ticket = await takeCodeCheck(request);
    if (!ticket.allowed) return tooManyCodeChecks(ticket.retryAfterSeconds);
    const user = await getSessionUser(request);
    const executor = db();
    const subtotal = pricedSubtotal(await priceCartLines(executor, parsed.data.lines));
    const check = await validateDiscountCode(executor, {
      code,
      subtotal,
      userId: user?.id ?? null,
      email: user?.email ?? null,
    });
    await ticket.settle(check.valid);
    const response: DiscountValidationResponse = check.valid
      ? {
          valid: true,
          code: check.code,
          type: check.type,
          discountAmount: check.discountAmount,
          freeShipping: check.freeShipping,
          discountCodeId: check.discountCodeId,
          message: check.message,
        }
      : {
          valid: false,
          code,
          type: null,
          discountAmount: 0,
          freeShipping: false,
          discountCodeId: null,
          message: check.message || INVALID_CODE_MESSAGE,
        };
    return json(response);
  } catch (error) {
    logger.error({ err: error }, "discount code validation failed");
    return json({ message: "Błąd sprawdzania kodu" }, 503);
  }
}
