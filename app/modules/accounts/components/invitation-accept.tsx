/**
 * The invitee's side of an invitation (/zaproszenie/:token): sign-up and login forms with the invited
 * address filled in (it is the only one that works), the "accept" button for someone already signed in
 * with it, and the views for a link that cannot be used. Forms work before hydration.
 */
import {
  type FormMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, LogIn, MailX, UserPlus } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
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

/** What sign-up and login share: checked on leaving a field, rechecked while typing after that. */
function formOptions(intent: "login" | "signup", lastResult: LastResult) {
  return {
    id: `invitation-${intent}`,
    lastResult,
    shouldValidate: "onBlur" as const,
    shouldRevalidate: "onInput" as const,
  };
}

/** The frame of both forms: intent, the form's refusal, the invited address, the fields, submit. */
function InvitationForm({
  intent,
  label,
  form,
  emailField,
  email,
  submit,
  children,
}: {
  intent: "login" | "signup";
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: either form's metadata (their schemas differ)
  form: FormMetadata<any, string[]>;
  emailField: EmailField;
  email: string;
  submit: { icon: ReactNode; label: string; busyLabel: string };
  children: ReactNode;
}) {
  const busy = useBusy(intent);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {form.errors?.length ? (
        <FormAlert
          tone="error"
          id={form.errorId}
          title={form.errors[0]}
          testId={`invitation-${intent}-error`}
        />
      ) : null}
      <InvitedEmailField field={emailField} email={email} />
      {children}
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {submit.icon}
        {busy ? submit.busyLabel : submit.label}
      </Button>
    </Form>
  );
}

export function InvitationSignupForm({ email, lastResult }: { email: string; lastResult: LastResult }) {
  const [form, fields] = useForm({
    ...formOptions("signup", lastResult),
    defaultValue: { email },
    constraint: signupConstraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });
  return (
    <InvitationForm
      intent="signup"
      label="Rejestracja"
      form={form}
      emailField={fields.email}
      email={email}
      submit={{
        icon: <UserPlus aria-hidden="true" />,
        label: "Załóż konto i przyjmij zaproszenie",
        busyLabel: "Rejestracja...",
      }}
    >
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        hint="Minimum 6 znaków."
      />
    </InvitationForm>
  );
}

export function InvitationLoginForm({ email, lastResult }: { email: string; lastResult: LastResult }) {
  const [form, fields] = useForm({
    ...formOptions("login", lastResult),
    defaultValue: { email },
    constraint: loginConstraint,
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
    <InvitationForm
      intent="login"
      label="Logowanie"
      form={form}
      emailField={fields.email}
      email={email}
      submit={{
        icon: <LogIn aria-hidden="true" />,
        label: "Zaloguj się i przyjmij zaproszenie",
        busyLabel: "Logowanie...",
      }}
    >
      <FormField label="Hasło" field={fields.password}>
        <PasswordInput key={passwordKey} {...passwordProps} autoComplete="current-password" />
      </FormField>
      <div className="-mt-2 flex justify-end">
        <Link
          to="/reset-password"
          className="font-semibold text-accent text-sm underline-offset-4 hover:underline"
        >
          Nie pamiętasz hasła?
        </Link>
      </div>
    </InvitationForm>
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
