import { Slot } from "radix-ui";
import { type ComponentProps, isValidElement, type ReactNode, useId } from "react";
import { cn } from "~/lib/utils";
import { Label } from "./label";

type Errors = string | readonly (string | null | undefined)[] | null | undefined;

function toMessages(errors: Errors): string[] {
  if (!errors) return [];
  return (typeof errors === "string" ? [errors] : errors).filter((m): m is string => Boolean(m));
}

export interface FieldErrorProps extends ComponentProps<"p"> {
  /** Referenced by the control's `aria-describedby`. */
  id: string;
  /** Messages as returned by Conform/Zod; `children` wins if given. */
  errors?: Errors;
}

/**
 * Error text for one control. No live-region role on purpose: it is tied to the control through
 * `aria-describedby`, and forms move focus to the first invalid field, which reads it out.
 */
export function FieldError({ id, errors, children, className, ...props }: FieldErrorProps) {
  const messages = toMessages(errors);
  const content =
    children ??
    messages.map((message) => (
      <span key={message} className="block">
        {message}
      </span>
    ));
  if (children == null && messages.length === 0) return null;
  return (
    <p
      id={id}
      data-slot="field-error"
      className={cn("font-medium text-danger text-sm", className)}
      {...props}
    >
      {content}
    </p>
  );
}

export function FieldDescription({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="field-description" className={cn("text-muted text-sm", className)} {...props} />;
}

/** Props a control needs to be wired to its label, description and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export interface FieldProps extends Omit<ComponentProps<"div">, "children"> {
  label: ReactNode;
  /** Id of the control; generated when omitted (pass Conform's `field.id`). */
  htmlFor?: string;
  /** Pass Conform's `field.errorId` / `field.descriptionId` to keep ids in sync. */
  errorId?: string;
  descriptionId?: string;
  errors?: Errors;
  description?: ReactNode;
  /** Shows a visual marker only; still set `required` on the control itself. */
  required?: boolean;
  /** `horizontal` puts the control before the label (checkboxes, switches). */
  orientation?: "vertical" | "horizontal";
  /**
   * A single control element (receives id/aria props unless it sets its own) or a render function,
   * e.g. for Radix Select, whose props belong on `SelectTrigger`.
   */
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}

export function Field({
  label,
  htmlFor,
  errorId,
  descriptionId,
  errors,
  description,
  required,
  orientation = "vertical",
  children,
  className,
  ...props
}: FieldProps) {
  const autoId = useId();
  const id = htmlFor ?? `${autoId}-control`;
  const errId = errorId ?? `${id}-error`;
  const descId = descriptionId ?? `${id}-description`;
  const invalid = toMessages(errors).length > 0;
  const describedBy = [description ? descId : null, invalid ? errId : null].filter(Boolean).join(" ");

  const controlProps: FieldControlProps = {
    id,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
  };
  const control =
    typeof children === "function" ? (
      children(controlProps)
    ) : isValidElement(children) ? (
      <Slot.Root {...controlProps}>{children}</Slot.Root>
    ) : (
      children
    );

  const labelNode = (
    <Label htmlFor={id}>
      {label}
      {required ? (
        <span aria-hidden="true" className="text-hot">
          *
        </span>
      ) : null}
    </Label>
  );
  const messages = (
    <>
      {description ? <FieldDescription id={descId}>{description}</FieldDescription> : null}
      <FieldError id={errId} errors={errors} />
    </>
  );

  return (
    <div
      data-slot="field"
      data-orientation={orientation}
      data-invalid={invalid || undefined}
      className={cn(orientation === "horizontal" ? "flex items-start gap-3" : "grid gap-2", className)}
      {...props}
    >
      {orientation === "horizontal" ? (
        <>
          {control}
          <div className="grid gap-1.5 pt-0.5">
            {labelNode}
            {messages}
          </div>
        </>
      ) : (
        <>
          {labelNode}
          {control}
          {messages}
        </>
      )}
    </div>
  );
}
