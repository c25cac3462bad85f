// POST /api/discount-codes/validate (SPEC §7 validate-discount-code): payload code, cartTotal, userId
// (+ the cart's lines, which the server prices itself); answers valid, code, type, discountAmount,
// freeShipping, discountCodeId, message. The user comes from the session, never from the payload.

import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { sessionUser } from "~/modules/accounts/auth.server";
import { cartIssueMessage, discountValidationRequestSchema } from "~/modules/cart/cart.schema";
import { json, methodNotAllowed, readJsonRequest } from "~/modules/cart/json.server";
import { priceCartLines, pricedSubtotal, saleFreeSubtotal } from "~/modules/cart/pricing.server";
import { takeCodeCheck, tooManyCodeChecks } from "~/modules/discounts/code-checks.server";
import { INVALID_CODE_MESSAGE, normalizeDiscountCode } from "~/modules/discounts/discount";
import { validateDiscountCode } from "~/modules/discounts/discount-codes.server";
import type { Route } from "./+types/discount-codes-validate";

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

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const read = await readJsonRequest(request, discountValidationRequestSchema, {
    invalidBody: "Nieprawidłowe żądanie.",
    issueMessage: (error) =>
      cartIssueMessage(error, "") ||
      (error.issues.some((issue) => issue.path[0] === "code")
        ? "Wpisz kod rabatowy"
        : "Nieprawidłowe dane koszyka."),
  });
  if (read.refused) return read.refused;
  const code = normalizeDiscountCode(read.data.code);
  try {
    const ticket = await takeCodeCheck(request);
    if (!ticket.allowed) return tooManyCodeChecks(ticket.retryAfterSeconds);
    const user = await sessionUser({ request, context });
    const executor = db();
    const lines = await priceCartLines(executor, read.data.lines);
    const check = await validateDiscountCode(executor, {
      code,
      subtotal: pricedSubtotal(lines),
      saleFreeSubtotal: saleFreeSubtotal(lines),
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
