/**
 * "Powiadom mnie" (issue #27): the form's one schema, read by the browser before it sends the form and
 * by the action (stock-alert-form.server.ts, through handleFormAction) again. Its texts live in
 * stock-alert-texts.ts, without zod, so the product page's form shows them and imports this file only
 * on the first submit (decision 010: no zod up front).
 */
import { z } from "zod";
import { STOCK_ALERT_EMAIL_MAX, stockAlertMessages } from "./stock-alert-texts";

// The texts belong to the form: reachable from here too (only the product page's form must import
// them from stock-alert-texts.ts directly).
export {
  CONFIRM_VALID_DAYS,
  STOCK_ALERT_CONSENT_TEXT,
  STOCK_ALERT_EMAIL_MAX,
  STOCK_ALERT_INTENT,
  stockAlertMessages,
  stockAlertRateLimitMessage,
} from "./stock-alert-texts";

const uuid = z.string().trim().pipe(z.uuid());

export const stockAlertSchema = z.object({
  // The hidden fields are nothing the visitor can correct: a value no form of ours sends passes here
  // and is refused with the lookup ("Nie znaleziono tego produktu."), not as "Popraw zaznaczone pola".
  // Undefined names no product.
  productId: uuid.optional().catch(undefined),
  // Absent or empty: the alert is for the product as a whole; null names no size.
  variantId: z
    .union([z.literal(""), uuid])
    .optional()
    .transform((value): string | null | undefined => value || undefined)
    .catch(null),
  email: z
    .string({ error: stockAlertMessages.email })
    .trim()
    .max(STOCK_ALERT_EMAIL_MAX, { error: stockAlertMessages.emailMax, abort: true })
    .pipe(z.email({ error: stockAlertMessages.email })),
  // A checkbox sends "on" when ticked and nothing otherwise.
  consent: z.literal("on", { error: stockAlertMessages.consent }),
});

export type StockAlertInput = z.infer<typeof stockAlertSchema>;

export const STOCK_ALERT_FIELDS = ["productId", "variantId", "email", "consent"] as const;
export type StockAlertField = (typeof STOCK_ALERT_FIELDS)[number];
export type StockAlertFieldErrors = Partial<Record<StockAlertField, string[]>>;

export type StockAlertParse =
  | { success: true; value: StockAlertInput }
  | { success: false; fieldErrors: StockAlertFieldErrors };

/**
 * The form's fields from its FormData, validated, as the browser checks them before sending (the
 * action parses the same schema with conform). A field sent twice arrives as a list and a file as a
 * Blob: both fail the string checks, as a form of ours never sends them.
 */
export function parseStockAlertForm(formData: FormData): StockAlertParse {
  const raw: Record<string, unknown> = {};
  for (const field of STOCK_ALERT_FIELDS) {
    const values = formData.getAll(field);
    if (values.length > 0) raw[field] = values.length === 1 ? values[0] : values;
  }
  const result = stockAlertSchema.safeParse(raw);
  if (result.success) return { success: true, value: result.data };
  const fieldErrors: StockAlertFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as StockAlertField;
    const list = fieldErrors[field] ?? [];
    if (!list.includes(issue.message)) fieldErrors[field] = [...list, issue.message];
  }
  return { success: false, fieldErrors };
}
