// /verify-email?token=…: the link from the welcome e-mail confirms the address.
import { CircleAlert, MailCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { getSessionUser } from "~/modules/accounts/auth.server";
import { AuthShell } from "~/modules/accounts/components/auth-shell";
import { verifyEmailToken } from "~/modules/accounts/verification.server";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => [
  { title: "Potwierdzenie adresu e-mail | NOKTURN" },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const outcome = await verifyEmailToken(token, request.headers);
  const user = await getSessionUser(request);
  return { outcome, signedIn: Boolean(user) };
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const { outcome, signedIn } = loaderData;
  if (outcome === "verified") {
    return (
      <AuthShell eyebrow="Twoje konto" title="Adres potwierdzony!">
        <div className="grid gap-6" data-testid="email-verified">
          <div className="flex size-14 items-center justify-center rounded-full bg-accent/15 text-accent">
            <MailCheck aria-hidden="true" className="size-7" />
          </div>
          <p className="text-foreground/90 leading-relaxed">
            Dziękujemy! Twój adres e-mail jest potwierdzony. Zamówienia złożone na ten adres bez konta są już
            w historii Twojego konta.
          </p>
          <Button asChild size="lg" className="w-full">
            {signedIn ? (
              <Link to="/account/orders">Moje zamówienia</Link>
            ) : (
              <Link to="/auth?redirect=%2Faccount%2Forders">Zaloguj się</Link>
            )}
          </Button>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell eyebrow="Twoje konto" title="Link nie działa">
      <div className="grid gap-6" data-testid="email-verification-failed">
        <div className="flex size-14 items-center justify-center rounded-full bg-danger/15 text-danger">
          <CircleAlert aria-hidden="true" className="size-7" />
        </div>
        <p className="text-foreground/90 leading-relaxed">
          {outcome === "expired"
            ? "Ten link potwierdzający wygasł."
            : outcome === "unavailable"
              ? "Nie udało się teraz potwierdzić adresu. Spróbuj ponownie za chwilę."
              : "Ten link potwierdzający jest nieprawidłowy."}{" "}
          Nowy link wyślesz z poziomu swojego konta.
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to="/account">{signedIn ? "Przejdź do konta" : "Zaloguj się"}</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
