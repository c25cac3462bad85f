import { AlertCircle, Loader2, LogIn, ShoppingBag, UserRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { formatPrice } from "~/lib/money";
import { staticPageMeta } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { getSessionUser } from "~/modules/accounts/auth.server";
import { safeRedirectPath } from "~/modules/accounts/redirect";
import { useCartBusy, useCheckingOut, useHydrated } from "~/modules/cart/cart-forms-client";
import { cartAction, cartLoader, readCartForm } from "~/modules/cart/cart-route.server";
import {
  CART_ACTION,
  type CartActionData,
  type CartLoaderData,
  type CartNotice,
  type CartView,
} from "~/modules/cart/cart-view";
import { CartLine } from "~/modules/cart/components/cart-line";
import { ConsumerInfo } from "~/modules/cart/components/consumer-info";
import { DeliverySection } from "~/modules/cart/components/delivery-options";
import { DiscountCodeForm } from "~/modules/cart/components/discount-code-form";
import type { CartTotals } from "~/modules/cart/totals";
import { productCountLabel } from "~/modules/catalog/catalog";
import { checkoutFromCart } from "~/modules/checkout/cart-checkout.server";
import { useRootData } from "~/root";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Koszyk",
  description: "Twój koszyk w sklepie NOKTURN: produkty, dostawa, kod rabatowy i podsumowanie zamówienia.",
  path: "/cart",
});

/** The visitor's cart from the server (decision 031): every change is a form posting here. */
async function cartUser(request: Request) {
  const user = await getSessionUser(request);
  return user ? { id: user.id, email: user.email } : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  return cartLoader(request, await cartUser(request));
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readCartForm(request);
  if (read.refused) return read.refused;
  const user = await cartUser(request);
  if (read.form.get("intent") === "checkout") return checkoutFromCart(request, read.form, user);
  return cartAction(request, {
    form: read.form,
    user,
    returnTo: safeRedirectPath(read.form.get("returnTo")),
  });
}

/**
 * A visitor with a cart (or signed in) gets their own page, `private, no-store` from the loader; the
 * empty cart of a visitor without cookies is the same for everyone and stays cacheable. An action's
 * answer is never kept.
 */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) {
    // Cookies of both are carried over by React Router itself.
    if (name.toLowerCase() !== "set-cookie") merged.set(name, value);
  }
  return merged;
}

/** Every state of the page (empty, with items) is at least a screen tall: the footer never jumps. */
const CART_PAGE_CLASS = "container-page min-h-svh pt-24 md:pt-28";

export const CHECKOUT_LABEL = "Zamawiam z obowiązkiem zapłaty";
export const CHECKOUT_BUSY_LABEL = "Przekierowywanie...";
export const CHECKOUT_EMAIL_LABEL = "E-mail do zamówienia";
/** The checkout form's id: the buttons (summary, mobile bar) and the e-mail field belong to it. */
const CHECKOUT_FORM_ID = "cart-checkout";

type Refusal = Extract<CartActionData, { ok: false }>;

// Each notice and each answer of a plain form is toasted once.
const toasted = new WeakSet<object>();

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, notice } = loaderData as CartLoaderData;
  const result = (actionData ?? null) as CartActionData | null;
  const hydrated = useHydrated();

  // With scripts, what the server changed on its own and a refused plain form (the checkout is a
  // plain form: it leaves for the payment page) are toasts too; the page shows them either way.
  useEffect(() => {
    if (!hydrated) return;
    for (const message of [notice, result && !result.ok ? result : null]) {
      if (!message || toasted.has(message)) continue;
      toasted.add(message);
      toast.error(message.title, { description: message.message });
    }
  }, [hydrated, notice, result]);

  const refusal = result && !result.ok ? result : null;
  if (!cart || cart.lines.length === 0) return <EmptyCart notice={notice} refusal={refusal} />;
  return <FilledCart cart={cart} notice={notice} refusal={refusal} />;
}

function FilledCart({
  cart,
  notice,
  refusal: shownRefusal,
}: {
  cart: CartView;
  notice: CartNotice | null;
  refusal: Refusal | null;
}) {
  const { site, user } = useRootData();
  const hydrated = useHydrated();
  const busy = useCartBusy();
  const checkingOut = useCheckingOut();

  // A refusal of the last plain form stays until the cart changes again.
  const [dismissed, setDismissed] = useState<Refusal | null>(null);
  useEffect(() => {
    if (busy) setDismissed(shownRefusal);
  }, [busy, shownRefusal]);
  const refusal = shownRefusal && shownRefusal !== dismissed ? shownRefusal : null;

  const emailRefusal = refusal?.field === "email" ? refusal : null;
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (emailRefusal) emailRef.current?.focus();
  }, [emailRefusal]);
  // Refusals with a field of their own are shown at it; the rest above the summary.
  const general =
    refusal && !["email", "code", "lockerCode", "method"].includes(refusal.field ?? "") ? refusal : null;

  const { totals } = cart;
  const blocked = !cart.purchasable;
  const checkoutDisabled = blocked || checkingOut || (hydrated && busy);

  const checkoutButton = (className?: string, testId?: string) => (
    <Button
      type="submit"
      form={CHECKOUT_FORM_ID}
      size="lg"
      className={cn("w-full whitespace-normal text-center leading-tight", className)}
      disabled={checkoutDisabled}
      aria-describedby={blocked ? "cart-blocked" : undefined}
      data-testid={testId}
    >
      {checkingOut ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
      {checkingOut ? CHECKOUT_BUSY_LABEL : CHECKOUT_LABEL}
    </Button>
  );

  return (
    <div className={cn(CART_PAGE_CLASS, "pb-40 lg:pb-8")}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-5xl leading-none md:text-7xl">KOSZYK</h1>
          <p className="mt-2 text-muted" data-testid="cart-count">
            {productCountLabel(cart.count)}
          </p>
        </div>
        <Link
          to="/merch"
          className="font-bold text-accent text-sm uppercase tracking-wide underline-offset-4 hover:underline"
        >
          ← Kontynuuj zakupy
        </Link>
      </header>

      <CartMessages notice={notice} refusal={general} />

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
        <section aria-label="Produkty w koszyku">
          <ul className="grid gap-3" data-testid="cart-lines">
            {cart.lines.map((line) => (
              <CartLine key={line.id} line={line} />
            ))}
          </ul>
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

            <DeliverySection
              method={cart.delivery.method}
              locker={cart.delivery.locker}
              free={totals.freeDelivery}
              inpostToken={site.inpostToken}
              inpostWidgetUrl={site.inpostWidgetUrl}
              refusal={refusal}
            />

            <DiscountCodeForm code={cart.discountCode} discount={cart.discount} refusal={refusal} />

            {cart.emailRequired ? (
              <Field
                label={CHECKOUT_EMAIL_LABEL}
                htmlFor="checkout-email"
                errors={emailRefusal?.message}
                description={`${
                  cart.emailReason === "limit"
                    ? "W koszyku jest produkt z limitem sztuk na klienta."
                    : `Kod ${cart.discountCode ?? ""} obowiązuje tylko przy pierwszym zamówieniu.`
                } Podaj e-mail, na który złożysz zamówienie: na stronie płatności nie będzie można go zmienić.`}
                data-testid="checkout-email"
              >
                <Input
                  ref={emailRef}
                  type="email"
                  name="email"
                  form={CHECKOUT_FORM_ID}
                  autoComplete="email"
                  inputMode="email"
                  required
                  defaultValue={cart.email ?? ""}
                  // Without scripts the refused field is focused by the browser.
                  autoFocus={emailRefusal !== null && !hydrated}
                />
              </Field>
            ) : null}

            <Totals totals={totals} stale={busy} appliedCode={cart.discountCode} />

            {blocked ? (
              <p id="cart-blocked" className="text-danger text-sm" role="status" data-testid="cart-blocked">
                Niektóre produkty nie są dostępne w wybranej ilości. Popraw oznaczone pozycje, aby złożyć
                zamówienie.
              </p>
            ) : null}

            {/* Starting checkout is a plain form post that ends on the payment page. */}
            <Form
              id={CHECKOUT_FORM_ID}
              method="post"
              action={CART_ACTION}
              noValidate
              className="hidden lg:block"
            >
              <input type="hidden" name="intent" value="checkout" />
              {checkoutButton(undefined, "checkout-button")}
            </Form>

            <ConsumerInfo site={site} total={totals.total} />
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
              {formatPrice(totals.total)}
            </span>
          </p>
          {checkoutButton("h-auto min-h-12 flex-1 px-3 py-2 text-xs", "mobile-checkout-button")}
        </div>
      </div>
    </div>
  );
}

/** What the server changed on its own, and a refused plain form: visible without scripts too. */
function CartMessages({ notice, refusal }: { notice: CartNotice | null; refusal: Refusal | null }) {
  if (!notice && !refusal) return null;
  return (
    <div className="mt-6 grid gap-2">
      {notice ? <CartMessage message={notice} tone="warning" testId="cart-notice" /> : null}
      {refusal ? <CartMessage message={refusal} tone="danger" testId="cart-error" /> : null}
    </div>
  );
}

function CartMessage({
  message,
  tone,
  testId,
}: {
  message: CartNotice;
  tone: "warning" | "danger";
  testId: string;
}) {
  return (
    <p
      className={cn(
        "flex items-start gap-2 rounded-md p-3 text-sm",
        tone === "warning" ? "bg-warning/10 text-warning" : "bg-danger/10 text-danger",
      )}
      role={tone === "warning" ? "status" : "alert"}
      data-testid={testId}
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>{message.title}.</strong> {message.message}
      </span>
    </p>
  );
}

function Totals({
  totals,
  stale,
  appliedCode,
}: {
  totals: CartTotals;
  stale: boolean;
  appliedCode: string | null;
}) {
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

function EmptyCart({ notice, refusal }: { notice: CartNotice | null; refusal: Refusal | null }) {
  return (
    <section
      className={cn(CART_PAGE_CLASS, "flex flex-col items-center justify-center gap-6 text-center")}
      data-testid="empty-cart"
    >
      <CartMessages notice={notice} refusal={refusal} />
      <ShoppingBag aria-hidden="true" className="size-16 text-muted" />
      <h1 className="font-display text-4xl md:text-6xl">TWÓJ KOSZYK JEST PUSTY</h1>
      <p className="max-w-md text-muted">Zajrzyj do sklepu: koszulki, bluzy, akcesoria i naklejki czekają.</p>
      <Button asChild size="lg">
        <Link to="/merch">Przejdź do sklepu</Link>
      </Button>
    </section>
  );
}
