import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

type ZodFormOptions<Schema extends z.ZodType> = Omit<
  Parameters<typeof useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>>[0],
  "onValidate"
>;

/**
 * Conform's form checked by one zod schema (the one the server checks too), with the shop's timing:
 * a field is checked when it loses focus, then on every keystroke until it is right. A form may ask
 * for another `shouldValidate` (the contact form checks on submit).
 */
export function useZodForm<Schema extends z.ZodType>(schema: Schema, options: ZodFormOptions<Schema>) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    ...options,
  });
}
