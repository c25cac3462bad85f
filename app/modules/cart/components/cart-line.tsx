import { AlertCircle, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { QuantityStepper } from "~/components/quantity-stepper";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { CartItem } from "../cart";
import { MAX_LINE_QUANTITY } from "../limits";
import type { PricedLine } from "../pricing";
import { CartItemImage } from "./cart-item-image";

export type PriceChange = { was: number; now: number };

/** One cart line: image, name, size, unit price, quantity, line total, removal, and what the server found. */
export function CartLine({
  item,
  priced,
  priceChange,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  /** The server's view of this line (null until the first quote). */
  priced: PricedLine | null;
  priceChange: PriceChange | null;
  onQuantity(quantity: number): void;
  onRemove(): void;
}) {
  const unavailable = priced?.status === "unavailable";
  const short = priced?.status === "insufficient_stock";
  const max =
    priced && priced.availableStock > 0
      ? Math.min(priced.availableStock, MAX_LINE_QUANTITY)
      : MAX_LINE_QUANTITY;
  const href = item.slug ? `/merch/${item.slug}` : null;
  return (
    <li
      className={cn(
        "grid grid-cols-[5rem_1fr] gap-4 rounded-lg border bg-surface p-4 sm:grid-cols-[6rem_1fr]",
        unavailable || short ? "border-danger/60" : "border-border",
      )}
      data-testid="cart-line"
      data-status={priced?.status ?? "pending"}
    >
      <CartItemImage
        src={item.image}
        size={96}
        className="aspect-square w-full rounded-md"
        dimmed={unavailable}
      />
      <div className="grid min-w-0 gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-bold leading-snug">
              {href ? (
                <Link to={href} className="hover:text-accent">
                  {item.name}
                </Link>
              ) : (
                item.name
              )}
            </p>
            {item.size ? <p className="text-muted text-sm">Rozmiar: {item.size}</p> : null}
            <p className="text-muted text-sm tabular-nums">{formatPrice(item.price)} / szt.</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="-mt-2 -mr-2 size-10 text-muted hover:text-danger"
            onClick={onRemove}
            aria-label={`Usuń z koszyka: ${item.name}${item.size ? `, rozmiar ${item.size}` : ""}`}
            data-testid="remove-line"
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <QuantityStepper
            value={item.quantity}
            onChange={onQuantity}
            min={1}
            max={max}
            size="sm"
            allowBelowMin
            label={`Ilość: ${item.name}`}
            decreaseLabel={
              item.quantity <= 1 ? `Usuń z koszyka: ${item.name}` : `Zmniejsz ilość: ${item.name}`
            }
            increaseLabel={`Zwiększ ilość: ${item.name}`}
            testId="line-quantity"
          />
          <p
            className={cn("font-bold text-lg tabular-nums", unavailable && "text-muted line-through")}
            data-testid="line-total"
          >
            {formatPrice(item.price * item.quantity)}
          </p>
        </div>
        {priceChange ? (
          <p
            className="flex items-start gap-2 rounded-sm bg-warning/10 p-2 text-sm text-warning"
            data-testid="price-changed"
          >
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Cena zmieniła się: było {formatPrice(priceChange.was)}, teraz {formatPrice(priceChange.now)}.
            </span>
          </p>
        ) : null}
        {priced?.problem ? (
          <div
            className="flex flex-wrap items-center gap-2 rounded-sm bg-danger/10 p-2 text-danger text-sm"
            data-testid="line-problem"
            role="status"
          >
            <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
            <span className="flex-1">{priced.problem}</span>
            {short ? (
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() => onQuantity(priced.availableStock)}
              >
                Zmień na {priced.availableStock} szt.
              </Button>
            ) : unavailable ? (
              <Button type="button" size="sm" variant="secondary" onClick={onRemove}>
                Usuń
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
