/**
 * The cart's forms as the server reads them (decision 031): every field a string, every refusal a
 * Polish message naming its field. Pure, so the rules are unit-tested; the action is
 * cart-route.server.ts.
 */
import { noControlChars } from "~/lib/text-fields";
import type { ParcelLocker } from "../../../db/schema";
import { CART_INTENTS, type CartIntent } from "./cart-view";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./limits";

export type FormRefusal = { refused: { message: string; field?: string } };
type Parsed<T> = { value: T; refused?: undefined } | FormRefusal;

export const QUANTITY_MESSAGE = `Nieprawidłowa ilość. Podaj liczbę od 1 do ${MAX_LINE_QUANTITY}.`;
export const INVALID_FORM_MESSAGE = "Nieprawidłowe dane formularza. Odśwież stronę i spróbuj ponownie.";
export const LOCKER_CODE_MESSAGE = "Nieprawidłowy kod Paczkomatu. Wpisz kod z mapy InPost, np. WRO01M.";
/** A bundle has the product and two more; a form with more is not ours. */
export const MAX_ADDED_AT_ONCE = 5;

function field(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" ? value : null;
}

export function readIntent(form: FormData): CartIntent | null {
  const intent = field(form, "intent");
  return CART_INTENTS.find((candidate) => candidate === intent) ?? null;
}

/** A quantity as typed: plain digits, 1–99 (no signs, exponents, fractions or 10^9). */
export function parseQuantity(raw: string | null, fallback?: number): Parsed<number> {
  if ((raw === null || raw === "") && fallback !== undefined) return { value: fallback };
  if (raw === null || !/^\d{1,3}$/.test(raw.trim()))
    return { refused: { message: QUANTITY_MESSAGE, field: "quantity" } };
  const value = Number(raw.trim());
  if (value < 1 || value > MAX_LINE_QUANTITY)
    return { refused: { message: QUANTITY_MESSAGE, field: "quantity" } };
  return { value };
}

/** One text field: present, one line, no control characters, at most `max` characters. */
function text(raw: string | null, max: number): string | null {
  if (raw === null) return null;
  const value = raw.trim();
  if (value.length === 0 || value.length > max || !noControlChars(value)) return null;
  return value;
}

/** `add`: aligned productId / variantId / quantity fields (one product, or the bundle's few). */
export function parseAddForm(
  form: FormData,
): Parsed<{ productId: string; variantId: string | null; quantity: number }[]> {
  const productIds = form.getAll("productId");
  const variantIds = form.getAll("variantId");
  const quantities = form.getAll("quantity");
  if (productIds.length === 0 || productIds.length > MAX_ADDED_AT_ONCE) {
    return { refused: { message: INVALID_FORM_MESSAGE } };
  }
  if (variantIds.length > productIds.length || quantities.length > productIds.length) {
    return { refused: { message: INVALID_FORM_MESSAGE } };
  }
  const lines: { productId: string; variantId: string | null; quantity: number }[] = [];
  for (const [index, rawProduct] of productIds.entries()) {
    const productId = typeof rawProduct === "string" ? text(rawProduct, 100) : null;
    if (!productId) return { refused: { message: INVALID_FORM_MESSAGE } };
    const rawVariant = variantIds[index];
    if (rawVariant !== undefined && typeof rawVariant !== "string") {
      return { refused: { message: INVALID_FORM_MESSAGE } };
    }
    const variantId = rawVariant ? text(rawVariant, 100) : null;
    if (rawVariant && !variantId) return { refused: { message: INVALID_FORM_MESSAGE, field: "variantId" } };
    const rawQuantity = quantities[index];
    const quantity = parseQuantity(typeof rawQuantity === "string" ? rawQuantity : null, 1);
    if (quantity.refused) return quantity;
    lines.push({ productId, variantId, quantity: quantity.value });
  }
  return { value: lines };
}

export function parseLineForm(form: FormData): Parsed<string> {
  const line = text(field(form, "line"), 100);
  return line ? { value: line } : { refused: { message: INVALID_FORM_MESSAGE, field: "line" } };
}

/** InPost's locker names: letters, digits and dashes (WRO01M, KRA010, POP-WRO12). */
const LOCKER_CODE = /^[A-Z0-9-]{3,16}$/;

/**
 * `locker`: the map's choice (id, name, address lines), or without scripts a code typed by hand, which
 * becomes the locker's id and name (InPost ships to a locker by its name).
 */
export function parseLockerForm(form: FormData): Parsed<ParcelLocker> {
  const typed = field(form, "lockerCode");
  if (typed !== null) {
    const code = typed.trim().toUpperCase();
    if (!LOCKER_CODE.test(code)) return { refused: { message: LOCKER_CODE_MESSAGE, field: "lockerCode" } };
    return { value: { id: code, name: code, address: { line1: `Paczkomat InPost ${code}`, line2: "" } } };
  }
  const id = text(field(form, "lockerId"), 64);
  const name = text(field(form, "lockerName"), 64);
  const line1 = text(field(form, "lockerLine1"), 200);
  const rawLine2 = field(form, "lockerLine2") ?? "";
  const line2 = rawLine2.trim() === "" ? "" : text(rawLine2, 200);
  if (!id || !name || !line1 || line2 === null)
    return { refused: { message: LOCKER_CODE_MESSAGE, field: "lockerCode" } };
  return { value: { id, name, address: { line1, line2 } } };
}

/** `takeover`: the old local-storage cart as JSON; what is not a line is left out, not refused. */
export function parseTakeoverForm(
  form: FormData,
): Parsed<{ productId: string; variantId: string | null; quantity: number }[]> {
  const raw = field(form, "lines");
  if (raw === null || raw.length > 64 * 1024) return { refused: { message: INVALID_FORM_MESSAGE } };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { refused: { message: INVALID_FORM_MESSAGE } };
  }
  if (!Array.isArray(value)) return { refused: { message: INVALID_FORM_MESSAGE } };
  const lines: { productId: string; variantId: string | null; quantity: number }[] = [];
  for (const entry of value.slice(0, MAX_CART_LINES)) {
    if (!entry || typeof entry !== "object") continue;
    const line = entry as Record<string, unknown>;
    const productId = typeof line.productId === "string" ? text(line.productId, 100) : null;
    const variantId = typeof line.variantId === "string" ? text(line.variantId, 100) : null;
    const quantity = line.quantity;
    if (!productId || (line.variantId != null && !variantId)) continue;
    if (typeof quantity !== "number" || !Number.isSafeInteger(quantity) || quantity < 1) continue;
    lines.push({ productId, variantId, quantity: Math.min(quantity, MAX_LINE_QUANTITY) });
  }
  return { value: lines };
}
