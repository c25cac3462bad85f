// /account ('MOJE KONTO'): e-mail, registration date, user id; verification status (SPEC §2 Account).
import { BadgeCheck, CircleAlert, KeyRound, MailWarning, Package } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { EnhancedField } from "~/components/enhanced-field";
import { ActionNotice } from "~/components/flash-notice";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { privatePageHeaders, privatePageMeta } from "~/lib/private-page";
import { handleAccountForm } from "~/modules/accounts/auth.server";
import { registrationDate } from "~/modules/accounts/format";
import { requireUser } from "~/modules/accounts/roles.server";
import { verificationIntents } from "~/modules/accounts/verification.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = privatePageMeta("Moje konto");

export const headers = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  // Worded here, so the page's scripts format no date (decision 027).
  const registeredOn = registrationDate(user.createdAt);
  return { id: user.id, email: user.email, emailVerified: user.emailVerified, registeredOn };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The session is checked before a byte of the body is read (issue 14).
  const user = await requireUser({ request, context });
  // Without scripts the answer is a 303 back here with the message as a flash.
  return handleAccountForm({ request, context }, () => verificationIntents(user), {
    plain: { redirectTo: () => "/account", refusals: true },
  });
}

export default function AccountPage({ loaderData: user, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const resending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "resend-verification";

  const rows = [
    { label: "E-mail", value: <span className="break-all">{user.email}</span>, testId: "account-email" },
    { label: "Data rejestracji", value: user.registeredOn, testId: "account-created" },
    {
      label: "ID użytkownika",
      value: <code className="break-all font-mono text-foreground/90 text-sm">{user.id}</code>,
      testId: "account-id",
    },
  ];

  return (
    <div className="grid gap-8">
      <ActionNotice answer={actionData} />
      <header>
        <p className="font-bold text-accent text-xs uppercase tracking-[0.3em]">Profil</p>
        <h1 className="mt-2 font-display text-4xl md:text-5xl">MOJE KONTO</h1>
      </header>

      <section aria-labelledby="account-details" className="rounded-lg border border-border bg-surface">
        <div className="flex flex-wrap items-center justify-between gap-3 border-border border-b px-5 py-4 sm:px-6">
          <h2 id="account-details" className="font-bold uppercase tracking-wider">
            Dane konta
          </h2>
          {user.emailVerified ? (
            <Badge variant="success">
              <BadgeCheck aria-hidden="true" />
              E-mail potwierdzony
            </Badge>
          ) : (
            <Badge variant="warning">
              <CircleAlert aria-hidden="true" />
              E-mail niepotwierdzony
            </Badge>
          )}
        </div>
        <dl className="divide-y divide-border">
          {rows.map((row) => (
            <div
              key={row.label}
              className="grid gap-1 px-5 py-4 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4 sm:px-6"
            >
              <dt className="text-muted text-sm">{row.label}</dt>
              <dd className="font-semibold" data-testid={row.testId}>
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {user.emailVerified ? null : (
        <section
          aria-labelledby="verify-heading"
          className="flex flex-col gap-4 rounded-lg border border-warning/40 bg-warning/5 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <div className="flex gap-4">
            <MailWarning aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-warning" />
            <div>
              <h2 id="verify-heading" className="font-bold">
                Potwierdź swój adres e-mail
              </h2>
              <p className="mt-1 text-foreground/80 text-sm leading-relaxed">
                Link znajdziesz w e-mailu powitalnym. Po potwierdzeniu zamówienia złożone na ten adres bez
                konta pojawią się w Twojej historii.
              </p>
            </div>
          </div>
          <Form method="post" className="shrink-0">
            <input type="hidden" name="intent" value="resend-verification" />
            <EnhancedField />
            <Button type="submit" variant="secondary" disabled={resending}>
              {resending ? "Wysyłanie..." : "Wyślij link ponownie"}
            </Button>
          </Form>
        </section>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Link
          to="/account/orders"
          prefetch="intent"
          className="group flex items-start gap-4 rounded-lg border border-border bg-surface p-5 transition-colors hover:border-accent sm:p-6"
        >
          <Package aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-accent" />
          <span>
            <span className="block font-bold uppercase tracking-wide group-hover:text-accent">
              Zamówienia
            </span>
            <span className="mt-1 block text-muted text-sm">Historia zamówień, statusy i szczegóły.</span>
          </span>
        </Link>
        <Form
          method="post"
          action="/reset-password"
          className="flex items-start gap-4 rounded-lg border border-border bg-surface p-5 sm:p-6"
        >
          <KeyRound aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-accent" />
          <div className="grid gap-3">
            <div>
              <h2 className="font-bold uppercase tracking-wide">Hasło</h2>
              <p className="mt-1 text-muted text-sm">Wyślemy Ci link do ustawienia nowego hasła.</p>
            </div>
            <input type="hidden" name="intent" value="reset-request" />
            <input type="hidden" name="email" value={user.email} />
            <Button type="submit" variant="outline" size="sm" className="w-fit">
              Zmień hasło
            </Button>
          </div>
        </Form>
      </div>
    </div>
  );
}
