/**
 * Issue 14: a NUL byte (or any other control character) in a text field of an admin form is refused
 * by the form's schema with a Polish message, instead of reaching PostgreSQL (which refuses NUL with
 * an error, a 500) or a page, e-mail or CSV.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldMessages, MULTI_LINE } from "~/lib/form-fields.schema";
import { sendInvitationSchema } from "~/modules/accounts/invitations.schema";
import { productFormSchema } from "~/modules/catalog/product-form.schema";
import { ambassadorFormSchema, ambassadorMessages } from "~/modules/content/ambassadors.schema";
import { eventFormSchema } from "~/modules/content/event-form.schema";
import { galleryFormSchema, galleryMessages } from "~/modules/content/galleries.schema";
import { discountCodeFormSchema, discountCodeMessages } from "~/modules/discounts/discount-codes.schema";
import { parseTestEmailData, testEmailMessages } from "~/modules/mail/test-emails.schema";

const CONTROL = ["\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\u007f", "\u0085", "\u009f"];

/** The messages zod gives for one field of a (possibly otherwise incomplete) form value. */
function errorsAt(schema: z.ZodType, value: Record<string, unknown>, field: string): string[] {
  const result = schema.safeParse(value);
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path.join(".") === field)
    .map((issue) => issue.message);
}

const cases: {
  form: string;
  schema: z.ZodType;
  base: Record<string, unknown>;
  fields: string[];
  message: string;
}[] = [
  {
    form: "ambassador",
    schema: ambassadorFormSchema,
    base: { intent: "create", instagramUrl: "https://www.instagram.com/x" },
    fields: ["name", "bio"],
    message: ambassadorMessages.invalidCharacters,
  },
  {
    form: "gallery",
    schema: galleryFormSchema,
    base: { intent: "create", slug: "galeria" },
    fields: ["title", "description", "date", "location"],
    message: galleryMessages.invalidCharacters,
  },
  {
    form: "product",
    schema: productFormSchema,
    base: { slug: "produkt" },
    fields: ["name", "description", "metaDescription", "brand"],
    message: fieldMessages.invalidCharacters,
  },
  {
    form: "event",
    schema: eventFormSchema,
    base: { slug: "wydarzenie" },
    fields: ["title", "venue", "city", "address", "manifesto"],
    message: fieldMessages.invalidCharacters,
  },
  {
    form: "discount code",
    schema: discountCodeFormSchema,
    base: { type: "free_shipping", code: "LATO" },
    fields: ["description"],
    message: discountCodeMessages.invalidCharacters,
  },
];

describe("admin forms refuse control characters (issue 14)", () => {
  for (const { form, schema, base, fields, message } of cases) {
    it(`${form}: ${fields.join(", ")}`, () => {
      for (const field of fields) {
        for (const bad of CONTROL) {
          const errors = errorsAt(schema, { ...base, [field]: `Tekst${bad} dalej tekst` }, field);
          expect(errors, `${form}.${field} with U+${bad.charCodeAt(0).toString(16)}`).toContain(message);
        }
        expect(errorsAt(schema, { ...base, [field]: "Zwykły tekst, bez niespodzianek" }, field)).toEqual([]);
      }
    });
  }

  it("keeps line breaks and tabs in multi-line fields", () => {
    expect(
      errorsAt(galleryFormSchema, { intent: "create", description: "Linia 1\r\n\tLinia 2" }, "description"),
    ).toEqual([]);
    expect(MULTI_LINE.test("Linia 1\r\n\tLinia 2")).toBe(true);
    expect(MULTI_LINE.test("Linia 1\u0000")).toBe(false);
  });

  it("checks a multi-megabyte value without overflowing the stack", () => {
    expect(MULTI_LINE.test("a".repeat(20_000_000))).toBe(true);
  });

  it("invitation: a NUL in the address is refused in Polish", () => {
    const result = sendInvitationSchema.safeParse({ email: "ola\u0000@example.pl", role: "user" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Pole zawiera niedozwolone znaki sterujące",
    ]);
  });

  it("test e-mails: a control character anywhere in the JSON data is refused in Polish", () => {
    const data = JSON.stringify({
      email: "ola@example.pl",
      name: "Ola\u0000",
      verifyUrl: "https://example.pl/verify",
      verifyValidHours: 24,
    });
    expect(parseTestEmailData("welcome", data)).toEqual({
      ok: false,
      message: testEmailMessages.controlChars,
    });
  });
});
