import { Loader2, LogIn, ShoppingBag, UserRound } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/toaster";
import { db } from "~/lib/db.server";
import { formatPrice } from "~/lib/money";
import { staticPageMeta } from "~/lib/seo";
import { cn } from "~/lib/utils";
import {
  type AppliedDiscount,
  loadAppliedDiscount,
  saveAppliedDiscount,
} from "~/modules/cart/applied-discount";
import { cartItemsCount, cartTotal, lineKey } from "~/modules/cart/cart";
import { useCart } from "~/modules/cart/cart-context";
import { CartLine, type PriceChange } from "~/modules/cart/components/cart-line";
import { ConsumerInfo } from "~/modules/cart/components/consumer-info";
import { DeliveryOptions } from "~/modules/cart/components/delivery-options";
import { DiscountCodeForm } from "~/modules/cart/components/discount-code-form";
import {
  type DeliveryChoice,
  defaultDeliveryChoice,
  loadDeliveryChoice,
  saveDeliveryChoice,
} from "~/modules/cart/delivery-choice";
import { loadServerCart } from "~/modules/cart/server-cart.server";
import { useStartCheckout } from "~/modules/cart/start-checkout";
import type { CartTotals } from "~/modules/cart/totals";
import { useCartQuote } from "~/modules/cart/use-cart-quote";
import { productCountLabel } from "~/modules/catalog/catalog";
import { useRootData } from "~/root";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Koszyk",
  description: "Twój koszyk w sklepie NOKTURN: produkty, dostawa, kod rabatowy i podsumowanie zamówienia.",
  path: "/cart",
});

/**
 * With the cart cookie (decision 026) the server prices the visitor's cart and the page is drawn from
 * it before any script runs; such a page is this visitor's own (never kept by the page cache, which
 * skips requests with cookies, nor by a proxy). Without it: null, the skeleton, as before.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { personal, cart } = await loadServerCart(db(), request.headers.get("cookie"));
  return data(
    { serverCart: cart },
    personal ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

// The locker picker (InPost map in a Radix dialog, ~20 KB) loads only when the parcel locker is chosen.
const LockerPicker = lazy(() =>
  import("~/modules/cart/components/locker-picker").then((module) => ({ default: module.LockerPicker })),
);

/**
 * Every state of the page (skeleton until local storage is read, empty, with items) is at least a
 * screen tall, so the footer never jumps into view when one state replaces another.
 */
const CART_PAGE_CLASS = "container-page min-h-svh pt-24 md:pt-28";

export const CHECKOUT_LABEL = "Zamawiam z obowiązkiem zapłaty";
export const CHECKOUT_BUSY_LABEL = "Przekierowywanie...";
export const CHECKOUT_EMAIL_LABEL = "E-mail do zamówienia";
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { site, user } = useRootData();
  const cart = useCart();
  const { serverCart } = loaderData;
  // Until the stored cart is read (hydration), the page shows the server's cart, so the first client
  // render matches the server's HTML; then the stored lines (the same ones, the cookie mirrors them).
  const fromServer = !cart.ready && serverCart !== null;
  const items = fromServer ? serverCart.items : cart.items;
  const [delivery, setDelivery] = useState<DeliveryChoice>(defaultDeliveryChoice);
  const [applied, setApplied] = useState<AppliedDiscount | null>(null);
  const [restored, setRestored] = useState(false);
  const [priceChanges, setPriceChanges] = useState<Record<string, PriceChange>>({});
  const { start, busy } = useStartCheckout();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);

  // Session choices are read after hydration (the server cannot see them).
  useEffect(() => {
    setDelivery(loadDeliveryChoice());
    setApplied(loadAppliedDiscount());
    setRestored(true);
  }, []);

  const hasItems = items.length > 0;
  const { quote, fresh, loading, error, retry } = useCartQuote(
    items,
    delivery.method,
    applied?.code ?? null,
    cart.ready && restored && hasItems,
    serverCart,
  );

  // Take the server's answer in: current prices into the stored cart, the code's verdict into the
  // stored discount. Only an answer for the cart as it is now counts.
  // The server's quote is there before the stored cart is read: it is compared once that is read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a new answer only
  useEffect(() => {
    if (!quote || !fresh || !cart.ready) return;
    const changes: Record<string, PriceChange> = {};
    for (const line of quote.lines) {
      const item = cart.items.find((candidate) => lineKey(candidate) === lineKey(line));
      if (item && line.status !== "unavailable" && line.unitPrice > 0 && item.price !== line.unitPrice) {
        changes[lineKey(line)] = { was: item.price, now: line.unitPrice };
      }
    }
    if (Object.keys(changes).length > 0) {
      setPriceChanges((current) => ({ ...current, ...changes }));
      cart.applyServerPrices(quote.lines.filter((line) => line.status !== "unavailable"));
    }
    if (applied && quote.discount) {
      if (!quote.discount.valid) {
        updateDiscount(null);
        toast.error(`Kod ${applied.code} usunięty`, { description: quote.discount.message });
      } else if (
        quote.discount.discountAmount !== applied.discountAmount ||
        quote.discount.freeShipping !== applied.freeShipping
      ) {
        updateDiscount({
          ...applied,
          discountAmount: quote.discount.discountAmount,
          freeShipping: quote.discount.freeShipping,
        });
      }
    }
  }, [quote, fresh, cart.ready]);

  function updateDelivery(next: DeliveryChoice) {
    // Choosing the courier clears the locker (SPEC §4).
    const value = next.method === "courier" ? defaultDeliveryChoice : next;
    setDelivery(value);
    saveDeliveryChoice(value);
  }

  function updateDiscount(next: AppliedDiscount | null) {
    setApplied(next);
    saveAppliedDiscount(next);
  }

  function remove(id: string) {
    cart.removeFromCart(id);
    toast("Usunięto z koszyka", { description: "Produkt został usunięty z koszyka" });
  }

  // A first-order code is checked against the buyer's e-mail before payment (decision 016): a guest
  // gives it here, and the payment page keeps it.
  const emailRequired = !user && Boolean(quote?.discount?.valid && quote.discount.firstOrderOnly);

  async function checkout() {
    if (emailRequired && !EMAIL_PATTERN.test(email.trim())) {
      setEmailError(
        email.trim()
          ? "Nieprawidłowy adres email"
          : `Podaj adres e-mail, aby użyć kodu ${applied?.code ?? ""} (obowiązuje tylko przy pierwszym zamówieniu).`,
      );
      document.getElementById("checkout-email")?.focus();
      return;
    }
    setEmailError(null);
    const outcome = await start({
      items: cart.items,
      delivery,
      discountCode: applied?.code ?? null,
      email: emailRequired ? email : null,
    });
    if (outcome && !outcome.ok && outcome.field === "email") setEmailError(outcome.message);
  }

  if (!cart.ready && !fromServer) return <CartSkeleton />;
  if (!hasItems) return <EmptyCart />;

  const pricedByKey = new Map((quote?.lines ?? []).map((line) => [lineKey(line), line]));
  const totals = quote?.totals ?? null;
  const blocked = Boolean(quote && fresh && !quote.purchasable);
  // Before hydration the button cannot act (it is a script button): disabled, in the server's HTML too.
  const checkoutDisabled = !cart.ready || busy || blocked || (loading && !error) || (!quote && !error);
  const itemCount = cartItemsCount(items);

  const checkoutButton = (className?: string, testId?: string) => (
    <Button
      type="button"
      size="lg"
      className={cn("w-full whitespace-normal text-center leading-tight", className)}
      onClick={() => void checkout()}
      disabled={checkoutDisabled}
      aria-describedby={blocked ? "cart-blocked" : undefined}
      data-testid={testId}
    >
      {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
      {busy ? CHECKOUT_BUSY_LABEL : CHECKOUT_LABEL}
    </Button>
  );

  return (
    <div className={cn(CART_PAGE_CLASS, "pb-40 lg:pb-8")}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-5xl leading-none md:text-7xl">KOSZYK</h1>
          <p className="mt-2 text-muted" data-testid="cart-count">
            {productCountLabel(itemCount)}
          </p>
        </div>
        <Link
          to="/merch"
          className="font-bold text-accent text-sm uppercase tracking-wide underline-offset-4 hover:underline"
        >
          ← Kontynuuj zakupy
        </Link>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
        <section aria-label="Produkty w koszyku">
          <ul className="grid gap-3" data-testid="cart-lines">
            {items.map((item) => (
              <CartLine
                key={item.id}
                item={item}
                priced={pricedByKey.get(lineKey(item)) ?? null}
                priceChange={priceChanges[lineKey(item)] ?? null}
                onQuantity={(quantity) =>
                  quantity <= 0 ? remove(item.id) : cart.updateQuantity(item.id, quantity)
                }
                onRemove={() => remove(item.id)}
              />
            ))}
          </ul>
          {error ? (
            <p className="mt-4 flex flex-wrap items-center gap-3 text-sm text-warning" role="status">
              Nie udało się sprawdzić aktualnych cen. Ceny zostaną potwierdzone przy płatności.
              <Button type="button" size="sm" variant="secondary" onClick={retry}>
                Spróbuj ponownie
              </Button>
            </p>
          ) : null}
        </section>

        <aside aria-labelledby="summary-heading" className="lg:sticky lg:top-24 lg:self-start">
          <div
            className="grid gap-6 rounded-lg border border-border bg-surface p-5 md:p-6"
            data-testid="cart-summary"
          >
            <h2 id="summary-heading" className="font-display text-2xl">
              Podsumowanie
            </h2>

            {user ? (
              <p className="flex items-center gap-2 text-sm" data-testid="cart-user">
                <UserRound aria-hidden="true" className="size-4 text-accent" />
                <span>
                  Zamawiasz jako <strong className="break-all">{user.email}</strong>
                </span>
              </p>
            ) : (
              <div
                className="rounded-md border border-border border-dashed p-3 text-sm"
                data-testid="login-prompt"
              >
                <p className="text-muted">Masz konto? Zaloguj się, aby śledzić swoje zamówienie.</p>
                <Link
                  to="/auth?redirect=/cart"
                  className="mt-2 inline-flex items-center gap-2 font-bold text-accent underline-offset-4 hover:underline"
                >
                  <LogIn aria-hidden="true" className="size-4" />
                  Zaloguj się
                </Link>
              </div>
            )}

            <div className="grid gap-3">
              <DeliveryOptions
                value={delivery.method}
                onChange={(method) =>
                  updateDelivery({ method, locker: method === "inpost" ? delivery.locker : null })
                }
                free={Boolean(totals?.freeDelivery)}
              />
              {delivery.method === "inpost" ? (
                <Suspense fallback={<Skeleton className="h-20 w-full" />}>
                  <LockerPicker
                    token={site.inpostToken}
                    widgetUrl={site.inpostWidgetUrl}
                    value={delivery.locker}
                    onChange={(locker) => updateDelivery({ method: "inpost", locker })}
                  />
                </Suspense>
              ) : null}
            </div>

            <DiscountCodeForm
              items={items}
              subtotal={cartTotal(items)}
              applied={applied}
              onApply={updateDiscount}
              onRemove={() => updateDiscount(null)}
            />

            {emailRequired ? (
              <Field
                label={CHECKOUT_EMAIL_LABEL}
                htmlFor="checkout-email"
                errors={emailError}
                description={`Kod ${applied?.code ?? ""} obowiązuje tylko przy pierwszym zamówieniu. Podaj e-mail, na który złożysz zamówienie: na stronie płatności nie będzie można go zmienić.`}
                data-testid="checkout-email"
              >
                <Input
                  type="email"
                  name="email"
                  autoComplete="email"
                  inputMode="email"
                  required
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    if (emailError) setEmailError(null);
                  }}
                />
              </Field>
            ) : null}

            <Totals totals={totals} stale={loading || !fresh} appliedCode={applied?.code ?? null} />

            {blocked ? (
              <p id="cart-blocked" className="text-danger text-sm" role="status" data-testid="cart-blocked">
                Niektóre produkty nie są dostępne w wybranej ilości. Popraw oznaczone pozycje, aby złożyć
                zamówienie.
              </p>
            ) : null}

            <div className="hidden lg:block">{checkoutButton(undefined, "checkout-button")}</div>

            <ConsumerInfo site={site} total={totals?.total ?? null} />
          </div>
        </aside>
      </div>

      <div
        className="fixed inset-x-0 bottom-0 z-[45] border-border border-t bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur lg:hidden"
        data-testid="mobile-checkout-bar"
      >
        <div className="mx-auto flex max-w-xl items-center gap-4">
          <p className="shrink-0">
            <span className="block text-muted text-xs uppercase tracking-wide">Do zapłaty</span>
            <span className="font-extrabold text-xl tabular-nums tracking-tight" data-testid="mobile-total">
              {totals ? formatPrice(totals.total) : "—"}
            </span>
          </p>
          {checkoutButton("h-auto min-h-12 flex-1 px-3 py-2 text-xs", "mobile-checkout-button")}
        </div>
      </div>
    </div>
  );
}

function Totals({
  totals,
  stale,
  appliedCode,
}: {
  totals: CartTotals | null;
  stale: boolean;
  appliedCode: string | null;
}) {
  if (!totals) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-8 w-full" />
        <span className="sr-only">Przeliczanie koszyka…</span>
      </div>
    );
  }
  return (
    <div
      className={cn("grid gap-2 transition-opacity", stale && "opacity-60")}
      aria-busy={stale}
      data-testid="cart-totals"
    >
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Produkty</dt>
          <dd className="tabular-nums" data-testid="totals-subtotal">
            {formatPrice(totals.subtotal)}
          </dd>
        </div>
        {totals.discountAmount > 0 ? (
          <div className="flex justify-between gap-4 text-success">
            <dt>Rabat{appliedCode ? ` (${appliedCode})` : ""}</dt>
            <dd className="tabular-nums" data-testid="totals-discount">
              −{formatPrice(totals.discountAmount)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Dostawa</dt>
          <dd
            className={cn("tabular-nums", totals.freeDelivery && "text-success")}
            data-testid="totals-delivery"
          >
            {totals.freeDelivery ? "Gratis" : formatPrice(totals.deliveryCost)}
          </dd>
        </div>
        <div className="mt-2 flex items-baseline justify-between gap-4 border-border border-t pt-3">
          <dt className="font-bold text-base">Do zapłaty</dt>
          <dd className="font-extrabold text-2xl tabular-nums tracking-tight" data-testid="totals-total">
            {formatPrice(totals.total)}
          </dd>
        </div>
      </dl>
      {totals.amountToFreeDelivery > 0 ? (
        <p className="rounded-sm bg-accent/10 p-2 text-accent text-sm" data-testid="free-delivery-hint">
          Dodaj produkty za {formatPrice(totals.amountToFreeDelivery)}, a dostawa będzie darmowa.
        </p>
      ) : totals.freeDelivery && !totals.freeDeliveryByCode ? (
        <p className="text-sm text-success" data-testid="free-delivery-reached">
          Masz darmową dostawę!
        </p>
      ) : null}
      <p className="text-muted text-xs">Ceny zawierają VAT.</p>
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className={cn(CART_PAGE_CLASS, "pb-8")} aria-busy="true">
      <h1 className="font-display text-5xl leading-none md:text-7xl">KOSZYK</h1>
      <p className="sr-only">Ładowanie koszyka…</p>
      <noscript>
        <p className="mt-4 text-warning">Koszyk działa z włączonym JavaScriptem.</p>
      </noscript>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid gap-3">
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-36 w-full" />
        </div>
        <Skeleton className="h-96 w-full" />
      </div>
    </div>
  );
}

function EmptyCart() {
  return (
    <section
      className={cn(CART_PAGE_CLASS, "flex flex-col items-center justify-center gap-6 text-center")}
      data-testid="empty-cart"
    >
      <ShoppingBag aria-hidden="true" className="size-16 text-muted" />
      <h1 className="font-display text-4xl md:text-6xl">TWÓJ KOSZYK JEST PUSTY</h1>
      <p className="max-w-md text-muted">Zajrzyj do sklepu: koszulki, bluzy, akcesoria i naklejki czekają.</p>
      <Button asChild size="lg">
        <Link to="/merch">Przejdź do sklepu</Link>
      </Button>
    </section>
  );
}
