import { describe, expect, it } from "vitest";
import { parseStockAlertForm } from "./stock-alert.schema";
import { stockAlertMessages, stockAlertRateLimitMessage } from "./stock-alert-texts";

const PRODUCT = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const VARIANT = "0b6f1c9e-2a4d-4f7e-9a51-3c2d1e0f9a8b";

function form(fields: Record<string, string | Blob | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

const valid = { productId: PRODUCT, email: "  Ola@Example.com ", consent: "on" };

describe("the Powiadom mnie form's schema", () => {
  it("takes a product, an optional size, a trimmed address and the ticked consent", () => {
    expect(parseStockAlertForm(form(valid))).toEqual({
      success: true,
      value: { productId: PRODUCT, email: "Ola@Example.com", consent: "on" },
    });
    expect(parseStockAlertForm(form({ ...valid, variantId: VARIANT }))).toMatchObject({
      success: true,
      value: { variantId: VARIANT },
    });
    // The form sends an empty size for the product as a whole.
    const whole = parseStockAlertForm(form({ ...valid, variantId: "" }));
    expect(whole.success && whole.value.variantId).toBeUndefined();
  });

  it("refuses an address that is not one, in Polish", () => {
    for (const email of [
      "",
      "ola",
      "ola@",
      "@example.com",
      "ola nowak@example.com",
      `${"a".repeat(250)}@example.com`,
    ]) {
      const parsed = parseStockAlertForm(form({ ...valid, email }));
      expect(parsed.success, email).toBe(false);
      if (parsed.success) continue;
      expect(parsed.fieldErrors.email?.[0]).toMatch(
        /^(Podaj poprawny adres e-mail|Adres e-mail może mieć maks\. 255 znaków)$/,
      );
    }
    const missing = parseStockAlertForm(form({ productId: PRODUCT, consent: "on" }));
    expect(missing.success === false && missing.fieldErrors.email).toEqual([stockAlertMessages.email]);
  });

  it("needs the consent ticked: only the checkbox's own value counts", () => {
    for (const consent of [undefined, "", "off", "true", "ON", "yes"]) {
      const fields: Record<string, string> = { productId: PRODUCT, email: "ola@example.com" };
      if (consent !== undefined) fields.consent = consent;
      const parsed = parseStockAlertForm(form(fields));
      expect(parsed.success === false && parsed.fieldErrors.consent, String(consent)).toEqual([
        stockAlertMessages.consent,
      ]);
    }
  });

  it("refuses what no form of ours sends in the visitor's fields: a field twice, a file", () => {
    const cases: Record<string, string | Blob | string[]>[] = [
      { ...valid, email: ["ola@example.com", "jan@example.com"] },
      { ...valid, email: new Blob(["ola@example.com"]) },
      { ...valid, consent: ["on", "on"] },
      { ...valid, consent: new Blob(["on"]) },
    ];
    for (const fields of cases) {
      const parsed = parseStockAlertForm(form(fields));
      expect(parsed.success).toBe(false);
      if (parsed.success) continue;
      const messages = Object.values(parsed.fieldErrors).flat();
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(Object.values(stockAlertMessages)).toContain(message);
    }
  });

  // Nothing the visitor can correct: the action refuses them with "Nie znaleziono tego produktu." /
  // "…rozmiaru." (tests/integration/stock-alerts.test.ts), not with "Popraw zaznaczone pola".
  it("marks hidden ids that name nothing (a bad id, one twice, a file) for the action to refuse", () => {
    for (const productId of ["1", "x", "", [PRODUCT, PRODUCT], new Blob([PRODUCT])]) {
      const parsed = parseStockAlertForm(form({ ...valid, productId }));
      expect(parsed, String(productId)).toMatchObject({ success: true, value: { productId: undefined } });
    }
    const { productId: _, ...withoutProduct } = valid;
    const missing = parseStockAlertForm(form(withoutProduct));
    expect(missing.success).toBe(true);
    expect(missing.success && missing.value.productId).toBeUndefined();
    for (const variantId of ["x", "rozmiar-m", [VARIANT, VARIANT], new Blob([VARIANT])]) {
      const parsed = parseStockAlertForm(form({ ...valid, variantId }));
      expect(parsed, String(variantId)).toMatchObject({ success: true, value: { variantId: null } });
    }
    // A valid id is trimmed.
    expect(parseStockAlertForm(form({ ...valid, productId: ` ${PRODUCT} ` }))).toMatchObject({
      success: true,
      value: { productId: PRODUCT },
    });
  });

  it("words the rate limit in whole minutes", () => {
    expect(stockAlertRateLimitMessage(1)).toBe("Zbyt wiele zapisów. Spróbuj ponownie za 1 min.");
    expect(stockAlertRateLimitMessage(601)).toBe("Zbyt wiele zapisów. Spróbuj ponownie za 11 min.");
  });
});
