/**
 * The `constraint` a Conform form puts on its inputs as HTML attributes: which are required. The forms
 * are `noValidate` and their messages come from zod; the attribute tells assistive technology.
 */
export function requiredInputs<Required extends string, Optional extends string = never>(
  required: readonly Required[],
  optional: readonly Optional[] = [],
) {
  return Object.fromEntries([
    ...required.map((name) => [name, { required: true }]),
    ...optional.map((name) => [name, { required: false }]),
  ]) as Record<Required | Optional, { required: boolean }>;
}
