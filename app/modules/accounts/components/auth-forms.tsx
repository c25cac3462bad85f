/**
 * The login and sign-up forms of /auth. Progressive: before hydration each is a plain POST answered by
 * the server (errors and typed values come back in the page); after hydration Conform validates in
 * the browser with the same schema and the submission goes through React Router without a reload.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LogIn, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
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
  const [form, fields] = useForm({
    id: "login-form",
    lastResult,
    constraint: loginConstraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  // After a refused login the password field starts empty again (the server never sends it back):
  // a new key remounts it without touching Conform's state, so the server's message stays.
  const [passwordGeneration, setPasswordGeneration] = useState(0);
  useEffect(() => {
    if (lastResult?.error?.[""]?.length) setPasswordGeneration((generation) => generation + 1);
  }, [lastResult]);
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, {
    type: "email",
    ariaAttributes: false,
  });
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
      <Field
        label="E-mail"
        htmlFor={fields.email.id}
        errorId={fields.email.errorId}
        errors={fields.email.errors}
      >
        <Input key={emailKey} {...emailProps} autoComplete="email" inputMode="email" spellCheck={false} />
      </Field>
      <Field
        label="Hasło"
        htmlFor={fields.password.id}
        errorId={fields.password.errorId}
        errors={fields.password.errors}
      >
        <PasswordInput
          key={`${passwordKey}-${passwordGeneration}`}
          {...passwordRest}
          autoComplete="current-password"
        />
      </Field>
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
  const [form, fields] = useForm({
    id: "signup-form",
    lastResult,
    constraint: signupConstraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });
  const created = actionData?.intent === "signup" && actionData.toast?.kind === "success";
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, {
    type: "email",
    ariaAttributes: false,
  });

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
      <Field
        label="E-mail"
        htmlFor={fields.email.id}
        errorId={fields.email.errorId}
        errors={fields.email.errors}
      >
        <Input key={emailKey} {...emailProps} autoComplete="email" inputMode="email" spellCheck={false} />
      </Field>
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
