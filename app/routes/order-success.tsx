// /order-success?session_id=…: the buyer's return from payment. The server asks the provider itself
// and fulfils the order once; a reload shows the same order and creates nothing.
import { CheckCircle2, Loader2, RotateCcw, XCircle } from "lucide-react";
import { Suspense, useEffect } from "react";
import { Await, data, Link, redirect, useLocation } from "react-router";
import { toast } from "~/components/ui/toaster";
import { logger } from "~/lib/logger.server";
import { formatPrice } from "~/lib/money";
import { privatePageMeta } from "~/lib/private-page";
import { currentCartCookies } from "~/modules/cart/cart-cookies.server";
import { SHIPPING_TIME_TEXT } from "~/modules/cart/delivery";
import { fulfilBySessionId, type SessionOutcome } from "~/modules/checkout/fulfil-checkout.server";
import { useRootData } from "~/root";
import type { Route } from "./+types/order-success";
import { sentCartCookies, visitorOf } from "./cart-action.server";

export const meta: Route.MetaFunction = privatePageMeta("Zamówienie");

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers(loaderHeaders);
  headers.set("Cache-Control", "no-store");
  return headers;
}

/** How long the page waits for the order before it streams the spinner instead. */
const RENDER_WHOLE_WITHIN_MS = 3_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id")?.trim();
  if (!sessionId || sessionId.length > 300) throw redirect("/");
  const outcome: Promise<SessionOutcome> = fulfilBySessionId(sessionId).catch((error: unknown) => {
    logger.error({ err: error }, "order creation after payment failed");
    return { kind: "unknown" } as const;
  });
  // Usually the order is there at once: the page is then rendered whole, so it is read without
  // scripts too (a streamed answer needs a script to take the spinner's place). A slow provider gets
  // the spinner, streamed, and the outcome after it; without scripts the spinner reloads the page,
  // which finds the order made by then.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), RENDER_WHOLE_WITHIN_MS);
  });
  const settled = await Promise.race([outcome, late]);
  clearTimeout(timer);
  // The order emptied the cart it came from: the badge learns it with this answer (decision 031).
  const headers = new Headers();
  if (settled?.kind === "order") {
    await currentCartCookies(await visitorOf({ request, context }), await sentCartCookies(request), headers);
  }
  return data({ outcome: settled ?? outcome }, { headers });
}

function CreatingOrder() {
  const location = useLocation();
  return (
    <div className="flex flex-col items-center gap-6 py-24 text-center" role="status" aria-live="polite">
      <Loader2 className="size-12 animate-spin text-accent" aria-hidden="true" />
      <p className="font-display text-2xl">TWORZENIE ZAMÓWIENIA...</p>
      <noscript>
        {/* Without scripts the streamed order cannot take the spinner's place: the page asks again. */}
        <meta httpEquiv="refresh" content="3" />
        <p className="max-w-md text-muted">
          To trwa dłużej niż zwykle.{" "}
          <a
            href={`${location.pathname}${location.search}`}
            className="font-bold text-accent underline-offset-4 hover:underline"
          >
            Odśwież stronę
          </a>
          , aby zobaczyć zamówienie.
        </p>
      </noscript>
    </div>
  );
}

function OrderFailed({ message }: { message: string }) {
  useEffect(() => {
    toast.error("Nie udało się utworzyć zamówienia");
  }, []);
  return (
    <div className="flex flex-col items-center gap-6 py-24 text-center">
      <XCircle className="size-14 text-danger" aria-hidden="true" />
      <h1 className="font-display text-5xl text-danger">BŁĄD</h1>
      <p className="max-w-md text-muted">{message}</p>
      <Link to="/" className="rounded-md bg-accent px-6 py-3 font-bold uppercase text-accent-foreground">
        Wróć na stronę główną
      </Link>
    </div>
  );
}

/**
 * No order, the money goes back: paid after the products sold out (the e-mail says the same), or
 * stopped by a rule about the address's history, which only the address's mailbox is told (decision 037).
 */
function PaymentRefunded({
  amount,
  email,
  soldOut,
}: {
  amount: number;
  email: string | null;
  soldOut: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-6 py-20 text-center" data-testid="payment-refunded">
      <RotateCcw className="size-14 text-accent" aria-hidden="true" />
      <h1 className="font-display text-4xl md:text-5xl">ZWRACAMY PŁATNOŚĆ</h1>
      <p className="max-w-lg text-lg">
        {soldOut
          ? "Twoja płatność dotarła do nas po czasie, na który zarezerwowaliśmy produkty, a w międzyczasie zostały one wyprzedane. "
          : "Nie mogliśmy przyjąć tego zamówienia. "}
        Zamówienie nie zostało utworzone — całą kwotę ({formatPrice(amount)}) zwracamy automatycznie.
      </p>
      <p className="max-w-lg text-muted">
        Pieniądze wrócą tą samą drogą, którą zapłacono — zwykle w ciągu kilku dni roboczych.
        {email ? ` Szczegóły wysłaliśmy na adres ${email}.` : ""} Przepraszamy!
      </p>
      <Link to="/merch" className="rounded-md bg-accent px-6 py-3 font-bold uppercase text-accent-foreground">
        Wróć do sklepu
      </Link>
    </div>
  );
}

function OrderCreated({
  orderNumber,
  email,
  orderId,
}: {
  orderNumber: string;
  email: string;
  orderId: string;
}) {
  const { user } = useRootData();
  // The server emptied the cart when it created the order (decision 031).
  useEffect(() => {
    // One toast per order, not on every reload.
    const key = `order-toast-${orderId}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      // storage unavailable: toast anyway
    }
    toast.success("Zamówienie zostało utworzone pomyślnie!");
  }, [orderId]);

  return (
    <div className="flex flex-col items-center gap-6 py-20 text-center" data-testid="order-created">
      <CheckCircle2 className="size-16 text-accent" aria-hidden="true" />
      <h1 className="font-display text-4xl md:text-6xl">DZIĘKUJEMY!</h1>
      <p className="text-lg">
        Numer zamówienia: <strong data-testid="order-number">#{orderNumber}</strong>
      </p>
      <p className="max-w-lg text-muted">
        Potwierdzenie wysłaliśmy na adres e-mail podany przy płatności ({email}). {SHIPPING_TIME_TEXT}
      </p>
      {!user ? (
        <p className="max-w-lg rounded-md border border-border bg-surface px-4 py-3 text-sm">
          Chcesz śledzić zamówienie na koncie?{" "}
          <Link
            to="/auth?redirect=/account/orders"
            className="font-bold text-accent underline-offset-4 hover:underline"
          >
            Zaloguj się
          </Link>{" "}
          — w e-mailu znajdziesz też prywatny link do statusu zamówienia.
        </p>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        <Link
          to="/merch"
          className="rounded-md bg-accent px-6 py-3 font-bold uppercase text-accent-foreground"
        >
          Wróć do sklepu
        </Link>
        <Link
          to="/"
          className="rounded-md border border-border px-6 py-3 font-bold uppercase hover:border-accent"
        >
          Strona główna
        </Link>
      </div>
    </div>
  );
}

function Outcome({ outcome }: { outcome: SessionOutcome }) {
  if (outcome.kind === "order") {
    return (
      <OrderCreated
        orderNumber={outcome.order.orderNumber}
        email={outcome.order.email}
        orderId={outcome.order.orderId}
      />
    );
  }
  if (outcome.kind === "refunded")
    return <PaymentRefunded amount={outcome.amount} email={outcome.email} soldOut={outcome.soldOut} />;
  if (outcome.kind === "unpaid" && outcome.status === "open") {
    return (
      <OrderFailed message="Płatność nie została jeszcze potwierdzona. Jeśli ją zakończysz, potwierdzenie zamówienia wyślemy e-mailem." />
    );
  }
  return <OrderFailed message="Wystąpił błąd podczas tworzenia zamówienia" />;
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  return (
    <section className="container-page pt-16">
      {outcome instanceof Promise ? (
        <Suspense fallback={<CreatingOrder />}>
          <Await
            resolve={outcome}
            errorElement={<OrderFailed message="Wystąpił błąd podczas tworzenia zamówienia" />}
          >
            {(settled) => <Outcome outcome={settled} />}
          </Await>
        </Suspense>
      ) : (
        <Outcome outcome={outcome} />
      )}
    </section>
  );
}
