/**
 * A Field and an Input (or a select) wired to a Conform field (`fields.x`): the control's id, its error and
 * description ids and its errors come from the field, so a form names each field once.
 */
import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Field, type FieldProps } from "./field";
import { Input } from "./input";
import { NativeSelect } from "./select";

type ConformField = Pick<FieldMetadata<unknown>, "id" | "errorId" | "descriptionId" | "errors">;

export function FormField({
  field,
  ...props
}: Omit<FieldProps, "htmlFor" | "errorId" | "descriptionId" | "errors"> & { field: ConformField }) {
  return (
    <Field
      htmlFor={field.id}
      errorId={field.errorId}
      descriptionId={field.descriptionId}
      errors={field.errors}
      {...props}
    />
  );
}

/**
 * An Input with the field's name, default value and constraints. The aria attributes come from the
 * surrounding Field (which also knows about the description), so Conform's are left out.
 */
export function FormInput({
  field,
  type = "text",
  ...props
}: Omit<ComponentProps<typeof Input>, "type" | "name" | "defaultValue"> & {
  // biome-ignore lint/suspicious/noExplicitAny: Conform's own helpers take a field of any schema
  field: FieldMetadata<any, any, any>;
  type?: Exclude<Parameters<typeof getInputProps>[1]["type"], "checkbox" | "radio">;
}) {
  const { key, ...inputProps } = getInputProps(field, { type, ariaAttributes: false });
  return <Input key={key} {...inputProps} {...props} />;
}

/** An e-mail address: the address keyboard, autofill and no spell check. */
export function EmailInput(props: Omit<ComponentProps<typeof FormInput>, "type">) {
  return <FormInput type="email" autoComplete="email" inputMode="email" spellCheck={false} {...props} />;
}

/**
 * A labelled select bound to a Conform field: an optional empty first choice (`placeholder`), one
 * option per value with its label, and a saved value that is no longer among them kept as
 * `missingLabel` (a deleted artist or gallery), so that saving again does not drop it silently.
 */
export function SelectField<Option extends string>({
  field,
  placeholder,
  options,
  optionLabel,
  missingLabel,
  selectProps,
  ...frame
}: Pick<FieldProps, "label" | "required" | "description" | "className"> & {
  // biome-ignore lint/suspicious/noExplicitAny: Conform's own helpers take a field of any schema
  field: FieldMetadata<any, any, any>;
  placeholder?: string;
  options: readonly Option[];
  optionLabel: Readonly<Record<Option, string>> | ReadonlyMap<Option, string>;
  missingLabel?: string;
  /** Classes and handlers of the `<select>` itself. */
  selectProps?: Pick<ComponentProps<typeof NativeSelect>, "className" | "onChange">;
}) {
  const { key, ...props } = getSelectProps(field, { ariaAttributes: false });
  const labelOf = (option: Option) =>
    optionLabel instanceof Map ? optionLabel.get(option) : (optionLabel as Record<Option, string>)[option];
  const value = typeof field.value === "string" ? field.value : "";
  const missing = missingLabel && value && !options.includes(value as Option);
  return (
    <FormField field={field} {...frame}>
      <NativeSelect key={key} {...props} {...selectProps}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
        {missing ? <option value={value}>{missingLabel}</option> : null}
      </NativeSelect>
    </FormField>
  );
}
