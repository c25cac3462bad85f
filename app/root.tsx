import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { FlashNotice } from "~/components/flash-notice";
import { FloatingTicketButton } from "~/components/floating-ticket-button";
import { NotFoundView } from "~/components/not-found-view";
import { SiteNav } from "~/components/shell/site-nav";
import { SiteFooter } from "~/components/site-footer";
import { Toaster } from "~/components/ui/toaster";
import { env } from "~/lib/env.server";
import { flashMiddleware, flashOf } from "~/lib/flash.server";
import { BOOTSTRAP_SCRIPT, useNonce } from "~/lib/nonce";
import { demoSite } from "~/lib/site";
import { sessionUser } from "~/modules/accounts/auth.server";
import { CartTakeoverGate } from "~/modules/cart/components/cart-takeover-gate";
import { useNavigationSkeleton } from "~/modules/content/components/skeletons";
import { getHeroTicketUrl } from "~/modules/content/landing.server";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Every page and data request: a form's one-time message, taken from its cookie (app/lib/flash.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [flashMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The hero night's tickets while it sells: never a past or cancelled night's (decision 022).
  const [user, ticketUrl] = await Promise.all([sessionUser({ request, context }), getHeroTicketUrl()]);
  return data({
    site: env().site,
    user: user ? { email: user.email } : null,
    ticketUrl,
    flash: flashOf(context),
  });
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** Root data for components anywhere in the tree (site settings, signed-in user). */
export function useRootData(): RootData {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return rootData ?? { site: demoSite, user: null, ticketUrl: null, flash: null };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="pl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#07060b" />
        {/* First in the document: React Router's module script is async and may run before anything
            placed after it (as React's bootstrap script was), building a schema before zod is jitless. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: BOOTSTRAP_SCRIPT }}
        />
        <Meta />
        <Links />
      </head>
      <body className="bg-background text-foreground">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Marks the document once React has hydrated (tests and progressive-enhancement checks read it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

function Shell({ children }: { children: React.ReactNode }) {
  const { site, user, ticketUrl, flash } = useRootData();
  const { pathname } = useLocation();
  // The cart has its own fixed bar on mobile; the ticket button would cover it.
  // An event's own page has its own ticket button (none for a past night): no second one for another night.
  const showTicketButton = Boolean(ticketUrl) && pathname !== "/cart" && !pathname.startsWith("/wydarzenia/");
  // During a client-side navigation to an event-site page, its skeleton replaces the page being left.
  const pending = useNavigationSkeleton();
  // The door app (issue #41) is the whole screen of a phone at the door: none of the site around it.
  if (pathname === "/bramka" || pathname.startsWith("/bramka/")) {
    return (
      <>
        <main id="main">{children}</main>
        <Toaster />
        <HydrationMarker />
      </>
    );
  }
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded-md focus:bg-accent focus:px-4 focus:py-2 focus:text-accent-foreground"
      >
        Przejdź do treści
      </a>
      <SiteNav siteName={site.name} userEmail={user?.email ?? null} />
      <main id="main" className="min-h-[60vh]" aria-busy={pending ? true : undefined}>
        {pending ?? children}
      </main>
      <SiteFooter site={site} />
      {showTicketButton && ticketUrl ? <FloatingTicketButton href={ticketUrl} /> : null}
      <Toaster />
      <FlashNotice message={flash} />
      <HydrationMarker />
      <CartTakeoverGate siteSlug={site.slug} />
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { site } = useRootData();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <title>{`Nie znaleziono strony | ${site.name}`}</title>
        <NotFoundView />
      </Shell>
    );
  }
  // Details stay in the server log; visitors get a Polish message and a way back.
  return (
    <Shell>
      <title>{`Błąd | ${site.name}`}</title>
      <section className="container-page flex min-h-[70vh] flex-col items-center justify-center gap-6 pt-24 text-center">
        <p className="font-display text-6xl text-hot">BŁĄD</p>
        <h1 className="text-2xl font-bold">Coś poszło nie tak</h1>
        <p className="max-w-md text-muted">
          Spróbuj odświeżyć stronę za chwilę. Jeśli problem wraca, napisz do nas.
        </p>
        <Link to="/" className="rounded-md bg-accent px-6 py-3 font-bold uppercase text-accent-foreground">
          Wróć na stronę główną
        </Link>
      </section>
    </Shell>
  );
}
