import { describe, expect, it } from "vitest";
import {
  type CartRefusal,
  emailRefusalOf,
  generalRefusalOf,
  refusalOf,
  untoasted,
  visibleRefusal,
} from "./cart-page-state";

const refusal = (field?: string): CartRefusal => ({
  ok: false,
  intent: "checkout",
  title: "Nie udało się",
  message: "Spróbuj ponownie.",
  ...(field ? { field } : {}),
});

describe("cart page state", () => {
  it("reads a refusal only from a refused answer", () => {
    const refused = refusal();
    expect(refusalOf(refused)).toBe(refused);
    expect(refusalOf({ ok: true, intent: "add", message: "Dodano", count: 1 })).toBeNull();
    expect(refusalOf(null)).toBeNull();
  });

  it("hides a refusal once dismissed, and shows the next one", () => {
    const first = refusal();
    const second = refusal();
    expect(visibleRefusal(first, null)).toBe(first);
    expect(visibleRefusal(first, first)).toBeNull();
    expect(visibleRefusal(second, first)).toBe(second);
    expect(visibleRefusal(null, first)).toBeNull();
  });

  it("shows field refusals at their field and the rest above the summary", () => {
    const email = refusal("email");
    expect(emailRefusalOf(email)).toBe(email);
    expect(generalRefusalOf(email)).toBeNull();
    for (const field of ["code", "lockerCode", "method"]) {
      expect(generalRefusalOf(refusal(field))).toBeNull();
      expect(emailRefusalOf(refusal(field))).toBeNull();
    }
    const general = refusal();
    const quantity = refusal("quantity");
    expect(generalRefusalOf(general)).toBe(general);
    expect(generalRefusalOf(quantity)).toBe(quantity);
    expect(emailRefusalOf(general)).toBeNull();
    expect(generalRefusalOf(null)).toBeNull();
  });

  it("toasts each message once", () => {
    const toasted = new WeakSet<object>();
    const notice = { title: "Kod wygasł", message: "Rabat usunięto." };
    const refused = refusal();
    expect(untoasted([notice, null, refused], toasted)).toEqual([notice, refused]);
    expect(untoasted([notice, refused], toasted)).toEqual([]);
    const next = refusal();
    expect(untoasted([notice, next], toasted)).toEqual([next]);
  });
});
