/**
 * The invitee's side of an invitation (/zaproszenie/:token): sign-up and login forms with the invited
 * address filled in (it is the only one that works), the "accept" button for someone already signed in
 * with it, and the views for a link that cannot be used. Forms work before hydration.
 */
import type { SubmissionResult } from "@conform-to/react";
import { CheckCircle2, MailX } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { AuthForm, SignupPasswordFields, useBusy } from "~/modules/accounts/components/auth-forms";
import { FormAlert } from "~/modules/accounts/components/form-alert";
import { CurrentPasswordField } from "~/modules/accounts/components/password-input";
import type { Role } from "../../../../db/schema";
import { roleLabels } from "../users.schema";

type LastResult = SubmissionResult<string[]> | undefined;

export function InvitationSignupForm({ email, lastResult }: { email: string; lastResult: LastResult }) {
  return (
    <AuthForm intent="signup" invitedEmail={email} lastResult={lastResult}>
      {(fields) => <SignupPasswordFields fields={fields} />}
    </AuthForm>
  );
}

export function InvitationLoginForm({ email, lastResult }: { email: string; lastResult: LastResult }) {
  return (
    <AuthForm intent="login" invitedEmail={email} lastResult={lastResult}>
      {(fields) => <CurrentPasswordField field={fields.password} />}
    </AuthForm>
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
  const home = inPanel ? "/admin" : role === "door" ? "/bramka" : "/account";
  return (
    <div className="grid gap-5" data-testid="invitation-accepted">
      <FormAlert tone="success" title="Zaproszenie przyjęte">
        <p>
          Konto {email} ma teraz rolę: <strong>{roleLabels[role]}</strong>.
        </p>
      </FormAlert>
      <Button asChild size="lg" className="w-full">
        <Link to={home}>
          {inPanel ? "Przejdź do panelu" : role === "door" ? "Przejdź do bramki" : "Przejdź do konta"}
        </Link>
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
