/**
 * A Field and an Input wired to a Conform field (`fields.x`): the control's id, its error and
 * description ids and its errors come from the field, so a form names each field once.
 */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Field, type FieldProps } from "./field";
import { Input } from "./input";

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
