import { Loader2, LogIn, ShoppingBag, UserRound } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { SiteConfig } from "~/lib/site";
import { cn } from "~/lib/utils";
import { productCountLabel } from "~/modules/catalog/catalog";
import { ADULT_CONFIRMATION_LABEL, TICKET_NO_WITHDRAWAL_TEXT } from "~/modules/tickets/ticket-terms";
import { CartFormFields, useCheckingOut, useHydrated } from "../cart-forms-client";
import { type CartRefusal, refusalOf } from "../cart-page-state";
import {
  CART_ACTION,
  type CartLoaderData,
  type CartNotice,
  type CartResult,
  type CartView,
} from "../cart-view";
import { useCartRefusal, useCartToasts } from "../use-cart-page";
import { CartLine } from "./cart-line";
import { CartMessages } from "./cart-messages";
import { CartTicketLine } from "./cart-ticket-line";
import { Totals } from "./cart-totals";
import { ConsumerInfo } from "./consumer-info";
import { DeliverySection } from "./delivery-options";
import { DiscountCodeForm } from "./discount-code-form";
import { TotalRow } from "./total-row";

/** Every state of the page (empty, with items) is at least a screen tall: the footer never jumps. */
const CART_PAGE_CLASS = "container-page min-h-svh pt-24 md:pt-28";

export const CHECKOUT_LABEL = "Zamawiam z obowiązkiem zapłaty";
export const CHECKOUT_BUSY_LABEL = "Przekierowywanie...";
export const CHECKOUT_EMAIL_LABEL = "E-mail do zamówienia";
/** The checkout form's id: the buttons (summary, mobile bar) and the e-mail field belong to it. */
const CHECKOUT_FORM_ID = "cart-checkout";

/**
 * The cart page (decision 031): the server's cart, every change a form posting to the cart route,
 * working without scripts, while they load and after hydration.
 */
export function CartPage({
  data,
  result,
  site,
  user,
}: {
  data: CartLoaderData;
  /** The answer of the checkout's form (a hydrated form's refusal; a plain one's is a flash). */
  result: CartResult | null;
  site: SiteConfig;
  user: { email: string } | null;
}) {
  const { cart, notice } = data;
  const refusal = refusalOf(result);
  useCartToasts(notice, refusal);

  if (!cart || (cart.lines.length === 0 && cart.tickets.length === 0)) {
    return <EmptyCart notice={notice} refusal={refusal} />;
  }
  return <FilledCart cart={cart} notice={notice} refusal={refusal} site={site} user={user} />;
}

function FilledCart({
  cart,
  notice,
  refusal: shownRefusal,
  site,
  user,
}: {
  cart: CartView;
  notice: CartNotice | null;
  refusal: CartRefusal | null;
  site: SiteConfig;
  user: { email: string } | null;
}) {
  const hydrated = useHydrated();
  const checkingOut = useCheckingOut();
  const { busy, refusal, emailRefusal, emailRef, general } = useCartRefusal(shownRefusal);

  const { totals } = cart;
  const blocked = !cart.purchasable;
  const shipped = cart.lines.length > 0;
  const hasTickets = cart.tickets.length > 0;
  const unnamed = cart.tickets.some((line) => !line.named);
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
        <div className="grid content-start gap-8">
          {hasTickets ? (
            <section aria-labelledby="cart-tickets-heading" className="grid gap-3">
              <h2 id="cart-tickets-heading" className="font-display text-2xl">
                Bilety
              </h2>
              <ul className="grid gap-3" data-testid="cart-ticket-lines">
                {cart.tickets.map((line) => (
                  <CartTicketLine key={line.id} line={line} />
                ))}
              </ul>
              <p className="text-muted text-sm" data-testid="tickets-no-withdrawal">
                {TICKET_NO_WITHDRAWAL_TEXT}
              </p>
            </section>
          ) : null}
          {shipped ? (
            <section aria-label="Produkty w koszyku">
              <ul className="grid gap-3" data-testid="cart-lines">
                {cart.lines.map((line) => (
                  <CartLine key={line.id} line={line} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>

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

            {shipped ? (
              <>
                <DeliverySection
                  method={cart.delivery.method}
                  locker={cart.delivery.locker}
                  free={totals.freeDelivery}
                  inpostToken={site.inpostToken}
                  inpostWidgetUrl={site.inpostWidgetUrl}
                  refusal={refusal}
                />
                <DiscountCodeForm code={cart.discountCode} discount={cart.discount} refusal={refusal} />
              </>
            ) : (
              <p className="text-sm" data-testid="tickets-only-delivery">
                Bilety wyślemy e-mailem (PDF z kodem QR) — bez dostawy.
              </p>
            )}

            {cart.emailRequired ? (
              <Field
                label={CHECKOUT_EMAIL_LABEL}
                htmlFor="checkout-email"
                errors={emailRefusal?.message}
                description={`${
                  cart.emailReason === "limit"
                    ? "W koszyku jest produkt lub bilet z limitem na osobę."
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
                {unnamed &&
                cart.tickets.every((line) => line.status === "ok") &&
                cart.lines.every((line) => line.status === "ok")
                  ? "Uzupełnij imię i nazwisko na każdym bilecie, aby złożyć zamówienie."
                  : "Niektóre produkty nie są dostępne w wybranej ilości. Popraw oznaczone pozycje, aby złożyć zamówienie."}
              </p>
            ) : null}

            {hasTickets ? (
              <label className="flex items-start gap-3 text-sm" data-testid="adult-confirmation">
                <input
                  type="checkbox"
                  name="adult"
                  form={CHECKOUT_FORM_ID}
                  required
                  className="mt-0.5 size-5 shrink-0 accent-[var(--color-accent)]"
                />
                <span>{ADULT_CONFIRMATION_LABEL}</span>
              </label>
            ) : null}

            {/* Starting checkout is a form post that ends on the payment page. */}
            <Form
              id={CHECKOUT_FORM_ID}
              method="post"
              action={CART_ACTION}
              noValidate
              className="hidden lg:block"
            >
              {/* Hydrated, it is enhanced: a refusal comes back as data, shown at its field. */}
              <CartFormFields intent="checkout" />
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
          <TotalRow total={totals.total} placement="bar" testId="mobile-total" />
          {checkoutButton("h-auto min-h-12 flex-1 px-3 py-2 text-xs", "mobile-checkout-button")}
        </div>
      </div>
    </div>
  );
}

function EmptyCart({ notice, refusal }: { notice: CartNotice | null; refusal: CartRefusal | null }) {
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
