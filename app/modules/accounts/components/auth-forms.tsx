/**
 * The login and sign-up forms of /auth. Progressive: before hydration each is a plain POST answered by
 * the server (errors and typed values come back in the page); after hydration Conform validates in
 * the browser with the same schema and the submission goes through React Router without a reload.
 */
import { getFormProps, getInputProps } from "@conform-to/react";
import { LogIn, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { EmailInput, FormField } from "~/components/ui/form-field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { loginConstraint, loginSchema, signupConstraint, signupSchema } from "../auth.schema";
import type { FormActionData } from "../form-types";
import { accountToasts } from "../messages";
import { FormAlert } from "./form-alert";
import { NewPasswordFields, PasswordInput } from "./password-input";

function useBusy(intent: "login" | "signup") {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function LoginForm({
  actionData,
  redirectTo,
}: {
  actionData: FormActionData | undefined;
  redirectTo: string | null;
}) {
  const busy = useBusy("login");
  const lastResult = actionData?.intent === "login" ? actionData.result : undefined;
  const [form, fields] = useZodForm(loginSchema, {
    id: "login-form",
    lastResult,
    constraint: loginConstraint,
  });
  // After a refused login the password field starts empty again (the server never sends it back):
  // a new key remounts it without touching Conform's state, so the server's message stays.
  const [passwordGeneration, setPasswordGeneration] = useState(0);
  useEffect(() => {
    if (lastResult?.error?.[""]?.length) setPasswordGeneration((generation) => generation + 1);
  }, [lastResult]);
  const { key: passwordKey, ...passwordProps } = getInputProps(fields.password, {
    type: "password",
    ariaAttributes: false,
  });
  const { type: _type, ...passwordRest } = passwordProps;

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5" aria-label="Logowanie">
      <input type="hidden" name="intent" value="login" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {form.errors?.length ? (
        <FormAlert tone="error" id={form.errorId} title={form.errors[0]} testId="login-error" />
      ) : null}
      <FormField label="E-mail" field={fields.email}>
        <EmailInput field={fields.email} />
      </FormField>
      <FormField label="Hasło" field={fields.password}>
        <PasswordInput
          key={`${passwordKey}-${passwordGeneration}`}
          {...passwordRest}
          autoComplete="current-password"
        />
      </FormField>
      <div className="-mt-2 flex justify-end">
        <Link
          to="/reset-password"
          className="font-semibold text-accent text-sm underline-offset-4 hover:underline"
        >
          Nie pamiętasz hasła?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <LogIn aria-hidden="true" />
        {busy ? "Logowanie..." : "Zaloguj się"}
      </Button>
    </Form>
  );
}

export function SignupForm({
  actionData,
  onShowLogin,
}: {
  actionData: FormActionData | undefined;
  onShowLogin?: () => void;
}) {
  const busy = useBusy("signup");
  const lastResult = actionData?.intent === "signup" ? actionData.result : undefined;
  const [form, fields] = useZodForm(signupSchema, {
    id: "signup-form",
    lastResult,
    constraint: signupConstraint,
  });
  const created = actionData?.intent === "signup" && actionData.toast?.kind === "success";

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5" aria-label="Rejestracja">
      <input type="hidden" name="intent" value="signup" />
      {created ? (
        <FormAlert tone="success" title={accountToasts.signedUp} testId="signup-success">
          <p>{accountToasts.signedUpDescription}</p>
          {onShowLogin ? (
            <button
              type="button"
              onClick={onShowLogin}
              className="mt-2 cursor-pointer font-semibold text-accent underline-offset-4 hover:underline"
            >
              Przejdź do logowania
            </button>
          ) : (
            <a
              href="?tab=login"
              className="mt-2 inline-block font-semibold text-accent underline-offset-4 hover:underline"
            >
              Przejdź do logowania
            </a>
          )}
        </FormAlert>
      ) : null}
      {form.errors?.length ? (
        <FormAlert tone="error" id={form.errorId} title={form.errors[0]} testId="signup-error" />
      ) : null}
      <FormField label="E-mail" field={fields.email}>
        <EmailInput field={fields.email} />
      </FormField>
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        hint="Minimum 6 znaków."
      />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <UserPlus aria-hidden="true" />
        {busy ? "Rejestracja..." : "Załóż konto"}
      </Button>
      <p className="text-muted text-xs leading-relaxed">
        Zakładając konto, akceptujesz{" "}
        <Link to="/terms" className="text-foreground underline underline-offset-4 hover:text-accent">
          regulamin
        </Link>{" "}
        i{" "}
        <Link to="/privacy-policy" className="text-foreground underline underline-offset-4 hover:text-accent">
          politykę prywatności
        </Link>
        .
      </p>
    </Form>
  );
}
