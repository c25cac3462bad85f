// /update-password?token=…: sets a new password from the e-mailed link (SPEC §2 Password screens).

import { getFormProps } from "@conform-to/react";
import { KeyRound, LinkIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { ActionNotice } from "~/components/flash-notice";
import { Button } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { tokenPageHeaders } from "~/lib/private-page";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { handleAccountForm } from "~/modules/accounts/auth.server";
import { isResetTokenUsable, updatePasswordIntents } from "~/modules/accounts/auth-actions.server";
import { AuthNotice } from "~/modules/accounts/components/auth-notice";
import { AuthShell } from "~/modules/accounts/components/auth-shell";
import { FormAlert } from "~/modules/accounts/components/form-alert";
import { NewPasswordFields } from "~/modules/accounts/components/password-input";
import { authErrors } from "~/modules/accounts/messages";
import { updatePasswordConstraint, updatePasswordSchema } from "~/modules/accounts/password.schema";
import type { Route } from "./+types/update-password";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    site,
    title: "Ustaw nowe hasło",
    description: `Ustaw nowe hasło do konta ${site.name}.`,
    path: "/update-password",
    noindex: true,
  });
};

export function headers() {
  // The token is in the URL: it must not leak to other sites or caches (tokenPageHeaders says why
  // `same-origin`).
  return tokenPageHeaders();
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token: token ?? "", usable: await isResetTokenUsable(token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleAccountForm({ request, context }, updatePasswordIntents);
}

function LinkProblem() {
  return (
    <AuthNotice
      eyebrow="Reset hasła"
      title="Link nie działa"
      testId="reset-link-invalid"
      tone="problem"
      icon={LinkIcon}
      message={`${authErrors.resetLinkInvalid} Linki do zmiany hasła są ważne przez 1 godzinę i działają tylko raz.`}
    >
      <Button asChild size="lg" className="w-full">
        <Link to="/reset-password">Wyślij nowy link</Link>
      </Button>
      <Link to="/auth" className="font-semibold text-accent text-sm underline-offset-4 hover:underline">
        Wróć do logowania
      </Link>
    </AuthNotice>
  );
}

export default function UpdatePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = actionData;
  const [form, fields] = useZodForm(updatePasswordSchema, {
    id: "update-password-form",
    lastResult: answer?.result,
    constraint: updatePasswordConstraint,
  });

  if (!loaderData.usable && !answer) return <LinkProblem />;

  return (
    <AuthShell
      eyebrow="Reset hasła"
      title="Ustaw nowe hasło"
      lead="Wpisz nowe hasło do swojego konta — minimum 6 znaków."
    >
      <ActionNotice answer={answer} />
      <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
        <input type="hidden" name="intent" value="update-password" />
        <input type="hidden" name="token" value={loaderData.token} />
        {form.errors?.length ? (
          <FormAlert
            tone="error"
            id={form.errorId}
            title={answer?.title ?? form.errors[0]}
            testId="update-password-error"
          >
            {answer?.title ? (
              <p>
                {answer.message}{" "}
                <Link
                  to="/reset-password"
                  className="font-semibold text-accent underline-offset-4 hover:underline"
                >
                  Wyślij nowy link
                </Link>
              </p>
            ) : null}
          </FormAlert>
        ) : null}
        {fields.token.errors?.length && !form.errors?.length ? (
          <FormAlert tone="error" title={fields.token.errors[0]} />
        ) : null}
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          labels={{ password: "Nowe hasło", confirm: "Powtórz nowe hasło" }}
        />
        <SubmitButton
          busy={busy}
          icon={KeyRound}
          label="Ustaw nowe hasło"
          busyLabel="Zapisywanie..."
          className="w-full"
        />
      </Form>
    </AuthShell>
  );
}
