import type { ComponentProps, ReactNode } from "react";
import { Input } from "~/components/ui/input";

/** A code typed as printed (a discount code, a parcel locker's): capitals, monospace, no spell check. */
export const printedCodeInput = {
  autoCapitalize: "characters",
  spellCheck: false,
  className: "font-mono uppercase",
} satisfies ComponentProps<typeof Input>;

/**
 * A short code typed by hand: its label, the input and the form's button in a row, and under them why
 * the code was refused (`message`, which the input is then described by).
 */
export function CodeField({
  id,
  label,
  labelClassName = "font-bold text-sm",
  message,
  messageId,
  messageTestId,
  button,
  ...input
}: Omit<ComponentProps<typeof Input>, "id"> & {
  id: string;
  label: string;
  labelClassName?: string;
  message: ReactNode;
  messageId: string;
  messageTestId?: string;
  button: ReactNode;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          autoComplete="off"
          {...input}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
        />
        {button}
      </div>
      {message ? (
        <p id={messageId} className="text-danger text-sm" data-testid={messageTestId}>
          {message}
        </p>
      ) : null}
    </>
  );
}
