import { noticeOf } from "~/lib/form-contract";
import type { CartNotice, CartResult } from "./cart-view";

/** A refused cart form (the checkout's, sent by a hydrated form): shown at a field or above the summary. */
export type CartRefusal = CartResult & { ok: false };

/** Fields whose refusals are shown at the field itself (e-mail, discount code, delivery). */
const FIELD_REFUSALS = ["email", "code", "lockerCode", "method"];

/** The refusal in an action's answer, if it refused. */
export function refusalOf(result: CartResult | null): CartRefusal | null {
  return result && !result.ok ? (result as CartRefusal) : null;
}

/** The field a refusal is about: named by a DomainError, or the first the form's schema refused. */
export function refusalField(refusal: CartResult | null): string | null {
  if (!refusal || refusal.ok) return null;
  const errors = refusal.result?.status === "error" ? refusal.result.error : undefined;
  return refusal.field ?? Object.keys(errors ?? {}).find((name) => name !== "") ?? null;
}

/** A refusal as the page prints and toasts it: a title over a message. */
export function refusalNotice(refusal: CartRefusal): CartNotice {
  const notice = noticeOf(refusal);
  return { title: notice.title, message: notice.description ?? "" };
}

/** A refusal of the last plain form stays until the cart changes again (then it is dismissed). */
export function visibleRefusal(shown: CartRefusal | null, dismissed: CartRefusal | null) {
  return shown && shown !== dismissed ? shown : null;
}

/** The refusal shown at the checkout's e-mail field. */
export function emailRefusalOf(refusal: CartRefusal | null) {
  return refusalField(refusal) === "email" ? refusal : null;
}

/** Refusals with a field of their own are shown at it; the rest above the summary. */
export function generalRefusalOf(refusal: CartRefusal | null) {
  return refusal && !FIELD_REFUSALS.includes(refusalField(refusal) ?? "") ? refusal : null;
}

/** The messages not yet toasted, marked as toasted: each notice and each answer is toasted once. */
export function untoasted<T extends object>(messages: (T | null)[], toasted: WeakSet<object>) {
  const fresh: T[] = [];
  for (const message of messages) {
    if (!message || toasted.has(message)) continue;
    toasted.add(message);
    fresh.push(message);
  }
  return fresh;
}
