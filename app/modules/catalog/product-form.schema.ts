/**
 * The product form (SPEC §5 Product form): one schema for the browser (Conform) and the action. Every
 * message is Polish; SPEC gives the ones it names, the rest follow its tone.
 */
import { z } from "zod";
import {
  fieldMessages,
  MULTI_LINE,
  optionalText,
  plnField,
  requiredText,
  slugField,
  storedImageSchema,
} from "~/lib/form-fields.schema";
import { requiredInputs } from "~/lib/input-constraint";
import { fromWarsawLocal } from "~/lib/warsaw-time";
import { MAX_PRODUCT_IMAGES } from "~/modules/media/upload";
import { CATEGORIES } from "./catalog";

export const productLimits = {
  nameMin: 3,
  nameMax: 100,
  descriptionMin: 10,
  descriptionMax: 2000,
  metaDescriptionMax: 160,
  brandMax: 60,
  /** 1,00 zł (SPEC: price at least 1). */
  priceMin: 100,
  /** 100 000,00 zł: a typo guard, and far inside the database's integer. */
  priceMax: 10_000_000,
  stockMax: 1_000_000,
  images: MAX_PRODUCT_IMAGES,
  variants: 30,
  sizeMax: 20,
  colorMax: 30,
  /** 10 000,00 zł on top of the base price. */
  additionalPriceMax: 1_000_000,
  /** Per-customer limit of a drop: a cart line holds at most 99 anyway. */
  maxPerCustomerMax: 99,
} as const;

export const productMessages = {
  nameMin: "Nazwa musi mieć minimum 3 znaki",
  nameMax: "Nazwa może mieć maksymalnie 100 znaków",
  slug: fieldMessages.slug,
  slugLength: fieldMessages.slugLength,
  slugTaken: "Ten slug jest już zajęty przez inny produkt",
  descriptionMin: "Opis musi mieć minimum 10 znaków",
  descriptionMax: "Opis może mieć maksymalnie 2000 znaków",
  metaDescriptionMax: "Meta description max 160 znaków",
  price: "Cena musi być dodatnia",
  priceMax: "Cena może wynosić maksymalnie 100 000 zł",
  stockNegative: "Stan nie może być ujemny",
  stockInteger: "Stan musi być liczbą całkowitą",
  stockMax: "Stan może wynosić maksymalnie 1 000 000",
  category: "Wybierz kategorię",
  brandMax: "Marka może mieć maksymalnie 60 znaków",
  images: "Maksymalnie 10 zdjęć",
  imagesInvalid: "Nieprawidłowa lista zdjęć. Odśwież stronę i spróbuj ponownie.",
  size: "Podaj rozmiar",
  sizeMax: "Rozmiar może mieć maksymalnie 20 znaków",
  colorMax: "Kolor może mieć maksymalnie 30 znaków",
  additionalPrice: "Dopłata musi być kwotą od 0 zł",
  additionalPriceMax: "Dopłata może wynosić maksymalnie 10 000 zł",
  variantsMax: "Produkt może mieć maksymalnie 30 wariantów",
  variantDuplicate: "Taki wariant (rozmiar i kolor) już istnieje",
  releaseAt: "Podaj datę i godzinę premiery, np. 04.12.2026 18:00",
  maxPerCustomer: "Limit na klienta musi być liczbą całkowitą od 1 do 99",
  invalidCharacters: fieldMessages.invalidCharacters,
  /** Form level. */
  saveFailed: "Błąd zapisywania produktu",
  invalid: "Popraw zaznaczone pola",
  created: "Produkt dodany",
  updated: "Produkt zaktualizowany",
  loadFailed: "Błąd ładowania produktu",
} as const;

/** A whole number of units typed into a field ("12"), with SPEC's messages. */
export function stockField(
  messages: { integer: string; negative: string } = {
    integer: productMessages.stockInteger,
    negative: productMessages.stockNegative,
  },
) {
  return z
    .string({ error: messages.integer })
    .trim()
    .refine((value) => /^-?\d+$/.test(value), { error: messages.integer })
    .transform((value) => Number(value))
    .refine((value) => value >= 0, { error: messages.negative })
    .refine((value) => value <= productLimits.stockMax, { error: productMessages.stockMax });
}

/** A release instant typed in Warsaw time ("2026-12-04T18:00"); empty = on sale at once. */
const releaseAtField = z
  .string({ error: productMessages.releaseAt })
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const instant = fromWarsawLocal(value);
    if (!instant) {
      context.addIssue({ code: "custom", message: productMessages.releaseAt });
      return z.NEVER;
    }
    return instant;
  });

/** "Max N per customer": empty = no limit; otherwise a whole number 1–99 (not 0, −1 or 2.5). */
const maxPerCustomerField = z
  .string({ error: productMessages.maxPerCustomer })
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const number = /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN;
    if (!(number >= 1 && number <= productLimits.maxPerCustomerMax)) {
      context.addIssue({ code: "custom", message: productMessages.maxPerCustomer });
      return z.NEVER;
    }
    return number;
  });

/** Hidden: the stock the form was opened with (absent for new rows). */
const originalStockField = z
  .string()
  .regex(/^\d{1,7}$/)
  .transform(Number)
  .optional();

/** Where a stored image may live: our uploads, or the generated demo images. */
export const IMAGE_SRC_PATTERN =
  /^\/(?:media\/products\/\d{4}\/[0-9a-f]{24}|demo\/[a-z0-9][a-z0-9-]{0,120})$/;

export const imageRefSchema = storedImageSchema(IMAGE_SRC_PATTERN);

const imagesField = z
  .string({ error: productMessages.imagesInvalid })
  .optional()
  .transform((value, context) => {
    if (!value) return [];
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: productMessages.imagesInvalid });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(imageRefSchema, { error: productMessages.imagesInvalid })
      .max(productLimits.images, { error: productMessages.images }),
  );

export const variantSchema = z.object({
  /** Present for a variant that already exists (edit); new rows have none. */
  id: z.uuid().optional(),
  size: requiredText(1, productLimits.sizeMax, { min: productMessages.size, max: productMessages.sizeMax }),
  color: optionalText(productLimits.colorMax, productMessages.colorMax),
  additionalPrice: plnField({
    message: productMessages.additionalPrice,
    min: 0,
    max: productLimits.additionalPriceMax,
    maxMessage: productMessages.additionalPriceMax,
  }).default(0),
  stockQuantity: stockField(),
  /** The stock shown when the form was opened: stock is written only if the person changed it. */
  stockQuantityOriginal: originalStockField,
  /** A size released later than the product (empty: with the product). */
  releaseAt: releaseAtField,
});

export const productFormSchema = z.object({
  name: requiredText(productLimits.nameMin, productLimits.nameMax, {
    min: productMessages.nameMin,
    max: productMessages.nameMax,
  }),
  slug: slugField,
  description: requiredText(
    productLimits.descriptionMin,
    productLimits.descriptionMax,
    { min: productMessages.descriptionMin, max: productMessages.descriptionMax },
    MULTI_LINE,
  ),
  metaDescription: optionalText(productLimits.metaDescriptionMax, productMessages.metaDescriptionMax),
  price: plnField({
    message: productMessages.price,
    min: productLimits.priceMin,
    max: productLimits.priceMax,
    maxMessage: productMessages.priceMax,
  }),
  stockQuantity: stockField(),
  stockQuantityOriginal: originalStockField,
  category: z.enum(CATEGORIES, { error: productMessages.category }),
  brand: optionalText(productLimits.brandMax, productMessages.brandMax),
  featured: z.boolean().default(false),
  isActive: z.boolean().default(false),
  releaseAt: releaseAtField,
  maxPerCustomer: maxPerCustomerField,
  images: imagesField,
  variants: z
    .array(variantSchema)
    .max(productLimits.variants, productMessages.variantsMax)
    // On the list, not the product: so it runs even while other fields are still invalid.
    .superRefine((variants, context) => {
      const seen = new Set<string>();
      variants.forEach((variant, index) => {
        const key = `${variant.size.toLowerCase()}\u0000${(variant.color ?? "").toLowerCase()}`;
        if (seen.has(key)) {
          context.addIssue({
            code: "custom",
            message: productMessages.variantDuplicate,
            path: [index, "size"],
          });
        }
        seen.add(key);
      });
    })
    .default([]),
});

/** The form's values as strings, the way inputs hold them. */
export type ProductFormDefaults = {
  name: string;
  slug: string;
  description: string;
  metaDescription: string;
  price: string;
  stockQuantity: string;
  stockQuantityOriginal?: string;
  category: string;
  brand: string;
  featured: boolean;
  isActive: boolean;
  /** Warsaw time as a datetime-local input holds it, or "". */
  releaseAt: string;
  maxPerCustomer: string;
  variants: {
    id?: string;
    size: string;
    color: string;
    additionalPrice: string;
    stockQuantity: string;
    stockQuantityOriginal?: string;
    releaseAt: string;
  }[];
};

export type ProductFormValue = z.infer<typeof productFormSchema>;
export type ProductImageInput = z.infer<typeof imageRefSchema>;

/**
 * HTML attributes of the inputs: which are required. No `maxLength`: a browser would silently cut a
 * pasted text instead of showing SPEC's message (and the counter shows the limit as one types).
 * The form is `noValidate`, so the browser never shows its own (non-Polish) messages.
 */
export const productConstraint = requiredInputs(
  ["name", "slug", "description", "price", "stockQuantity", "category"],
  ["metaDescription", "brand", "releaseAt", "maxPerCustomer"],
);
