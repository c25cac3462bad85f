// POST /api/cart/prices: the cart as the server prices it (lines, availability, discount, delivery, total).
import type { z } from "zod";
import { getSessionUser } from "~/lib/auth.server";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { cartQuoteRequestSchema, INVALID_CART_MESSAGE } from "~/modules/cart/cart.schema";
import { BadRequest, json, methodNotAllowed, readJsonBody } from "~/modules/cart/json.server";
import { quoteCart } from "~/modules/cart/pricing.server";
import type { Route } from "./+types/cart-prices";

export function loader() {
  return methodNotAllowed();
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  let input: z.infer<typeof cartQuoteRequestSchema>;
  try {
    const parsed = cartQuoteRequestSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return json({ message: INVALID_CART_MESSAGE }, 400);
    input = parsed.data;
  } catch (error) {
    if (error instanceof BadRequest) return json({ message: INVALID_CART_MESSAGE }, 400);
    throw error;
  }
  try {
    const user = await getSessionUser(request);
    const quote = await quoteCart(db(), {
      lines: input.lines,
      deliveryMethod: input.deliveryMethod,
      discountCode: input.discountCode ?? null,
      userId: user?.id ?? null,
      email: user?.email ?? null,
    });
    return json(quote);
  } catch (error) {
    logger.error({ err: error }, "cart pricing failed");
    return json({ message: "Nie udało się przeliczyć koszyka. Spróbuj ponownie za chwilę." }, 503);
  }
}
