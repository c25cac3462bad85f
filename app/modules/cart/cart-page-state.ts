import type { CartActionData, CartNotice } from "./cart-view";

/** A refused cart form: what the page shows at a field or above the summary. */
export type CartRefusal = Extract<CartActionData, { ok: false }>;

/** Fields whose refusals are shown at the field itself (e-mail, discount code, delivery). */
const FIELD_REFUSALS = ["email", "code", "lockerCode", "method"];

/** The refusal in an action's answer, if it refused. */
export function refusalOf(result: CartActionData | null): CartRefusal | null {
  return result && !result.ok ? result : null;
}

/** A refusal of the last plain form stays until the cart changes again (then it is dismissed). */
export function visibleRefusal(shown: CartRefusal | null, dismissed: CartRefusal | null) {
  return shown && shown !== dismissed ? shown : null;
}

/** The refusal shown at the checkout's e-mail field. */
export function emailRefusalOf(refusal: CartRefusal | null) {
  return refusal?.field === "email" ? refusal : null;
}

/** Refusals with a field of their own are shown at it; the rest above the summary. */
export function generalRefusalOf(refusal: CartRefusal | null) {
  return refusal && !FIELD_REFUSALS.includes(refusal.field ?? "") ? refusal : null;
}

/** The messages not yet toasted, marked as toasted: each notice and each answer is toasted once. */
export function untoasted(messages: (CartNotice | null)[], toasted: WeakSet<object>) {
  const fresh: CartNotice[] = [];
  for (const message of messages) {
    if (!message || toasted.has(message)) continue;
    toasted.add(message);
    fresh.push(message);
  }
  return fresh;
}
