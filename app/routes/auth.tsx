// /auth (?redirect=/path, ?tab=signup): login and sign-up (SPEC §2 Auth).
import { useState } from "react";
import { data, redirect } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { env } from "~/lib/env.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { sessionUser } from "~/modules/accounts/auth.server";
import { handleLogin, handleSignup, readForm } from "~/modules/accounts/auth-actions.server";
import { LoginForm, SignupForm } from "~/modules/accounts/components/auth-forms";
import { AuthShell } from "~/modules/accounts/components/auth-shell";
import { useActionToast } from "~/modules/accounts/components/use-action-toast";
import type { AuthIntent, FormActionData } from "~/modules/accounts/form-types";
import { authErrors } from "~/modules/accounts/messages";
import { afterLoginPath, safeRedirectPath, sameSitePathFromUrl } from "~/modules/accounts/redirect";
import { cartCookiesOnLogin } from "~/modules/cart/cart-route.server";
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
  const form = await readForm(request);
  if (!(form instanceof FormData)) return data(form.data, { status: form.status });
  const intent = form.get("intent");
  const outcome =
    intent === "signup"
      ? await handleSignup(request, form)
      : intent === "login"
        ? await handleLogin(request, form, { onSignedIn: (userId) => cartCookiesOnLogin(request, userId) })
        : {
            status: 400,
            data: {
              result: { status: "error", error: { "": [authErrors.invalidForm] } },
              toast: { kind: "error", title: authErrors.invalidForm },
            } satisfies FormActionData,
          };
  if (outcome instanceof Response) return outcome;
  return data(outcome.data, { status: outcome.status, headers: outcome.headers });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const [tab, setTab] = useState<AuthIntent>(actionData?.intent ?? loaderData.tab);

  useActionToast(actionData);

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
      <Tabs value={tab} onValueChange={(value) => select(value as AuthIntent)} className="gap-6">
        <TabsList className="grid w-full grid-cols-2" aria-label="Logowanie lub rejestracja">
          {(["login", "signup"] as const).map((value) => (
            <TabsTrigger key={value} value={value} asChild>
              <a
                href={tabLink(value)}
                onClick={(event) => {
                  event.preventDefault();
                  select(value);
                }}
              >
                {value === "login" ? "Logowanie" : "Rejestracja"}
              </a>
            </TabsTrigger>
          ))}
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
