// /auth (?redirect=/path, ?tab=signup): login and sign-up (SPEC §2 Auth).

import { useState } from "react";
import { redirect } from "react-router";
import { ActionNotice } from "~/components/flash-notice";
import { Tabs, TabsContent, TabsList } from "~/components/ui/tabs";
import { env } from "~/lib/env.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { handleAccountForm, sessionUser } from "~/modules/accounts/auth.server";
import { authIntents } from "~/modules/accounts/auth-actions.server";
import { type AuthIntent, LoginForm, SignupForm } from "~/modules/accounts/components/auth-forms";
import { AuthShell } from "~/modules/accounts/components/auth-shell";
import { AuthTabLinks } from "~/modules/accounts/components/auth-tab-links";
import { afterLoginPath, safeRedirectPath, sameSitePathFromUrl } from "~/modules/accounts/redirect";
import { cartCookiesOnLogin, sentCartId } from "~/modules/cart/cart-cookies.server";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    site,
    title: "Logowanie i rejestracja",
    description: `Zaloguj się lub załóż konto ${site.name}, aby śledzić zamówienia merchu i dodawać opinie.`,
    path: "/auth",
    noindex: true,
  });
};

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  // A refused login says when to try again, also on the document answer of a plain form post.
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const fromQuery = safeRedirectPath(url.searchParams.get("redirect"));
  // "Else the previous location": the page the visitor came from, if it is one of ours.
  const fromReferer = sameSitePathFromUrl(request.headers.get("referer"), env().siteUrl);
  const redirectTo = fromQuery ?? fromReferer;
  const user = await sessionUser({ request, context });
  if (user) throw redirect(afterLoginPath(redirectTo));
  const tab: AuthIntent = url.searchParams.get("tab") === "signup" ? "signup" : "login";
  return { redirectTo, tab };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The guest's cart made in this browser follows the account (decision 031; issue #42: only that one).
  const sent = await sentCartId(request.headers.get("cookie"));
  const cartFollows = (userId: string, cookies: Headers) => cartCookiesOnLogin({ userId, sent }, cookies);
  return handleAccountForm({ request, context }, (answer) => authIntents(answer, cartFollows));
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const answered =
    actionData?.intent === "signup" || actionData?.intent === "login" ? actionData.intent : null;
  const [tab, setTab] = useState<AuthIntent>(answered ?? loaderData.tab);

  // Tabs are links before hydration (?tab=…); after it they switch in place and keep the URL in step.
  const select = (next: AuthIntent) => {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set("tab", next);
    window.history.replaceState(window.history.state, "", url);
  };
  const tabLink = (value: AuthIntent) => {
    const params = new URLSearchParams();
    if (loaderData.redirectTo) params.set("redirect", loaderData.redirectTo);
    params.set("tab", value);
    return `?${params.toString()}`;
  };

  return (
    <AuthShell
      eyebrow="Twoje konto"
      title={tab === "login" ? "Zaloguj się" : "Załóż konto"}
      lead={
        tab === "login"
          ? "Witaj z powrotem! Zaloguj się, aby zobaczyć swoje zamówienia."
          : "Konto to historia zamówień, szybsze zakupy i opinie o merchu."
      }
    >
      <ActionNotice answer={actionData} />
      <Tabs value={tab} onValueChange={(value) => select(value as AuthIntent)} className="gap-6">
        <TabsList className="grid w-full grid-cols-2" aria-label="Logowanie lub rejestracja">
          <AuthTabLinks
            tabs={[
              { value: "login", label: "Logowanie" },
              { value: "signup", label: "Rejestracja" },
            ]}
            hrefOf={tabLink}
            onSelect={select}
          />
        </TabsList>
        <TabsContent value="login">
          <LoginForm actionData={actionData} redirectTo={loaderData.redirectTo} />
        </TabsContent>
        <TabsContent value="signup">
          <SignupForm actionData={actionData} onShowLogin={() => select("login")} />
        </TabsContent>
      </Tabs>
    </AuthShell>
  );
}
