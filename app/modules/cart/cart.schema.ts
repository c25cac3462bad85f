/**
 * What the browser may send about a cart: product/variant ids and quantities only, never prices
 * (ARCHITECTURE "Rules that keep the shop honest"). Shared by /api/cart/prices,
 * /api/discount-codes/validate and the checkout endpoint.
 */
import { z } from "zod";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "~/lib/text-fields";
import { DELIVERY_METHODS } from "./delivery-choice";
import {
  CHECKOUT_EMAIL_INVALID_MESSAGE,
  INVALID_CART_MESSAGE,
  LOCKER_REQUIRED_MESSAGE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
} from "./limits";

export {
  CHECKOUT_EMAIL_INVALID_MESSAGE,
  INVALID_CART_MESSAGE,
  LOCKER_REQUIRED_MESSAGE,
  LOCKER_REQUIRED_TITLE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
} from "./limits";

/**
 * One line: ids are strings (an old or hand-edited cart may hold ids that are not UUIDs; pricing
 * reports such lines as unavailable instead of refusing the whole cart).
 */
/** A one-line string of the cart's bodies: no control characters (NUL would make the database fail). */
const text = () => z.string().refine(noControlChars, { message: CONTROL_CHARS_MESSAGE });

export const cartLineSchema = z.object({
  productId: text().trim().min(1).max(100),
  variantId: text().trim().min(1).max(100).nullable(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

export type CartLineInput = z.infer<typeof cartLineSchema>;

export const cartLinesSchema = z.array(cartLineSchema).min(1).max(MAX_CART_LINES);

/** The parcel locker chosen in InPost's Geowidget (its `name` is the locker code, e.g. "WRO01M"). */
export const lockerSchema = z.object({
  id: text().trim().min(1).max(64),
  name: text().trim().min(1).max(64),
  address: z.object({
    line1: text().trim().min(1).max(200),
    line2: text().trim().max(200).optional().default(""),
  }),
});

export type LockerInput = z.infer<typeof lockerSchema>;

export const discountCodeInputSchema = text().trim().max(64);

/**
 * The buyer's e-mail, asked in the cart only when a guest uses a first-order code: the payment
 * session is then locked to it.
 */
export const checkoutEmailSchema = text()
  .trim()
  .max(255, CHECKOUT_EMAIL_INVALID_MESSAGE)
  .pipe(z.email(CHECKOUT_EMAIL_INVALID_MESSAGE));

/** Body of POST /api/checkout (issue 6): the browser's whole say in an order. */
export const checkoutRequestSchema = z
  .object({
    lines: cartLinesSchema,
    deliveryMethod: z.enum(DELIVERY_METHODS),
    locker: lockerSchema.nullable(),
    discountCode: discountCodeInputSchema.nullable(),
    email: checkoutEmailSchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.deliveryMethod === "inpost" && !value.locker) {
      ctx.addIssue({ code: "custom", path: ["locker"], message: LOCKER_REQUIRED_MESSAGE });
    }
  });

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Body of POST /api/cart/prices. */
export const cartQuoteRequestSchema = z.object({
  lines: z.array(cartLineSchema).max(MAX_CART_LINES),
  deliveryMethod: z.enum(DELIVERY_METHODS).default("courier"),
  discountCode: discountCodeInputSchema.nullable().optional(),
});

/**
 * Body of POST /api/discount-codes/validate: SPEC's payload (code, cartTotal, userId) plus the cart's
 * lines, which the server prices itself. `cartTotal` and `userId` are accepted for compatibility and
 * never trusted: the total comes from the lines, the user from the session.
 */
export const discountValidationRequestSchema = z.object({
  code: text().trim().min(1).max(64),
  cartTotal: z.number().optional(),
  userId: text().max(100).nullable().optional(),
  lines: z.array(cartLineSchema).max(MAX_CART_LINES),
});

/** Messages of ours a refusal may show; anything else (zod's own English text) becomes `fallback`. */
const OWN_MESSAGES = new Set([
  CONTROL_CHARS_MESSAGE,
  LOCKER_REQUIRED_MESSAGE,
  CHECKOUT_EMAIL_INVALID_MESSAGE,
]);

/** The Polish message for a refused cart body: ours when a rule of ours refused it, else the generic one. */
export function cartIssueMessage(error: z.ZodError, fallback = INVALID_CART_MESSAGE) {
  return error.issues.find((issue) => OWN_MESSAGES.has(issue.message))?.message ?? fallback;
}
