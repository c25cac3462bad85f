// /zaproszenie/:token: the link from an invitation e-mail (single use, 7 days). The invitee signs up or
// logs in with the invited address (or accepts while signed in with it) and gets the role. A used,
// expired or unknown link gets a Polish page with its own status, never a 500.
import { useState } from "react";
import { data } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { formatDateTime } from "~/lib/dates";
import { privatePageMeta } from "~/lib/private-page";
import { sessionUser } from "~/modules/accounts/auth.server";
import { AuthShell } from "~/modules/accounts/components/auth-shell";
import { FormAlert } from "~/modules/accounts/components/form-alert";
import {
  AcceptInvitationForm,
  InvitationAccepted,
  InvitationLoginForm,
  InvitationSignupForm,
  InvitationUnavailable,
} from "~/modules/accounts/components/invitation-accept";
import { LogoutForm } from "~/modules/accounts/components/logout-form";
import { useActionToast } from "~/modules/accounts/components/use-action-toast";
import { invitationAcceptMessages, invitationProblems } from "~/modules/accounts/invitations.schema";
import { findInvitation, handleInvitationAction, sameEmail } from "~/modules/accounts/invitations.server";
import { roleLabels } from "~/modules/accounts/users.schema";
import { useRootData } from "~/root";
import type { Route } from "./+types/invitation";

// The token is in the URL: never cached, never indexed, never sent on as a Referer.
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
};

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = privatePageMeta("Zaproszenie");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [lookup, user] = await Promise.all([findInvitation(params.token), sessionUser({ request, context })]);
  if (lookup.state !== "valid") {
    const problem = invitationProblems[lookup.state];
    return data(
      {
        state: lookup.state,
        problem: { title: problem.title, text: problem.text },
        invitation: null,
        user: null,
      },
      { status: problem.status, headers: PRIVATE_HEADERS },
    );
  }
  const { email, role, expiresAt } = lookup.invitation;
  return data(
    {
      state: lookup.state,
      problem: null,
      // Worded here, so the page's scripts format no date (decision 027).
      invitation: { email, role, validUntil: formatDateTime(expiresAt) },
      user: user ? { email: user.email, matches: sameEmail(user.email, email) } : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const outcome = await handleInvitationAction({ request, context }, params.token);
  return data(outcome.data, { status: outcome.status, headers: outcome.headers });
}

type Tab = "signup" | "login";

export default function InvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const [tab, setTab] = useState<Tab>(actionData?.intent === "login" ? "login" : "signup");
  const { site } = useRootData();

  useActionToast(actionData);

  if (actionData?.accepted) {
    return (
      <AuthShell eyebrow="Zaproszenie" title="Witamy w zespole!">
        <InvitationAccepted {...actionData.accepted} />
      </AuthShell>
    );
  }

  const problem = actionData?.problem ? invitationProblems[actionData.problem] : loaderData.problem;
  if (problem || !loaderData.invitation) {
    return (
      <AuthShell eyebrow="Zaproszenie" title={problem?.title ?? invitationProblems.unknown.title}>
        <InvitationUnavailable
          title={problem?.title ?? invitationProblems.unknown.title}
          text={problem?.text ?? invitationProblems.unknown.text}
        />
      </AuthShell>
    );
  }

  const { invitation, user } = loaderData;
  const lead = (
    <>
      Zaproszenie dla <strong className="text-foreground">{invitation.email}</strong> z rolą{" "}
      <strong className="text-foreground">{roleLabels[invitation.role]}</strong>. Ważne do{" "}
      {invitation.validUntil}.
    </>
  );
  const lastResult = (intent: Tab) => (actionData?.intent === intent ? actionData.result : undefined);

  if (user) {
    return (
      <AuthShell eyebrow="Zaproszenie" title="Przyjmij zaproszenie" lead={lead}>
        {user.matches ? (
          <div className="grid gap-4">
            <p className="text-muted text-sm">
              Zalogowano jako <strong className="text-foreground">{user.email}</strong>.
            </p>
            <AcceptInvitationForm />
          </div>
        ) : (
          <div className="grid gap-4">
            <FormAlert
              tone="error"
              title={invitationAcceptMessages.wrongEmail(invitation.email)}
              testId="invitation-wrong-account"
            >
              <p>
                Jesteś zalogowany(-a) jako {user.email}. Wyloguj się i wróć do tego linku, aby założyć konto
                lub zalogować się adresem z zaproszenia.
              </p>
            </FormAlert>
            <LogoutForm className="justify-center rounded-md border border-border px-4 py-3 font-semibold hover:border-accent" />
          </div>
        )}
      </AuthShell>
    );
  }

  return (
    <AuthShell eyebrow="Zaproszenie" title={`Dołącz do ${site.name}`} lead={lead}>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-6">
        <TabsList className="grid w-full grid-cols-2" aria-label="Rejestracja lub logowanie">
          <TabsTrigger value="signup">Nowe konto</TabsTrigger>
          <TabsTrigger value="login">Mam już konto</TabsTrigger>
        </TabsList>
        <TabsContent value="signup">
          <InvitationSignupForm email={invitation.email} lastResult={lastResult("signup")} />
        </TabsContent>
        <TabsContent value="login">
          <InvitationLoginForm email={invitation.email} lastResult={lastResult("login")} />
        </TabsContent>
      </Tabs>
    </AuthShell>
  );
}
