// /reset-password: asks for a password-reset link by e-mail (SPEC §2 Password screens).
import { getFormProps } from "@conform-to/react";
import { MailCheck, Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { BackLink } from "~/components/back-link";
import { ActionNotice } from "~/components/flash-notice";
import { EmailInput, FormField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { staticPageMeta } from "~/lib/seo";
import { handleAccountForm } from "~/modules/accounts/auth.server";
import { resetRequestIntents } from "~/modules/accounts/auth-actions.server";
import { AuthNotice } from "~/modules/accounts/components/auth-notice";
import { AuthShell } from "~/modules/accounts/components/auth-shell";
import { FormAlert } from "~/modules/accounts/components/form-alert";
import { resetRequestConstraint, resetRequestSchema } from "~/modules/accounts/password.schema";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Reset hasła",
  description: "Nie pamiętasz hasła? Wyślemy Ci link do ustawienia nowego.",
  path: "/reset-password",
  noindex: true,
});

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleAccountForm<{ sentTo: string }>({ request, context }, resetRequestIntents);
}

function BackToLogin() {
  return (
    <BackLink
      to="/auth"
      className="inline-flex items-center gap-2 font-semibold text-accent text-sm underline-offset-4 hover:underline"
    >
      Wróć do logowania
    </BackLink>
  );
}

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = actionData;
  const [form, fields] = useZodForm(resetRequestSchema, {
    id: "reset-password-form",
    lastResult: answer?.sentTo ? undefined : answer?.result,
    constraint: resetRequestConstraint,
  });

  if (answer?.sentTo) {
    return (
      <>
        <ActionNotice answer={answer} />
        <AuthNotice
          eyebrow="Reset hasła"
          title="Email wysłany!"
          testId="reset-sent"
          tone="success"
          icon={MailCheck}
          message={
            <>
              Jeśli konto z adresem <strong className="break-all">{answer.sentTo}</strong> istnieje, za chwilę
              dostaniesz e-mail z linkiem do ustawienia nowego hasła.
            </>
          }
        >
          <p className="text-muted text-sm leading-relaxed">
            Link jest ważny przez 1 godzinę i działa tylko raz. Nie widzisz wiadomości? Zajrzyj do folderu
            spam albo wyślij link ponownie za kilka minut.
          </p>
          <BackToLogin />
        </AuthNotice>
      </>
    );
  }

  return (
    <AuthShell
      eyebrow="Reset hasła"
      title="Nie pamiętasz hasła?"
      lead="Podaj adres e-mail konta, a wyślemy Ci link do ustawienia nowego hasła."
    >
      <ActionNotice answer={answer} />
      <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
        <input type="hidden" name="intent" value="reset-request" />
        {form.errors?.length ? <FormAlert tone="error" id={form.errorId} title={form.errors[0]} /> : null}
        <FormField label="E-mail" field={fields.email}>
          <EmailInput field={fields.email} />
        </FormField>
        <SubmitButton
          busy={busy}
          icon={Send}
          label="Wyślij link resetujący"
          busyLabel="Wysyłanie..."
          className="w-full"
        />
        <BackToLogin />
      </Form>
    </AuthShell>
  );
}
