import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  allContactMessages,
  contactConstraint,
  contactMessages,
  contactRateLimitMessage,
  contactSchema,
  contactSubjects,
} from "./contact.schema";

const valid = {
  name: "Ola Nowak",
  email: "ola@example.com",
  orderNumber: "",
  subject: "order",
  message: "Czy mogę zmienić rozmiar bluzy na L?",
  gdpr: "on",
};

function form(values: Record<string, string | undefined>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) data.append(key, value);
  return data;
}

/** Parses like the browser and the action do (Conform turns "" into undefined, "on" into true). */
function errorsFor(values: Record<string, string | undefined>) {
  const submission = parseWithZod(form(values), { schema: contactSchema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("contact schema", () => {
  it("accepts a complete message and normalises it", () => {
    const submission = parseWithZod(form({ ...valid, name: "  Ola Nowak ", orderNumber: " #A1B2 " }), {
      schema: contactSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      name: "Ola Nowak",
      email: "ola@example.com",
      orderNumber: "#A1B2",
      subject: "order",
      message: "Czy mogę zmienić rozmiar bluzy na L?",
      gdpr: true,
    });
  });

  it("gives SPEC's message for every rule", () => {
    expect(errorsFor({ ...valid, name: "A" }).name).toEqual([contactMessages.nameMin]);
    expect(errorsFor({ ...valid, name: "   " }).name).toEqual([contactMessages.nameMin]);
    expect(errorsFor({ ...valid, name: undefined }).name).toEqual([contactMessages.nameMin]);
    expect(errorsFor({ ...valid, name: "x".repeat(101) }).name).toEqual([contactMessages.nameMax]);
    expect(errorsFor({ ...valid, email: "nie-email" }).email).toEqual([contactMessages.email]);
    expect(errorsFor({ ...valid, email: "" }).email).toEqual([contactMessages.email]);
    expect(errorsFor({ ...valid, email: `${"a".repeat(250)}@example.com` }).email).toContain(
      contactMessages.emailMax,
    );
    expect(errorsFor({ ...valid, subject: "" }).subject).toEqual([contactMessages.subject]);
    expect(errorsFor({ ...valid, subject: "spam" }).subject).toEqual([contactMessages.subject]);
    expect(errorsFor({ ...valid, message: "za krótko" }).message).toEqual([contactMessages.messageMin]);
    expect(errorsFor({ ...valid, message: "x".repeat(1001) }).message).toEqual([contactMessages.messageMax]);
    expect(errorsFor({ ...valid, gdpr: undefined }).gdpr).toEqual([contactMessages.gdpr]);
    expect(errorsFor({ ...valid, gdpr: "false" }).gdpr).toEqual([contactMessages.gdpr]);
    expect(errorsFor({ ...valid, orderNumber: "x".repeat(51) }).orderNumber).toEqual([
      contactMessages.orderNumberMax,
    ]);
  });

  it("measures lengths after trimming and accepts the boundaries", () => {
    expect(errorsFor({ ...valid, name: " Al " })).toEqual({});
    expect(errorsFor({ ...valid, name: "x".repeat(100) })).toEqual({});
    expect(errorsFor({ ...valid, message: `   ${"x".repeat(9)}   ` }).message).toEqual([
      contactMessages.messageMin,
    ]);
    expect(errorsFor({ ...valid, message: "x".repeat(10) })).toEqual({});
    expect(errorsFor({ ...valid, message: "x".repeat(1000) })).toEqual({});
    for (const subject of contactSubjects) expect(errorsFor({ ...valid, subject })).toEqual({});
  });

  it("stores line breaks as \\n and counts them as one character, like the textarea", () => {
    const submission = parseWithZod(form({ ...valid, message: "Linia 1\r\nLinia 2\rLinia 3" }), {
      schema: contactSchema,
    });
    expect(submission.status === "success" && submission.value.message).toBe("Linia 1\nLinia 2\nLinia 3");
    const lines = Array.from({ length: 200 }, () => "1234").join("\r\n");
    expect(lines.replace(/\r\n/g, "\n")).toHaveLength(999);
    expect(errorsFor({ ...valid, message: lines })).toEqual({});
  });

  it("keeps line breaks in the message but refuses control characters", () => {
    expect(errorsFor({ ...valid, message: "Pierwsza linia\r\nDruga linia\tz tabem" })).toEqual({});
    expect(errorsFor({ ...valid, message: "Zła wiadomość \u0000 z NUL" }).message).toEqual([
      contactMessages.invalidCharacters,
    ]);
    expect(errorsFor({ ...valid, name: "Ola\nBcc: x@example.com" }).name).toEqual([
      contactMessages.invalidCharacters,
    ]);
  });

  it("answers a multi-megabyte message with the length message, not a stack overflow (issue 14)", () => {
    const huge = "a".repeat(20_000_000);
    expect(errorsFor({ ...valid, message: huge }).message).toEqual([contactMessages.messageMax]);
    expect(errorsFor({ ...valid, name: huge }).name).toEqual([contactMessages.nameMax]);
  });

  it("answers a repeated field with a Polish message, not a crash", () => {
    const data = form(valid);
    data.append("name", "Druga");
    data.append("subject", "other");
    const submission = parseWithZod(data, { schema: contactSchema });
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? (submission.error ?? {}) : {};
    expect(Object.keys(errors).sort()).toEqual(["name", "subject"]);
    for (const messages of Object.values(errors)) {
      for (const message of messages ?? []) expect(allContactMessages.has(message)).toBe(true);
    }
  });

  it("describes the inputs' limits consistently with the rules", () => {
    const longest = {
      ...valid,
      name: "x".repeat(contactConstraint.name.maxLength),
      email: `${"a".repeat(contactConstraint.email.maxLength - 12)}@example.com`,
      orderNumber: "1".repeat(contactConstraint.orderNumber.maxLength),
      message: "x".repeat(contactConstraint.message.maxLength),
    };
    expect(longest.email).toHaveLength(255);
    // The longest value an input allows is valid, apart from e-mail local-part rules (64 characters).
    const errors = errorsFor(longest);
    expect(errors.name).toBeUndefined();
    expect(errors.orderNumber).toBeUndefined();
    expect(errors.message).toBeUndefined();
    expect(errors.email ?? []).not.toContain(contactMessages.emailMax);
  });

  it("answers only the length for over-long values, without scanning them (20 MB with control characters)", () => {
    const huge = `${"ż\u0000".repeat(5_000_000)}x`;
    const started = performance.now();
    const errors = errorsFor({ ...valid, name: huge, email: huge, orderNumber: huge, message: huge });
    expect(errors.name).toEqual([contactMessages.nameMax]);
    expect(errors.email).toEqual([contactMessages.emailMax]);
    expect(errors.orderNumber).toEqual([contactMessages.orderNumberMax]);
    expect(errors.message).toEqual([contactMessages.messageMax]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("words the rate-limit message with whole minutes", () => {
    expect(contactRateLimitMessage(30)).toBe("Wysłano zbyt wiele wiadomości. Spróbuj ponownie za 1 min.");
    expect(contactRateLimitMessage(601)).toBe("Wysłano zbyt wiele wiadomości. Spróbuj ponownie za 11 min.");
  });
});
