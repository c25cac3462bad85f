import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/**
 * A password field with a show/hide toggle. Before hydration the toggle is inert (and hidden from the
 * keyboard) and the field is a plain password input.
 */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  const [visible, setVisible] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="relative">
      <Input
        {...props}
        type={visible ? "text" : "password"}
        className={cn("pr-12", className)}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        disabled={!hydrated}
        aria-label={visible ? "Ukryj hasło" : "Pokaż hasło"}
        aria-pressed={visible}
        className={cn(
          "absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded-sm",
          "text-muted transition-colors hover:text-foreground disabled:invisible",
          "outline-hidden focus-visible:outline-2 focus-visible:outline-accent",
        )}
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-5" />
        ) : (
          <Eye aria-hidden="true" className="size-5" />
        )}
      </button>
    </div>
  );
}

/**
 * A new password and its repetition (sign-up, invitation sign-up, password update), from the form's
 * Conform fields: labels, hint, errors and the show/hide toggle in one place.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  labels = { password: "Hasło", confirm: "Powtórz hasło" },
  hint,
}: {
  password: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
  labels?: { password: string; confirm: string };
  hint?: string;
}) {
  const {
    key: passwordKey,
    type: _p,
    ...passwordProps
  } = getInputProps(password, {
    type: "password",
    ariaAttributes: false,
  });
  const {
    key: confirmKey,
    type: _c,
    ...confirmProps
  } = getInputProps(confirmPassword, {
    type: "password",
    ariaAttributes: false,
  });
  return (
    <>
      <Field
        label={labels.password}
        htmlFor={password.id}
        errorId={password.errorId}
        errors={password.errors}
        description={hint}
        descriptionId={hint ? password.descriptionId : undefined}
      >
        <PasswordInput key={passwordKey} {...passwordProps} autoComplete="new-password" />
      </Field>
      <Field
        label={labels.confirm}
        htmlFor={confirmPassword.id}
        errorId={confirmPassword.errorId}
        errors={confirmPassword.errors}
      >
        <PasswordInput key={confirmKey} {...confirmProps} autoComplete="new-password" />
      </Field>
    </>
  );
}
