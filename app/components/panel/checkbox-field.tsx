/** A page form's checkbox with its label and a line saying what it does. */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Checkbox } from "~/components/ui/checkbox";

export function CheckboxField({
  field,
  label,
  hint,
}: {
  field: FieldMetadata<boolean | undefined>;
  label: string;
  hint: string;
}) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaAttributes: false });
  return (
    <label className="flex items-start gap-3 text-sm" htmlFor={field.id}>
      <Checkbox key={key} {...props} />
      <span>
        <span className="font-semibold">{label}</span>
        <span className="block text-muted">{hint}</span>
      </span>
    </label>
  );
}
