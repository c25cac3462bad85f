/**
 * What the browser may send about a cart: product/variant ids and quantities only, never prices
 * (ARCHITECTURE "Rules that keep the shop honest"). The one source of the cart's rules: the stored
 * cart's checkout request, and one schema per form of `/cart` (decision 031), read by the cart
 * route's intent table through `handleFormAction`.
 */
import { z } from "zod";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "~/lib/text-fields";
import { normalizeDiscountCode } from "~/modules/discounts/discount";
import { attendeeMessages, attendeeSchema, MAX_TICKETS_PER_LINE } from "~/modules/tickets/attendees";
import { DELIVERY_METHODS } from "./delivery-choice";
import {
  CHECKOUT_EMAIL_INVALID_MESSAGE,
  DELIVERY_METHOD_MESSAGE,
  ENTER_CODE_MESSAGE,
  INVALID_CODE_FORM_MESSAGE,
  INVALID_FORM_MESSAGE,
  LOCKER_REQUIRED_MESSAGE,
  MAX_ADDED_AT_ONCE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  QUANTITY_MESSAGE,
  TICKET_QUANTITY_MESSAGE,
} from "./limits";

export {
  CHECKOUT_EMAIL_INVALID_MESSAGE,
  INVALID_CART_MESSAGE,
  INVALID_FORM_MESSAGE,
  LOCKER_CODE_MESSAGE,
  LOCKER_REQUIRED_MESSAGE,
  LOCKER_REQUIRED_TITLE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  QUANTITY_MESSAGE,
  TICKET_QUANTITY_MESSAGE,
} from "./limits";

/** A one-line string of the cart's bodies: no control characters (NUL would make the database fail). */
const text = () => z.string().refine(noControlChars, { message: CONTROL_CHARS_MESSAGE });

/**
 * One line: ids are strings (an old or hand-edited cart may hold ids that are not UUIDs; pricing
 * reports such lines as unavailable instead of refusing the whole cart).
 */
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

/**
 * What a checkout starts from: the stored cart as the server reads it (decision 031), checked again
 * as a whole (the browser's only say is the press of the button).
 */
/** A ticket line of a checkout: the type, how many, each ticket's name (issue #40). */
export const ticketRequestSchema = z.object({
  ticketTypeId: z.uuid(),
  quantity: z.number().int().min(1).max(MAX_TICKETS_PER_LINE),
  attendees: z.array(attendeeSchema).max(MAX_TICKETS_PER_LINE),
  /** A ticket given back, bought from a waiting-list offer (the offer's page; never the cart's). */
  offerId: z.uuid().optional(),
});
export type TicketRequest = z.infer<typeof ticketRequestSchema>;

export const checkoutRequestSchema = z
  .object({
    lines: z.array(cartLineSchema).max(MAX_CART_LINES),
    tickets: z.array(ticketRequestSchema).max(MAX_CART_LINES).default([]),
    /** The buyer confirmed every attendee is 18 or older (asked when the cart holds tickets). */
    adult: z.boolean().default(false),
    deliveryMethod: z.enum(["courier", "inpost", "none"]),
    locker: lockerSchema.nullable(),
    discountCode: discountCodeInputSchema.nullable(),
    email: checkoutEmailSchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.lines.length === 0 && value.tickets.length === 0) {
      ctx.addIssue({ code: "custom", path: ["lines"], message: INVALID_FORM_MESSAGE });
    }
    // Something to ship, shipped the chosen way; tickets only, nothing to ship.
    if (value.lines.length > 0 === (value.deliveryMethod === "none")) {
      ctx.addIssue({ code: "custom", path: ["deliveryMethod"], message: DELIVERY_METHOD_MESSAGE });
    }
    if (value.deliveryMethod === "inpost" && !value.locker) {
      ctx.addIssue({ code: "custom", path: ["locker"], message: LOCKER_REQUIRED_MESSAGE });
    }
    for (const [index, line] of value.tickets.entries()) {
      if (line.attendees.length !== line.quantity) {
        ctx.addIssue({
          code: "custom",
          path: ["tickets", index, "attendees"],
          message: attendeeMessages.missing,
        });
      }
    }
    if (value.tickets.length > 0 && !value.adult) {
      ctx.addIssue({ code: "custom", path: ["adult"], message: attendeeMessages.adult });
    }
  });

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

// The forms of `/cart` (every field a string, as a form sends it; an empty field arrives as absent).

/** An id a form of ours sends: one line, no control characters, at most `max` characters. */
const formId = (max = 100) =>
  z
    .string({ error: INVALID_FORM_MESSAGE })
    .trim()
    .min(1, INVALID_FORM_MESSAGE)
    .max(max, INVALID_FORM_MESSAGE)
    .refine(noControlChars, { message: INVALID_FORM_MESSAGE });

/** A quantity as typed: plain digits, 1–99 (no signs, exponents, fractions or 10^9). */
export const quantityFieldSchema = z
  .string({ error: QUANTITY_MESSAGE })
  .regex(/^\s*\d{1,3}\s*$/, QUANTITY_MESSAGE)
  .transform(Number)
  .pipe(z.number().min(1, QUANTITY_MESSAGE).max(MAX_LINE_QUANTITY, QUANTITY_MESSAGE));

/**
 * `add`: aligned productId / variantId / quantity fields (one product, or the bundle's few); an empty
 * variantId is a product without sizes, an absent quantity is 1. `returnTo` is read by the route.
 */
export const addToCartFormSchema = z
  .object({
    productId: z
      .array(formId(), { error: INVALID_FORM_MESSAGE })
      .min(1, INVALID_FORM_MESSAGE)
      .max(MAX_ADDED_AT_ONCE, INVALID_FORM_MESSAGE),
    variantId: z.array(formId().optional()).optional(),
    quantity: z.array(quantityFieldSchema.optional()).optional(),
  })
  .refine(
    (form) =>
      (form.variantId?.length ?? 0) <= form.productId.length &&
      (form.quantity?.length ?? 0) <= form.productId.length,
    { message: INVALID_FORM_MESSAGE },
  );

/** The lines an add form names, aligned by position. */
export function addedLines(form: z.output<typeof addToCartFormSchema>) {
  return form.productId.map((productId, index) => ({
    productId,
    variantId: form.variantId?.[index] ?? null,
    quantity: form.quantity?.[index] ?? 1,
  }));
}

export const lineFormSchema = z.object({ line: formId() });

export const quantityFormSchema = z.object({ line: formId(), quantity: quantityFieldSchema });

export const deliveryFormSchema = z.object({
  method: z.enum(DELIVERY_METHODS, { error: DELIVERY_METHOD_MESSAGE }),
});

/** InPost's locker names: letters, digits and dashes (WRO01M, KRA010, POP-WRO12). */
const LOCKER_CODE = /^[A-Z0-9-]{3,16}$/;
const lockerText = (max: number) => text().trim().min(1).max(max);

/**
 * `locker`: the map's choice (id, name, address lines), or without scripts a code typed by hand, which
 * becomes the locker's id and name (InPost ships to a locker by its name).
 */
export const lockerFormSchema = z
  .union([
    z.object({
      lockerCode: z
        .string()
        .transform((code) => code.trim().toUpperCase())
        .pipe(z.string().regex(LOCKER_CODE)),
    }),
    z.object({
      lockerId: lockerText(64),
      lockerName: lockerText(64),
      lockerLine1: lockerText(200),
      lockerLine2: text().trim().max(200).optional(),
    }),
  ])
  .transform((form) =>
    "lockerCode" in form
      ? {
          id: form.lockerCode,
          name: form.lockerCode,
          address: { line1: `Paczkomat InPost ${form.lockerCode}`, line2: "" },
        }
      : {
          id: form.lockerId,
          name: form.lockerName,
          address: { line1: form.lockerLine1, line2: form.lockerLine2 ?? "" },
        },
  );

/** `code`: upper-cased as the field does with scripts; letters, digits, `_` and `-`, at most 64. */
export const discountCodeFormSchema = z.object({
  code: z
    .string({ error: ENTER_CODE_MESSAGE })
    .transform(normalizeDiscountCode)
    .pipe(
      z
        .string()
        .min(1, ENTER_CODE_MESSAGE)
        .max(64, INVALID_CODE_FORM_MESSAGE)
        .regex(/^[\p{L}\p{N}_-]+$/u, INVALID_CODE_FORM_MESSAGE),
    ),
});

export const emptyFormSchema = z.object({});

export const emailFormSchema = z.object({
  email: z.string({ error: CHECKOUT_EMAIL_INVALID_MESSAGE }).pipe(checkoutEmailSchema),
});

/**
 * `checkout`: a guest's e-mail, when the cart asks for one (stored first), and with tickets in the
 * cart the box confirming every attendee is 18+ (`adult=on`; checked by the checkout, which knows
 * whether the cart holds tickets).
 */
export const checkoutFormSchema = z.object({
  email: checkoutEmailSchema.optional(),
  // Any other value is an unticked box: the checkout refuses tickets without it, in its own words.
  adult: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

// Ticket lines (issue #40).

/** Tickets as typed: plain digits, 1–20 (a type's own max per order is checked by the server). */
export const ticketQuantityFieldSchema = z
  .string({ error: TICKET_QUANTITY_MESSAGE })
  .regex(/^\s*\d{1,2}\s*$/, TICKET_QUANTITY_MESSAGE)
  .transform(Number)
  .pipe(z.number().min(1, TICKET_QUANTITY_MESSAGE).max(MAX_TICKETS_PER_LINE, TICKET_QUANTITY_MESSAGE));

/** `add-ticket`: a type of a night, how many (default 1); `returnTo` is read by the route. */
export const addTicketFormSchema = z.object({
  ticketTypeId: formId(),
  quantity: ticketQuantityFieldSchema.optional().default(1),
});

/** `ticket-quantity`: a ticket line's id and its new quantity.   `remove-ticket`: the line's id. */
export const ticketQuantityFormSchema = z.object({
  ticketLine: formId(),
  quantity: ticketQuantityFieldSchema,
});
export const ticketLineFormSchema = z.object({ ticketLine: formId() });

/** `attendees`: a ticket line's id and each ticket's name, `attendees[i].firstName` / `.lastName`. */
export const attendeesFormSchema = z.object({
  ticketLine: formId(),
  attendees: z
    .array(
      z.object({
        firstName: z.string({ error: attendeeMessages.firstName }).pipe(attendeeSchema.shape.firstName),
        lastName: z.string({ error: attendeeMessages.lastName }).pipe(attendeeSchema.shape.lastName),
      }),
      { error: attendeeMessages.missing },
    )
    .min(1, attendeeMessages.missing)
    .max(MAX_TICKETS_PER_LINE, INVALID_FORM_MESSAGE),
});

/** `takeover`: the old local-storage cart as JSON; what is not a line is left out, not refused. */
export const takeoverFormSchema = z.object({
  lines: z
    .string({ error: INVALID_FORM_MESSAGE })
    .max(64 * 1024, INVALID_FORM_MESSAGE)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: INVALID_FORM_MESSAGE });
        return z.NEVER;
      }
    })
    .pipe(z.array(z.unknown(), { error: INVALID_FORM_MESSAGE }))
    .transform((entries) => entries.slice(0, MAX_CART_LINES).flatMap(oldCartLine)),
});

function oldCartLine(entry: unknown): CartLineInput[] {
  if (!entry || typeof entry !== "object") return [];
  const line = entry as Record<string, unknown>;
  const quantity = line.quantity;
  if (typeof quantity !== "number" || !Number.isSafeInteger(quantity) || quantity < 1) return [];
  const parsed = cartLineSchema.safeParse({
    productId: line.productId,
    variantId: line.variantId ?? null,
    quantity: Math.min(quantity, MAX_LINE_QUANTITY),
  });
  return parsed.success ? [parsed.data] : [];
}
