/** Removing a fresh upload from the product form before it is saved. */
import { z } from "zod";
import { IMAGE_SRC_PATTERN } from "./product-form.schema";

export const productImageMessages = {
  uploaded: (count: number) =>
    `Dodano ${count} ${count === 1 ? "zdjęcie" : count % 10 >= 2 && count % 10 <= 4 && (count % 100 < 12 || count % 100 > 14) ? "zdjęcia" : "zdjęć"}`,
  uploadFailed: "Błąd podczas uploadu zdjęć",
  removed: "Zdjęcie usunięte",
  removeFailed: "Błąd usuwania zdjęcia",
  missingFile: "Nie wybrano pliku",
} as const;

export const deleteUploadSchema = z.object({
  intent: z.literal("delete"),
  src: z.string().regex(IMAGE_SRC_PATTERN),
  widths: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5}){0,11}$/)
    .transform((value) => value.split(",").map(Number)),
  formats: z
    .string()
    .regex(/^(avif|webp)(,(avif|webp))?$/)
    .transform((value) => value.split(",") as ("avif" | "webp")[]),
});
