/**
 * The invitee's side of an invitation (/zaproszenie/:token): sign-up and login forms with the invited
 * address filled in (it is the only one that works), the "accept" button for someone already signed in
 * with it, and the views for a link that cannot be used. Forms work before hydration.
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, LogIn, MailX, UserPlus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { loginConstraint, loginSchema, signupConstraint, signupSchema } from "~/modules/accounts/auth.schema";
import { FormAlert } from "~/modules/accounts/components/form-alert";
import { NewPasswordFields, PasswordInput } from "~/modules/accounts/components/password-input";
import type { Role } from "../../../../db/schema";
import { roleLabels } from "../users.schema";

type Intent = "login" | "signup" | "accept";
type LastResult = SubmissionResult<string[]> | undefined;

function useBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function InvitedEmailField({
  id,
  errorId,
  errors,
  name,
  email,
}: {
  id: string;
  errorId: string;
  errors: string[] | undefined;
  name: string;
  email: string;
}) {
  return (
    <Field
      label="E-mail"
      htmlFor={id}
      errorId={errorId}
      errors={errors}
      description="Zaproszenie działa tylko dla tego adresu."
    >
      <Input
        name={name}
        type="email"
        defaultValue={email}
        readOnly
        autoComplete="email"
        className="bg-surface-2/60"
      />
    </Field>
  );
}

export function InvitationSignupForm({ email, lastResult }: { email: string; lastResult: LastResult }) {
  const busy = useBusy("signup");
  const [form, fields] = useForm({
    id: "invitation-signup",
    lastResult,
    constraint: signupConstraint,
    defaultValue: { email },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5" aria-label="Rejestracja">
      <input type="hidden" name="intent" value="signup" />
      {form.errors?.length ? (
        <FormAlert tone="error" id={form.errorId} title={form.errors[0]} testId="invitation-signup-error" />
      ) : null}
      <InvitedEmailField
        id={fields.email.id}
        errorId={fields.email.errorId}
        errors={fields.email.errors}
        name={fields.email.name}
        email={email}
      />
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        hint="Minimum 6 znaków."
      />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <UserPlus aria-hidden="true" />
        {busy ? "Rejestracja..." : "Załóż konto i przyjmij zaproszenie"}
      </Button>
    </Form>
  );
}

export function InvitationLoginForm({ email, lastResult }: { email: string; lastResult: LastResult }) {
  const busy = useBusy("login");
  const [form, fields] = useForm({
    id: "invitation-login",
    lastResult,
    constraint: loginConstraint,
    defaultValue: { email },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const {
    key: passwordKey,
    type: _p,
    ...passwordProps
  } = getInputProps(fields.password, {
    type: "password",
    ariaAttributes: false,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5" aria-label="Logowanie">
      <input type="hidden" name="intent" value="login" />
      {form.errors?.length ? (
        <FormAlert tone="error" id={form.errorId} title={form.errors[0]} testId="invitation-login-error" />
      ) : null}
      <InvitedEmailField
        id={fields.email.id}
        errorId={fields.email.errorId}
        errors={fields.email.errors}
        name={fields.email.name}
        email={email}
      />
      <Field
        label="Hasło"
        htmlFor={fields.password.id}
        errorId={fields.password.errorId}
        errors={fields.password.errors}
      >
        <PasswordInput key={passwordKey} {...passwordProps} autoComplete="current-password" />
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
        {busy ? "Logowanie..." : "Zaloguj się i przyjmij zaproszenie"}
      </Button>
    </Form>
  );
}

export function AcceptInvitationForm() {
  const busy = useBusy("accept");
  return (
    <Form method="post" className="grid">
      <input type="hidden" name="intent" value="accept" />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <CheckCircle2 aria-hidden="true" />
        {busy ? "Przyjmowanie…" : "Przyjmij zaproszenie"}
      </Button>
    </Form>
  );
}

export function InvitationAccepted({ role, email }: { role: Role; email: string }) {
  const inPanel = role === "admin" || role === "moderator";
  return (
    <div className="grid gap-5" data-testid="invitation-accepted">
      <FormAlert tone="success" title="Zaproszenie przyjęte">
        <p>
          Konto {email} ma teraz rolę: <strong>{roleLabels[role]}</strong>.
        </p>
      </FormAlert>
      <Button asChild size="lg" className="w-full">
        <Link to={inPanel ? "/admin" : "/account"}>{inPanel ? "Przejdź do panelu" : "Przejdź do konta"}</Link>
      </Button>
    </div>
  );
}

export function InvitationUnavailable({ title, text }: { title: string; text: string }) {
  return (
    <div className="grid gap-5" data-testid="invitation-problem">
      <div className="flex items-start gap-3 rounded-md border border-danger/50 bg-danger/10 p-4">
        <MailX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">{title}</p>
          <p className="text-foreground/80">{text}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="secondary">
          <Link to="/auth">Zaloguj się</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">Strona główna</Link>
        </Button>
      </div>
    </div>
  );
}
