/** A panel form's checkbox with its label and a line saying what it does. */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { Checkbox } from "~/components/ui/checkbox";

/** The checkbox, its label and its hint in one line that toggles it; the rest goes to the input. */
export function CheckboxLine({
  id,
  label,
  hint,
  ...checkbox
}: { id: string; label: string; hint: ReactNode } & ComponentProps<typeof Checkbox>) {
  return (
    <label className="flex items-start gap-3 text-sm" htmlFor={id}>
      <Checkbox id={id} {...checkbox} />
      <span>
        <span className="font-semibold">{label}</span>
        <span className="block text-muted">{hint}</span>
      </span>
    </label>
  );
}

/** A CheckboxLine bound to a Conform field. */
export function CheckboxField<Value extends boolean | "on" | undefined>({
  field,
  label,
  hint,
}: {
  /** A boolean field, or one of a schema that reads the form's raw "on". */
  field: FieldMetadata<Value>;
  label: string;
  hint: string;
}) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaAttributes: false });
  return <CheckboxLine key={key} {...props} label={label} hint={hint} />;
}

/** A checkbox's first error, announced: its line has no place for it. */
export function CheckboxError({ errors }: { errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" className="font-medium text-danger text-sm">
      {errors[0]}
    </p>
  );
}
