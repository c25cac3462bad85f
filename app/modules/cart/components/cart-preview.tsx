import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { formatPln } from "~/lib/money";
import { amountToFreeDelivery } from "~/modules/cart/delivery";
import type { CartItem } from "../cart";
import { useStartCheckout } from "../start-checkout";
import { storedCheckoutChoices } from "../use-checkout-context";
import { CartItemImage } from "./cart-item-image";

/** Lines shown in the preview (SPEC §9). */
export const PREVIEW_LINES = 3;

/** The navigation's cart preview (SPEC §2 "Navigation bar"). */
export function CartPreview({
  items,
  total,
  onNavigate,
}: {
  items: CartItem[];
  total: number;
  onNavigate(): void;
}) {
  const { start, busy } = useStartCheckout();
  if (items.length === 0) {
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
  const shown = items.slice(0, PREVIEW_LINES);
  const rest = items.length - shown.length;
  const missing = amountToFreeDelivery(total);
  return (
    <div className="grid gap-4" data-testid="cart-preview">
      <p className="font-display text-lg">Koszyk</p>
      <ul className="grid gap-3">
        {shown.map((item) => (
          <li key={item.id} className="flex items-center gap-3" data-testid="cart-preview-line">
            <CartItemImage
              src={item.image}
              size={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-sm"
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate font-bold">{item.name}</p>
              {item.size ? <p className="text-muted">Rozmiar: {item.size}</p> : null}
              <p className="text-muted tabular-nums">
                {item.quantity} x {formatPln(item.price)}
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
            {formatPln(total)}
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
        <Button
          type="button"
          size="sm"
          disabled={busy}
          onClick={() => start({ items, ...storedCheckoutChoices() })}
          data-testid="cart-preview-checkout"
        >
          {busy ? "Przekierowywanie..." : "Przejdź do płatności"}
        </Button>
      </div>
    </div>
  );
}
