// POST /api/cart/prices: the cart as the server prices it (lines, availability, discount, delivery, total).
// With a code it is a code check: counted against the shared limit of failed code checks.

import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { sessionUser } from "~/modules/accounts/auth.server";
import { cartQuoteRequestSchema } from "~/modules/cart/cart.schema";
import { json, methodNotAllowed, readJsonRequest } from "~/modules/cart/json.server";
import { quoteCart } from "~/modules/cart/pricing.server";
import { codeCheckFor } from "~/modules/discounts/code-checks.server";
import type { Route } from "./+types/cart-prices";

export function loader() {
  return methodNotAllowed();
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const read = await readJsonRequest(request, cartQuoteRequestSchema);
  if (read.refused) return read.refused;
  const input = read.data;
  try {
    const codeCheck = await codeCheckFor(request, input.discountCode);
    if (codeCheck.refused) return codeCheck.refused;
    const user = await sessionUser({ request, context });
    const quote = await quoteCart(db(), {
      lines: input.lines,
      deliveryMethod: input.deliveryMethod,
      discountCode: input.discountCode ?? null,
      userId: user?.id ?? null,
      email: user?.email ?? null,
    });
    await codeCheck.settle(quote.discount?.valid === true);
    return json(quote);
  } catch (error) {
    logger.error({ err: error }, "cart pricing failed");
    return json({ message: "Nie udało się przeliczyć koszyka. Spróbuj ponownie za chwilę." }, 503);
  }
}
