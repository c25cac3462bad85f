/**
 * The login and sign-up forms of /auth, and the frame they share with the invitation's (AuthForm).
 * Progressive: before hydration each is a plain POST answered by the server (errors and typed values
 * come back in the page); after hydration Conform validates in the browser with the same schema and
 * the submission goes through React Router without a reload.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { LogIn, UserPlus } from "lucide-react";
import { type ComponentProps, type ReactNode, useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { EmailInput, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { FormActionResult } from "~/lib/form-contract";
import { loginConstraint, loginSchema, signupConstraint, signupSchema } from "../auth.schema";
import { accountToasts } from "../messages";
import { FormAlert } from "./form-alert";
import { CurrentPasswordField, NewPasswordFields } from "./password-input";

export type AuthIntent = "login" | "signup";

/** True while this page's form with this `intent` is being sent. */
export function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** What differs between logging in and signing up, on /auth and on an invitation alike. */
const AUTH_FORMS = {
  login: { schema: loginSchema, constraint: loginConstraint, label: "Logowanie", Icon: LogIn },
  signup: { schema: signupSchema, constraint: signupConstraint, label: "Rejestracja", Icon: UserPlus },
};
const SUBMIT_LABELS = { login: "Zaloguj się", signup: "Załóż konto" };

type LoginFields = ReturnType<typeof useZodForm<typeof loginSchema>>[1];
type SignupFields = ReturnType<typeof useZodForm<typeof signupSchema>>[1];
type AuthFields<Intent extends AuthIntent> = Intent extends "login" ? LoginFields : SignupFields;

type EmailField = ComponentProps<typeof FormField>["field"] & { name: string };

/** The invited address, filled in and read-only: it is the only one the link works for. */
function InvitedEmailField({ field, email }: { field: EmailField; email: string }) {
  return (
    <FormField label="E-mail" field={field} description="Zaproszenie działa tylko dla tego adresu.">
      <Input
        name={field.name}
        type="email"
        defaultValue={email}
        readOnly
        autoComplete="email"
        className="bg-surface-2/60"
      />
    </FormField>
  );
}

/**
 * A login or sign-up form: its intent, what comes before its refusal (`notice`), the refusal, the
 * e-mail (the invited one, read-only, on an invitation), the password fields (`children`, from the
 * form's Conform fields), submit and what follows it.
 */
export function AuthForm<Intent extends AuthIntent>({
  intent,
  invitedEmail,
  lastResult,
  notice,
  after,
  children,
}: {
  intent: Intent;
  /** On an invitation: the address it was sent to. */
  invitedEmail?: string;
  lastResult: SubmissionResult<string[]> | undefined;
  notice?: ReactNode;
  after?: ReactNode;
  children: (fields: AuthFields<Intent>) => ReactNode;
}) {
  const { schema, constraint, label, Icon } = AUTH_FORMS[intent];
  const invitation = invitedEmail !== undefined;
  const busy = useBusy(intent);
  const [form, fields] = useZodForm(schema as typeof loginSchema, {
    id: invitation ? `invitation-${intent}` : `${intent}-form`,
    lastResult,
    constraint,
    defaultValue: invitation ? { email: invitedEmail } : undefined,
  });
  const submitLabel = SUBMIT_LABELS[intent] + (invitation ? " i przyjmij zaproszenie" : "");
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {notice}
      {form.errors?.length ? (
        <FormAlert
          tone="error"
          id={form.errorId}
          title={form.errors[0]}
          testId={invitation ? `invitation-${intent}-error` : `${intent}-error`}
        />
      ) : null}
      {invitation ? (
        <InvitedEmailField field={fields.email} email={invitedEmail} />
      ) : (
        <FormField label="E-mail" field={fields.email}>
          <EmailInput field={fields.email} />
        </FormField>
      )}
      {children(fields as AuthFields<Intent>)}
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <Icon aria-hidden="true" />
        {busy ? `${label}...` : submitLabel}
      </Button>
      {after}
    </Form>
  );
}

export function LoginForm({
  actionData,
  redirectTo,
}: {
  actionData: FormActionResult | undefined;
  redirectTo: string | null;
}) {
  const lastResult = actionData?.intent === "login" ? actionData.result : undefined;
  // After a refused login the password field starts empty again (the server never sends it back):
  // a new key remounts it without touching Conform's state, so the server's message stays.
  const [passwordGeneration, setPasswordGeneration] = useState(0);
  useEffect(() => {
    if (lastResult?.error?.[""]?.length) setPasswordGeneration((generation) => generation + 1);
  }, [lastResult]);

  return (
    <AuthForm
      intent="login"
      lastResult={lastResult}
      notice={redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
    >
      {(fields) => <CurrentPasswordField field={fields.password} generation={passwordGeneration} />}
    </AuthForm>
  );
}

export function SignupForm({
  actionData,
  onShowLogin,
}: {
  actionData: FormActionResult | undefined;
  onShowLogin?: () => void;
}) {
  const created = actionData?.intent === "signup" && actionData.ok;

  return (
    <AuthForm
      intent="signup"
      lastResult={actionData?.intent === "signup" ? actionData.result : undefined}
      notice={
        created ? (
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
        ) : null
      }
      after={
        <p className="text-muted text-xs leading-relaxed">
          Zakładając konto, akceptujesz{" "}
          <Link to="/terms" className="text-foreground underline underline-offset-4 hover:text-accent">
            regulamin
          </Link>{" "}
          i{" "}
          <Link
            to="/privacy-policy"
            className="text-foreground underline underline-offset-4 hover:text-accent"
          >
            politykę prywatności
          </Link>
          .
        </p>
      }
    >
      {(fields) => <SignupPasswordFields fields={fields} />}
    </AuthForm>
  );
}

/** A new account's password and its repetition, with the minimum length. */
export function SignupPasswordFields({ fields }: { fields: AuthFields<"signup"> }) {
  return (
    <NewPasswordFields
      password={fields.password}
      confirmPassword={fields.confirmPassword}
      hint="Minimum 6 znaków."
    />
  );
}
