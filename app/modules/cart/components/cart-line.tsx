import { AlertCircle, Minus, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { imageUrlFor } from "~/lib/images";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import { PriceTag } from "~/modules/catalog/components/price-tag";
import {
  type CartFetcher,
  CartFormFields,
  pendingField,
  submitAtOnce,
  useCartFetcher,
} from "../cart-forms-client";
import { CART_ACTION, type CartLineView } from "../cart-view";
import { MAX_LINE_QUANTITY } from "../limits";
import { CartItemImage } from "./cart-item-image";

/** Width of a cart line's thumbnail. */
const THUMBNAIL_WIDTH = 160;

const REMOVED_TITLE = "Usunięto z koszyka";
const REMOVED_MESSAGE = "Produkt został usunięty z koszyka";

const stepButton = cn(
  "inline-flex size-9 shrink-0 cursor-pointer items-center justify-center text-foreground transition-colors",
  "hover:bg-surface-2 hover:text-accent disabled:cursor-not-allowed disabled:opacity-40",
  "outline-hidden focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent",
);

/**
 * One cart line: image, name, size, unit price, quantity, line total, removal, and what the server
 * found. "−", "+", removal and the problem's fix are forms of their own (work without scripts); with
 * scripts a pending quantity is shown at once and a pending removal hides the line.
 */
export function CartLine({ line }: { line: CartLineView }) {
  const quantityFetcher = useCartFetcher();
  const removeFetcher = useCartFetcher({
    onResult(result) {
      if (result.ok) toast(result.title ?? REMOVED_TITLE, { description: result.message ?? REMOVED_MESSAGE });
    },
  });
  const pending = Number(pendingField(quantityFetcher, "quantity"));
  const quantity = Number.isSafeInteger(pending) && pending > 0 ? pending : line.quantity;
  const removing = pendingField(removeFetcher, "intent") === "remove";

  const unavailable = line.status === "unavailable";
  const short = line.status === "insufficient_stock";
  const max = line.availableStock > 0 ? Math.min(line.availableStock, MAX_LINE_QUANTITY) : MAX_LINE_QUANTITY;
  const label = `${line.name}${line.size ? `, rozmiar ${line.size}` : ""}`;
  const href = line.slug ? `/merch/${line.slug}` : null;

  return (
    <li
      className={cn(
        "grid grid-cols-[5rem_1fr] gap-4 rounded-lg border bg-surface p-4 sm:grid-cols-[6rem_1fr]",
        unavailable || short ? "border-danger/60" : "border-border",
      )}
      hidden={removing}
      data-testid="cart-line"
      data-status={line.status}
    >
      <CartItemImage
        src={line.image ? imageUrlFor(line.image, THUMBNAIL_WIDTH) : null}
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
                  {line.name}
                </Link>
              ) : (
                line.name
              )}
            </p>
            {line.size ? <p className="text-muted text-sm">Rozmiar: {line.size}</p> : null}
            <PriceTag
              price={line.unitPrice}
              sale={line.sale}
              size="sm"
              unit=" / szt."
              className="text-muted text-sm"
            />
          </div>
          <LineForm fetcher={removeFetcher} intent="remove" line={line.id}>
            <Button
              type="submit"
              variant="ghost"
              size="icon"
              className="-mt-2 -mr-2 size-10 text-muted hover:text-danger"
              aria-label={`Usuń z koszyka: ${label}`}
              data-testid="remove-line"
            >
              <Trash2 aria-hidden="true" className="size-5" />
            </Button>
          </LineForm>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div
            className="inline-flex items-stretch rounded-sm border border-border bg-surface"
            data-testid="line-quantity"
          >
            {quantity <= 1 ? (
              <LineForm fetcher={removeFetcher} intent="remove" line={line.id} className="contents">
                <button type="submit" className={stepButton} aria-label={`Usuń z koszyka: ${line.name}`}>
                  <Minus className="size-4" aria-hidden="true" />
                </button>
              </LineForm>
            ) : (
              <LineForm fetcher={quantityFetcher} intent="quantity" line={line.id} className="contents">
                <button
                  type="submit"
                  name="quantity"
                  value={quantity - 1}
                  className={stepButton}
                  aria-label={`Zmniejsz ilość: ${line.name}`}
                >
                  <Minus className="size-4" aria-hidden="true" />
                </button>
              </LineForm>
            )}
            <output
              className="flex w-12 items-center justify-center border-border border-x font-bold text-sm tabular-nums"
              aria-label={`Ilość: ${line.name}`}
              data-testid="line-quantity-value"
            >
              {quantity}
            </output>
            <LineForm fetcher={quantityFetcher} intent="quantity" line={line.id} className="contents">
              <button
                type="submit"
                name="quantity"
                value={quantity + 1}
                className={stepButton}
                disabled={quantity >= max}
                aria-label={`Zwiększ ilość: ${line.name}`}
              >
                <Plus className="size-4" aria-hidden="true" />
              </button>
            </LineForm>
          </div>
          <p
            className={cn("font-bold text-lg tabular-nums", unavailable && "text-muted line-through")}
            data-testid="line-total"
          >
            {formatPrice(line.unitPrice * quantity)}
          </p>
        </div>
        {line.codeNote ? <p className="text-muted text-sm">{line.codeNote}</p> : null}
        {line.problem ? (
          <div
            className="flex flex-wrap items-center gap-2 rounded-sm bg-danger/10 p-2 text-danger text-sm"
            data-testid="line-problem"
            role="status"
          >
            <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
            <span className="flex-1">{line.problem}</span>
            {short && line.availableStock > 0 ? (
              <LineForm fetcher={quantityFetcher} intent="quantity" line={line.id}>
                <Button
                  type="submit"
                  name="quantity"
                  value={Math.min(line.availableStock, MAX_LINE_QUANTITY)}
                  size="sm"
                  variant="secondary"
                >
                  Zmień na {line.availableStock} szt.
                </Button>
              </LineForm>
            ) : unavailable || short ? (
              <LineForm fetcher={removeFetcher} intent="remove" line={line.id}>
                <Button type="submit" size="sm" variant="secondary">
                  Usuń
                </Button>
              </LineForm>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** A form about one line (its id in `line`): a plain form before hydration, the fetcher's after. */
function LineForm({
  fetcher,
  intent,
  line,
  className,
  children,
}: {
  fetcher: CartFetcher;
  intent: "quantity" | "remove";
  line: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post" action={CART_ACTION} className={className} onSubmit={submitAtOnce(fetcher)}>
      <CartFormFields intent={intent} />
      <input type="hidden" name="line" value={line} />
      {children}
    </fetcher.Form>
  );
}
