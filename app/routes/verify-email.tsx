// /verify-email?token=…: the link from the welcome e-mail confirms the address.
import { CircleAlert, MailCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { privatePageMeta, tokenPageHeaders } from "~/lib/private-page";
import { clientIpOf } from "~/lib/request-context";
import { sessionUser } from "~/modules/accounts/auth.server";
import { withAuthRequest } from "~/modules/accounts/auth-request.server";
import { AuthNotice } from "~/modules/accounts/components/auth-notice";
import { verifyEmailToken } from "~/modules/accounts/verification.server";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = privatePageMeta("Potwierdzenie adresu e-mail");

export const headers = tokenPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const outcome = await withAuthRequest({ ip: clientIpOf(context) }, () =>
    verifyEmailToken(token, request.headers),
  );
  const user = await sessionUser({ request, context });
  return { outcome, signedIn: Boolean(user) };
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const { outcome, signedIn } = loaderData;
  if (outcome === "verified") {
    return (
      <AuthNotice
        eyebrow="Twoje konto"
        title="Adres potwierdzony!"
        testId="email-verified"
        tone="success"
        icon={MailCheck}
        message="Dziękujemy! Twój adres e-mail jest potwierdzony. Zamówienia złożone na ten adres bez konta są już w historii Twojego konta."
      >
        <Button asChild size="lg" className="w-full">
          {signedIn ? (
            <Link to="/account/orders">Moje zamówienia</Link>
          ) : (
            <Link to="/auth?redirect=%2Faccount%2Forders">Zaloguj się</Link>
          )}
        </Button>
      </AuthNotice>
    );
  }
  const problem =
    outcome === "expired"
      ? "Ten link potwierdzający wygasł."
      : outcome === "unavailable"
        ? "Nie udało się teraz potwierdzić adresu. Spróbuj ponownie za chwilę."
        : "Ten link potwierdzający jest nieprawidłowy.";
  return (
    <AuthNotice
      eyebrow="Twoje konto"
      title="Link nie działa"
      testId="email-verification-failed"
      tone="problem"
      icon={CircleAlert}
      message={`${problem} Nowy link wyślesz z poziomu swojego konta.`}
    >
      <Button asChild size="lg" className="w-full">
        <Link to="/account">{signedIn ? "Przejdź do konta" : "Zaloguj się"}</Link>
      </Button>
    </AuthNotice>
  );
}
