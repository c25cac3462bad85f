/**
 * The quick actions of the products list (SPEC §2 Products list, §4, §5 Inline stock edit): one schema
 * for the fetchers that send them and the action that checks them again.
 */
import { z } from "zod";
import type { FormActionResult } from "~/lib/form-action.server";
import { stockField } from "./product-form.schema";

export const productListMessages = {
  activated: "Produkt aktywowany",
  deactivated: "Produkt dezaktywowany",
  activeFailed: "Błąd zmiany statusu produktu",
  soldOut: "Produkt oznaczony jako wyprzedany",
  soldOutFailed: "Błąd oznaczania jako wyprzedany",
  deleted: "Produkt został usunięty",
  deleteFailed: "Błąd usuwania produktu",
  stockUpdated: "Stan magazynowy zaktualizowany",
  stockFailed: "Błąd aktualizacji stanu",
  /** SPEC §5: inline stock edit accepts an integer of 0 or more, else this. */
  invalidStock: "Nieprawidłowa wartość",
  /** ARCHITECTURE: a variant product's stock is its variants'; it is edited in the product form. */
  stockOfVariants: "Stan produktu z wariantami zmienia się w edycji wariantów",
  notFound: "Produkt nie istnieje lub został już usunięty",
  loadFailed: "Błąd pobierania produktów",
  empty: "Brak produktów do wyświetlenia",
  deleteConfirmTitle: "Usunąć produkt?",
  invalidRequest: "Nieprawidłowe żądanie",
} as const;

const productId = z.uuid({ error: productListMessages.notFound });

/** One schema per quick action; the action dispatches on `intent` (see `productListIntents`). */
export const productListSchemas = {
  "set-active": z.object({
    intent: z.literal("set-active"),
    productId,
    isActive: z
      .enum(["true", "false"], { error: productListMessages.invalidRequest })
      .transform((value) => value === "true"),
  }),
  "set-stock": z.object({
    intent: z.literal("set-stock"),
    productId,
    stockQuantity: stockField({
      integer: productListMessages.invalidStock,
      negative: productListMessages.invalidStock,
    }),
  }),
  "sold-out": z.object({ intent: z.literal("sold-out"), productId }),
  delete: z.object({ intent: z.literal("delete"), productId }),
};

export type ProductListIntent = keyof typeof productListSchemas;

/** Any quick action (for checks that do not know the intent beforehand). */
export const productListActionSchema = z.discriminatedUnion(
  "intent",
  [
    productListSchemas["set-active"],
    productListSchemas["set-stock"],
    productListSchemas["sold-out"],
    productListSchemas.delete,
  ],
  { error: productListMessages.invalidRequest },
);

/** What the action answers; the list shows `message` as a toast. */
export type ProductListActionResult = FormActionResult<{ productId: string }>;

/** The failure message of each quick action (SPEC §8). */
export const productListFailure: Record<ProductListIntent, string> = {
  "set-active": productListMessages.activeFailed,
  "set-stock": productListMessages.stockFailed,
  "sold-out": productListMessages.soldOutFailed,
  delete: productListMessages.deleteFailed,
};

/** The toast title of a refused quick action: its own failure, or the generic one for an unknown intent. */
export function productListFailureTitle(intent: string | null) {
  return intent && Object.hasOwn(productListFailure, intent)
    ? productListFailure[intent as ProductListIntent]
    : productListMessages.invalidRequest;
}

/** Whether a typed inline stock value is acceptable (integer ≥ 0), for the browser's instant check. */
export function parseInlineStock(value: string): number | null {
  const result = stockField().safeParse(value);
  return result.success ? result.data : null;
}
