import { ShoppingBag } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { imageUrlFor } from "~/lib/images";
import { formatPln } from "~/lib/money";
import { useCheckingOut } from "../cart-forms-client";
import { CART_ACTION, type CartLoaderData } from "../cart-view";
import { CartItemImage } from "./cart-item-image";

/** Lines shown in the preview (SPEC §9). */
export const PREVIEW_LINES = 3;

/**
 * The navigation's cart preview (SPEC §2 "Navigation bar"): the cart as `/cart`'s loader sees it,
 * loaded when the preview opens. 'Przejdź do płatności' is the cart's checkout form.
 */
export function CartPreview({ onNavigate }: { onNavigate(): void }) {
  const fetcher = useFetcher<CartLoaderData>();
  const busy = useCheckingOut();
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per opening
  useEffect(() => {
    fetcher.load(CART_ACTION);
  }, []);

  if (!fetcher.data) {
    return (
      <p className="text-muted text-sm" data-testid="cart-preview-loading">
        Ładowanie…
      </p>
    );
  }
  const cart = fetcher.data.cart;
  if (!cart || (cart.lines.length === 0 && cart.tickets.length === 0)) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center" data-testid="cart-preview">
        <ShoppingBag aria-hidden="true" className="size-8 text-muted" />
        <p className="font-bold">Koszyk jest pusty</p>
        <Link
          to="/merch"
          onClick={onNavigate}
          className="text-accent text-sm underline-offset-4 hover:underline"
        >
          Przejdź do sklepu
        </Link>
      </div>
    );
  }
  const tickets = cart.tickets.slice(0, PREVIEW_LINES);
  const shown = cart.lines.slice(0, PREVIEW_LINES - tickets.length);
  const rest = cart.lines.length + cart.tickets.length - shown.length - tickets.length;
  const missing = cart.lines.length > 0 ? cart.totals.amountToFreeDelivery : 0;
  // Tickets need their names (and the 18+ box) on /cart before payment.
  const toCart = cart.tickets.length > 0;
  return (
    <div className="grid gap-4" data-testid="cart-preview">
      <p className="font-display text-lg">Koszyk</p>
      <ul className="grid gap-3">
        {tickets.map((line) => (
          <li key={line.id} className="text-sm" data-testid="cart-preview-line">
            <p className="truncate font-bold">{line.nightTitle}</p>
            <p className="text-muted tabular-nums">
              {line.quantity} x {line.typeName}, {formatPln(line.unitPrice)}
            </p>
          </li>
        ))}
        {shown.map((line) => (
          <li key={line.id} className="flex items-center gap-3" data-testid="cart-preview-line">
            <CartItemImage
              src={line.image ? imageUrlFor(line.image, 96) : null}
              size={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-sm"
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate font-bold">{line.name}</p>
              {line.size ? <p className="text-muted">Rozmiar: {line.size}</p> : null}
              <p className="text-muted tabular-nums">
                {line.quantity} x{" "}
                <span className={line.sale ? "font-bold text-hot" : undefined}>
                  {formatPln(line.unitPrice)}
                </span>
                {/* During a sale: the sale price and the struck regular one (the badge and the 30-day
                    lowest are on /cart). Written here, not with PriceTag: every module this lazy
                    chunk imports is listed in the shell every page loads (decision 010's budget). */}
                {line.sale ? (
                  <>
                    {" "}
                    <span className="sr-only">Cena regularna: </span>
                    <s className="text-xs">{formatPln(line.sale.regular)}</s>
                  </>
                ) : null}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {rest > 0 ? <p className="text-muted text-sm">i {rest} więcej...</p> : null}
      <div className="border-border border-t pt-3">
        <p className="flex items-baseline justify-between font-bold">
          <span>Suma:</span>
          <span className="tabular-nums" data-testid="cart-preview-total">
            {formatPln(cart.totals.subtotal + cart.totals.tickets)}
          </span>
        </p>
        {missing > 0 ? (
          <p className="mt-1 text-sm text-warning" data-testid="cart-preview-free-hint">
            Dodaj za {formatPln(missing)} dla darmowej dostawy
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to="/cart" onClick={onNavigate}>
            Przejdź do koszyka
          </Link>
        </Button>
        {toCart ? null : (
          <Form method="post" action={CART_ACTION} className="grid">
            <input type="hidden" name="intent" value="checkout" />
            <Button type="submit" size="sm" disabled={busy} data-testid="cart-preview-checkout">
              {busy ? "Przekierowywanie..." : "Przejdź do płatności"}
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
}
