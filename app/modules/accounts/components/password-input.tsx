import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { Link } from "react-router";
import { FormField } from "~/components/ui/form-field";
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

/** A password field bound to a Conform field: label, hint, errors and the show/hide toggle. */
export function PasswordField({
  field,
  label,
  autoComplete,
  description,
  generation,
}: {
  field: FieldMetadata<string>;
  label: string;
  autoComplete: "current-password" | "new-password";
  description?: string;
  /** Changing it empties the field again (a new element), leaving Conform's state alone. */
  generation?: number;
}) {
  const { key, type: _type, ...props } = getInputProps(field, { type: "password", ariaAttributes: false });
  return (
    <FormField label={label} field={field} description={description}>
      <PasswordInput
        key={generation === undefined ? key : `${key}-${generation}`}
        {...props}
        autoComplete={autoComplete}
      />
    </FormField>
  );
}

/** The password of a login, with the way to reset a forgotten one under it. */
export function CurrentPasswordField({
  field,
  generation,
}: {
  field: FieldMetadata<string>;
  generation?: number;
}) {
  return (
    <>
      <PasswordField field={field} label="Hasło" autoComplete="current-password" generation={generation} />
      <div className="-mt-2 flex justify-end">
        <Link
          to="/reset-password"
          className="font-semibold text-accent text-sm underline-offset-4 hover:underline"
        >
          Nie pamiętasz hasła?
        </Link>
      </div>
    </>
  );
}

/**
 * A new password and its repetition (sign-up, invitation sign-up, password update), from the form's
 * Conform fields.
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
  return (
    <>
      <PasswordField
        field={password}
        label={labels.password}
        autoComplete="new-password"
        description={hint}
      />
      <PasswordField field={confirmPassword} label={labels.confirm} autoComplete="new-password" />
    </>
  );
}
