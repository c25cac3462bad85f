import { describe, expect, it } from "vitest";
import {
  parseTestEmailData,
  sampleJson,
  TEST_EMAIL_TEMPLATES,
  testEmailMessages,
} from "./test-emails.schema";

describe("test e-mail data", () => {
  it.each(TEST_EMAIL_TEMPLATES)("%s: the sample matches the template's props", (template) => {
    expect(parseTestEmailData(template, sampleJson(template)).ok).toBe(true);
  });

  it("turns ISO dates into dates", () => {
    const parsed = parseTestEmailData("invitation", sampleJson("invitation"));
    expect(parsed.ok && parsed.props.expiresAt).toEqual(new Date("2026-01-17T22:00:00Z"));
  });

  it("explains bad JSON and a wrong shape in Polish", () => {
    expect(parseTestEmailData("welcome", "")).toEqual({ ok: false, message: testEmailMessages.emptyJson });
    expect(parseTestEmailData("welcome", "{'a': 1}")).toEqual({
      ok: false,
      message: testEmailMessages.invalidJson,
    });
    expect(parseTestEmailData("welcome", "null")).toEqual({
      ok: false,
      message: testEmailMessages.notObject,
    });
    const wrong = parseTestEmailData(
      "welcome",
      JSON.stringify({ ...JSON.parse(sampleJson("welcome")), verifyValidHours: "24" }),
    );
    expect(wrong).toEqual({
      ok: false,
      message: "Nieprawidłowe dane w polu „verifyValidHours”: oczekiwano: liczbę",
    });
    const missing = parseTestEmailData(
      "delivery-confirmation",
      JSON.stringify({ orderNumber: "A1", customerName: null }),
    );
    expect(missing).toEqual({ ok: false, message: "Nieprawidłowe dane w polu „items”: pole jest wymagane" });
    const tooLong = parseTestEmailData("welcome", `{"name": "${"x".repeat(20_001)}"}`);
    expect(tooLong).toEqual({ ok: false, message: testEmailMessages.tooLong });
  });
});
