/**
 * What a visitor without access sees at /admin (SPEC §4 Admin access): the checking screen while the
 * panel decides where to send them, then a toast and a redirect — to /auth with the origin kept when
 * signed out, to / with 'Brak uprawnień administratora' or 'Błąd sprawdzania uprawnień' otherwise.
 */
import { ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "~/components/ui/toaster";
import { loginUrlFor } from "~/modules/accounts/redirect";
import { type AdminAccessProblem, adminAccessMessages } from "../access";

export function CheckingScreen({ children }: { children?: React.ReactNode }) {
  return (
    <section
      className="container-page flex min-h-[70vh] flex-col items-center justify-center gap-5 pt-24 text-center"
      aria-busy="true"
    >
      <span className="relative flex size-16 items-center justify-center">
        <span
          aria-hidden="true"
          className="absolute inset-0 animate-spin rounded-full border-2 border-border border-t-accent"
        />
        <ShieldCheck aria-hidden="true" className="size-7 text-accent" />
      </span>
      <p role="status" className="font-bold text-lg">
        {adminAccessMessages.checking}
      </p>
      {children}
    </section>
  );
}

export function AccessRedirect({ problem }: { problem: AdminAccessProblem }) {
  const navigate = useNavigate();
  const location = useLocation();
  const handled = useRef(false);
  const target = problem === "signed-out" ? loginUrlFor(`${location.pathname}${location.search}`) : "/";

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (problem === "forbidden") toast.error(adminAccessMessages.forbidden);
    if (problem === "check-failed") toast.error(adminAccessMessages.checkFailed);
    navigate(target, { replace: true });
  }, [navigate, problem, target]);

  return (
    <CheckingScreen>
      <noscript>
        <p className="max-w-md text-muted">
          {problem === "signed-out"
            ? adminAccessMessages.signInRequired
            : problem === "forbidden"
              ? adminAccessMessages.forbidden
              : adminAccessMessages.checkFailed}
          .{" "}
          <Link to={target} className="text-accent underline">
            {problem === "signed-out" ? "Zaloguj się" : "Wróć na stronę główną"}
          </Link>
        </p>
      </noscript>
    </CheckingScreen>
  );
}
