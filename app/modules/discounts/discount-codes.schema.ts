/**
 * The discount codes tab (SPEC §2, §5 Discount code form, §8): the create/edit form's schema, shared by
 * the dialog (Conform) and the action, and the table's quick actions. Beyond SPEC, a percentage above
 * 100 is refused (the database refuses it too). Messages SPEC does not give follow its tone.
 */
import { z } from "zod";
import { parsePln } from "~/lib/money";
import { type DISCOUNT_TYPES, MAX_CODE_LENGTH, normalizeDiscountCode } from "./discount";
import { endOfDayInWarsaw } from "./discount-codes";

export const discountCodeMessages = {
  // SPEC §8
  loadFailed: "Błąd pobierania kodów rabatowych",
  saveFailed: "Błąd zapisu kodu rabatowego",
  deleteFailed: "Błąd usuwania kodu",
  activeFailed: "Błąd zmiany statusu",
  updated: "Kod rabatowy został zaktualizowany",
  created: "Kod rabatowy został utworzony",
  deleted: "Kod rabatowy został usunięty",
  activated: "Kod aktywowany",
  deactivated: "Kod dezaktywowany",
  deleteConfirm: "Czy na pewno chcesz usunąć ten kod?",
  // Form fields
  codeRequired: "Podaj kod rabatowy",
  codeFormat: "Kod może zawierać tylko litery A–Z, cyfry, myślnik i podkreślenie",
  codeMax: `Kod może mieć maksymalnie ${MAX_CODE_LENGTH} znaki`,
  codeTaken: "Taki kod już istnieje",
  type: "Wybierz typ kodu",
  valueRequired: "Podaj wartość rabatu",
  percentage: "Procent musi być liczbą całkowitą od 1 do 100",
  percentageMax: "Rabat procentowy może wynosić maksymalnie 100%",
  amount: "Podaj kwotę większą od 0 zł, np. 20 lub 19,99",
  amountMax: "Kwota rabatu może wynosić maksymalnie 100 000 zł",
  minOrderValue: "Minimalna wartość zamówienia musi być kwotą w zł, np. 150",
  maxUses: "Limit użyć musi być liczbą całkowitą większą od 0",
  maxUsesBelowCurrent: (uses: number) =>
    `Limit użyć nie może być mniejszy niż liczba dotychczasowych użyć (${uses})`,
  validUntil: "Podaj poprawną datę ważności",
  descriptionMax: "Opis może mieć maksymalnie 500 znaków",
  invalidCharacters: "Usuń niedozwolone znaki specjalne",
  // Form level and quick actions
  invalid: "Popraw zaznaczone pola",
  notFound: "Kod rabatowy nie istnieje lub został już usunięty",
  invalidRequest: "Nieprawidłowe żądanie",
  empty: "Brak kodów rabatowych. Dodaj pierwszy kod.",
} as const;

export const discountCodeLimits = {
  /** 100 000,00 zł: a typo guard. */
  amountMax: 10_000_000,
  maxUses: 1_000_000,
  descriptionMax: 500,
} as const;

const CODE_PATTERN = /^[A-Z0-9_-]+$/;
const singleLine = /^[^\p{Cc}]*$/u;

/** What a field's reader answers for text it cannot take: the Polish message for that field. */
class Refusal {
  constructor(readonly message: string) {}
}

/**
 * A text field read by hand: Conform turns an empty input into undefined, so the checks cannot be a
 * piped z.string(). Empty is `null` unless the field is `required` (then that message); otherwise
 * `read` gives the value or a Refusal.
 */
function readField<T>(read: (value: string) => T | Refusal): z.ZodType<T | null>;
function readField<T>(read: (value: string) => T | Refusal, required: string): z.ZodType<T>;
function readField<T>(read: (value: string) => T | Refusal, required?: string) {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      const result = value === undefined ? (required ? new Refusal(required) : null) : read(value);
      if (!(result instanceof Refusal)) return result;
      context.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    });
}

/** Codes are stored as the checkout reads them: upper case, no spaces (SPEC §5). */
const codeField = readField((value) => {
  const code = normalizeDiscountCode(value);
  if (!code) return new Refusal(discountCodeMessages.codeRequired);
  if (code.length > MAX_CODE_LENGTH) return new Refusal(discountCodeMessages.codeMax);
  return CODE_PATTERN.test(code) ? code : new Refusal(discountCodeMessages.codeFormat);
}, discountCodeMessages.codeRequired);

/** An amount typed in PLN ("20", "19,99") as grosze, at least 1 grosz. */
const amountField = readField((value) => {
  const grosze = parsePln(value);
  if (grosze === null || grosze <= 0) return new Refusal(discountCodeMessages.amount);
  return grosze > discountCodeLimits.amountMax ? new Refusal(discountCodeMessages.amountMax) : grosze;
}, discountCodeMessages.valueRequired);

/** Whole percent, 1–100 ("15" or "15 %"). */
const percentField = readField((value) => {
  const normalized = value.trim().replace(/\s*%$/, "");
  if (!/^\d{1,9}$/.test(normalized) || Number(normalized) < 1) {
    return new Refusal(discountCodeMessages.percentage);
  }
  return Number(normalized) > 100 ? new Refusal(discountCodeMessages.percentageMax) : Number(normalized);
}, discountCodeMessages.valueRequired);

const common = {
  /** Present when editing. */
  id: z.uuid({ error: discountCodeMessages.notFound }).optional(),
  code: codeField,
  minOrderValue: readField((value) => {
    const grosze = parsePln(value);
    return grosze === null || grosze > discountCodeLimits.amountMax
      ? new Refusal(discountCodeMessages.minOrderValue)
      : grosze;
  }),
  // Empty = unlimited (SPEC §5).
  maxUses: readField((value) => {
    const trimmed = value.trim();
    const valid =
      /^\d{1,7}$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= discountCodeLimits.maxUses;
    return valid ? Number(trimmed) : new Refusal(discountCodeMessages.maxUses);
  }),
  validUntil: readField(
    (value) => endOfDayInWarsaw(value.trim()) ?? new Refusal(discountCodeMessages.validUntil),
  ),
  description: z
    .string()
    .trim()
    .max(discountCodeLimits.descriptionMax, discountCodeMessages.descriptionMax)
    .regex(singleLine, discountCodeMessages.invalidCharacters)
    .optional()
    .transform((value) => value || null),
  firstOrderOnly: z.boolean().default(false),
  // A checkbox: absent (unchecked) = "nie łączy się z promocjami"; the dialog opens new codes checked.
  combinesWithSales: z.boolean().default(false),
};

/** A field the type does not use: whatever was sent, it is stored as off. */
const ignoredSwitch = z
  .string()
  .optional()
  .transform(() => false);

/**
 * One branch per type: the value means percent, PLN or nothing, and only a combo keeps its
 * free-shipping switch (SPEC §5: otherwise `includes_free_shipping` is stored false).
 */
export const discountCodeFormSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      ...common,
      type: z.literal("fixed_amount"),
      value: amountField,
      includesFreeShipping: ignoredSwitch,
    }),
    z.object({
      ...common,
      type: z.literal("percentage"),
      value: percentField,
      includesFreeShipping: ignoredSwitch,
    }),
    z.object({
      ...common,
      type: z.literal("free_shipping"),
      value: z
        .string()
        .optional()
        .transform(() => 0),
      includesFreeShipping: ignoredSwitch,
    }),
    z.object({
      ...common,
      type: z.literal("combo"),
      value: amountField,
      includesFreeShipping: z.boolean().default(false),
    }),
  ],
  { error: discountCodeMessages.type },
);

export type DiscountCodeFormValue = z.infer<typeof discountCodeFormSchema>;

/** The dialog's fields as strings, the way inputs hold them. */
export type DiscountCodeFormDefaults = {
  id?: string;
  code: string;
  type: (typeof DISCOUNT_TYPES)[number];
  value: string;
  minOrderValue: string;
  maxUses: string;
  validUntil: string;
  description: string;
  includesFreeShipping: boolean;
  firstOrderOnly: boolean;
  combinesWithSales: boolean;
};

export const emptyDiscountCodeDefaults: DiscountCodeFormDefaults = {
  code: "",
  type: "fixed_amount",
  value: "",
  minOrderValue: "",
  maxUses: "",
  validUntil: "",
  description: "",
  includesFreeShipping: false,
  firstOrderOnly: false,
  combinesWithSales: true,
};

const codeId = z.uuid({ error: discountCodeMessages.notFound });

/** The table's quick actions (the dialog posts `intent=save` with the form's fields). */
export const discountCodeDeleteSchema = z.object({ codeId });
export const discountCodeActiveSchema = z.object({
  codeId,
  active: z
    .enum(["true", "false"], { error: discountCodeMessages.invalidRequest })
    .transform((value) => value === "true"),
});

export type DiscountQuickIntent = "set-active" | "delete";

export const discountQuickFailure: Record<DiscountQuickIntent, string> = {
  "set-active": discountCodeMessages.activeFailed,
  delete: discountCodeMessages.deleteFailed,
};
