// /zaproszenie/:token: the link from an invitation e-mail (single use, 7 days). The invitee signs up or
// logs in with the invited address (or accepts while signed in with it) and gets the role. A used,
// expired or unknown link gets a Polish page with its own status, never a 500.

import { useState } from "react";
import { data, type ShouldRevalidateFunction, useSearchParams } from "react-router";
import { ActionNotice } from "~/components/flash-notice";
import { Tabs, TabsContent, TabsList } from "~/components/ui/tabs";
import { formatDateTime } from "~/lib/dates";
import { privatePageMeta } from "~/lib/private-page";
import { handleAccountForm, sessionUser } from "~/modules/accounts/auth.server";
import { AuthShell } from "~/modules/accounts/components/auth-shell";
import { AuthTabLinks } from "~/modules/accounts/components/auth-tab-links";
import { FormAlert } from "~/modules/accounts/components/form-alert";
import {
  AcceptInvitationForm,
  InvitationAccepted,
  InvitationLoginForm,
  InvitationSignupForm,
  InvitationUnavailable,
} from "~/modules/accounts/components/invitation-accept";
import { LogoutForm } from "~/modules/accounts/components/logout-form";
import { type AcceptedInvitation, invitationIntents } from "~/modules/accounts/invitation-actions.server";
import { invitationAcceptMessages, invitationProblems } from "~/modules/accounts/invitations.schema";
import { findInvitation, sameEmail } from "~/modules/accounts/invitations.server";
import { roleLabels } from "~/modules/accounts/users.schema";
import { useRootData } from "~/root";
import type { Route } from "./+types/invitation";

// The token is in the URL: never cached, never indexed, never sent to another site as a Referer
// (`same-origin`: `no-referrer` would make Chromium post the page's plain form with `Origin: null`,
// which the cross-site check refuses).
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
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
  return handleAccountForm<AcceptedInvitation>({ request, context }, (answer) =>
    invitationIntents(answer, { request, context }, params.token),
  );
}

// A refused form may mean the link stopped working meanwhile: the loader says so (also after a 4xx).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

type Tab = "signup" | "login";

export default function InvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const asked = actionData?.intent ?? searchParams.get("tab");
  const [tab, setTab] = useState<Tab>(asked === "login" ? "login" : "signup");
  const { site } = useRootData();
  const notice = <ActionNotice answer={actionData} />;

  if (actionData?.accepted) {
    return (
      <AuthShell eyebrow="Zaproszenie" title="Witamy w zespole!">
        {notice}
        <InvitationAccepted {...actionData.accepted} />
      </AuthShell>
    );
  }

  const problem = loaderData.problem;
  if (problem || !loaderData.invitation) {
    return (
      <AuthShell eyebrow="Zaproszenie" title={problem?.title ?? invitationProblems.unknown.title}>
        {notice}
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
        {notice}
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
      {notice}
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-6">
        <TabsList className="grid w-full grid-cols-2" aria-label="Rejestracja lub logowanie">
          <AuthTabLinks
            tabs={[
              { value: "signup", label: "Nowe konto" },
              { value: "login", label: "Mam już konto" },
            ]}
            hrefOf={(value) => `?tab=${value}`}
            onSelect={setTab}
          />
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
