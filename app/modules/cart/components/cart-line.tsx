import { AlertCircle } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { imageUrlFor } from "~/lib/images";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import { PriceTag } from "~/modules/catalog/components/price-tag";
import { pendingField, useCartFetcher } from "../cart-forms-client";
import type { CartLineView } from "../cart-view";
import { MAX_LINE_QUANTITY } from "../limits";
import { CartItemImage } from "./cart-item-image";
import { LineForm, LineStepper, RemoveLineButton } from "./line-stepper";

/** Width of a cart line's thumbnail. */
const THUMBNAIL_WIDTH = 160;

const REMOVED_TITLE = "Usunięto z koszyka";
const REMOVED_MESSAGE = "Produkt został usunięty z koszyka";

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
          <RemoveLineButton
            form={{ fetcher: removeFetcher, intent: "remove" }}
            field="line"
            line={line.id}
            label={`Usuń z koszyka: ${label}`}
            testId="remove-line"
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <LineStepper
            quantity={quantity}
            max={max}
            quantityForm={{ fetcher: quantityFetcher, intent: "quantity" }}
            removeForm={{ fetcher: removeFetcher, intent: "remove" }}
            field="line"
            line={line.id}
            labels={{
              remove: `Usuń z koszyka: ${line.name}`,
              less: `Zmniejsz ilość: ${line.name}`,
              more: `Zwiększ ilość: ${line.name}`,
              count: `Ilość: ${line.name}`,
            }}
            testId="line-quantity"
            valueTestId="line-quantity-value"
          />
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
              <LineForm fetcher={quantityFetcher} intent="quantity" field="line" line={line.id}>
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
              <LineForm fetcher={removeFetcher} intent="remove" field="line" line={line.id}>
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
