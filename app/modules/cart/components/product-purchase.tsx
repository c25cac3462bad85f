import { Heart, Share2, ShoppingBag } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { QuantityStepper } from "~/components/quantity-stepper";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { formatPrice } from "~/lib/money";
import { cn, NEEDS_SCRIPT } from "~/lib/utils";
import { instalmentAmount } from "~/modules/catalog/catalog";
import type { ProductDetail } from "~/modules/catalog/catalog.server";
import { PriceTag } from "~/modules/catalog/components/price-tag";
import { StockIndicator } from "~/modules/catalog/components/stock-indicator";
import { priceNow } from "~/modules/catalog/price-labels";
import { isReleased } from "~/modules/catalog/release";
import { useWishlist } from "~/modules/catalog/wishlist";
import { CartFormFields, ReturnHere, useCartFetcher } from "../cart-forms-client";
import { CART_ACTION, type CartResult } from "../cart-view";

/**
 * The cart's answer to an add form, as toasts: 'Dodano do koszyka' with 'Zobacz koszyk' (SPEC §8), or
 * the refusal ('Brak kolejnych sztuk', 'Wybierz rozmiar'…).
 */
export function useAddToCartFetcher(fallbackName: string) {
  const navigate = useNavigate();
  return useCartFetcher({
    onResult(result: CartResult) {
      if (!result.ok) return;
      toast.success(result.title ?? "Dodano do koszyka", {
        description: result.message || `${fallbackName} został dodany do koszyka`,
        action: { label: "Zobacz koszyk", onClick: () => navigate("/cart") },
      });
    },
  });
}

/**
 * Price, instalments, stock, size, quantity, add to cart, wishlist and share. Size, quantity and
 * 'Dodaj do koszyka' are one form posting to the cart: without scripts (or before they start) it
 * comes back to this page with the toast's words as a flash; with them it is sent in the background,
 * the badge counts it at once and the answer is the toast.
 */
export function ProductPurchase({
  product,
  now,
  variantId,
  onVariantChange,
}: {
  product: ProductDetail;
  /** The instant the page was rendered at (ISO): sizes released later are not on sale before theirs. */
  now: string;
  /** The chosen size, shared with the bundle box (the route holds it). */
  variantId: string | null;
  onVariantChange(id: string): void;
}) {
  const fetcher = useAddToCartFetcher(product.name);
  const hasVariants = product.variants.length > 0;
  const [quantity, setQuantity] = useState(1);
  const wishlist = useWishlist(product.id);
  const sizeLegendId = useId();

  const onSale = (option: ProductDetail["variants"][number]) =>
    option.stockQuantity > 0 && isReleased(option.releaseAt, new Date(now));
  const variant = product.variants.find((candidate) => candidate.id === variantId) ?? null;
  const stock = hasVariants ? (variant && onSale(variant) ? variant.stockQuantity : 0) : product.stock;
  // The chosen size's price and sale; before a pick, the product's (a sale of some sizes only shows
  // once one of them is picked).
  const regular = product.price + (variant?.additionalPrice ?? 0);
  const sale = variant ? variant.sale : product.sale;
  const price = priceNow(regular, sale);
  const soldOut = hasVariants ? !product.variants.some(onSale) : stock <= 0;
  const clampedQuantity = Math.min(Math.max(1, quantity), Math.max(1, stock));

  function selectVariant(id: string) {
    onVariantChange(id);
    const next = product.variants.find((candidate) => candidate.id === id);
    setQuantity((current) => Math.min(current, Math.max(1, next?.stockQuantity ?? 1)));
  }

  async function share() {
    const url = window.location.href.split("#")[0];
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: product.name, text: `${product.name} — ${formatPrice(price)}`, url });
        return;
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link skopiowany!");
    } catch {
      toast.error("Nie udało się skopiować linku", { description: url });
    }
  }

  return (
    <div className="grid gap-6">
      <fetcher.Form
        method="post"
        action={CART_ACTION}
        className="grid gap-6"
        aria-busy={fetcher.state !== "idle"}
        data-testid="add-to-cart-form"
      >
        <CartFormFields intent="add" />
        <input type="hidden" name="productId" value={product.id} />
        {hasVariants ? null : <input type="hidden" name="variantId" value="" />}
        <ReturnHere />
        <div>
          <PriceTag
            price={regular}
            sale={sale}
            size="lg"
            priceClassName="font-extrabold text-4xl text-accent tracking-tight"
            testId="product-price"
          />
          <p className="mt-1 text-muted text-sm" data-testid="instalments">
            lub 3 x {formatPrice(instalmentAmount(price))} (0%)
          </p>
          <p className="mt-1 text-muted text-xs">Cena zawiera VAT.</p>
        </div>

        {hasVariants ? (
          <fieldset aria-describedby={sizeLegendId}>
            <legend className="mb-3 font-bold text-sm uppercase tracking-wide">
              Rozmiar
              {variant ? (
                <span className="ml-2 font-normal text-muted normal-case">wybrany: {variant.size}</span>
              ) : null}
            </legend>
            <p id={sizeLegendId} className="sr-only">
              Rozmiary niedostępne w magazynie są wyłączone.
            </p>
            <div className="flex flex-wrap gap-2" data-testid="size-picker">
              {product.variants.map((option) => {
                const upcoming = isReleased(option.releaseAt, new Date(now)) ? null : option.releaseLabel;
                const out = !onSale(option);
                const selected = option.id === variantId;
                return (
                  <label
                    key={option.id}
                    className={cn(
                      "relative inline-flex h-11 min-w-14 cursor-pointer items-center justify-center rounded-sm border-2 px-3 font-bold text-sm",
                      "has-focus-visible:outline-2 has-focus-visible:outline-accent has-focus-visible:outline-offset-2",
                      selected
                        ? "border-accent bg-accent text-accent-foreground"
                        : "border-border hover:border-foreground",
                      out &&
                        "cursor-not-allowed border-dashed text-muted line-through opacity-60 hover:border-border",
                    )}
                  >
                    <input
                      type="radio"
                      name="variantId"
                      value={option.id}
                      required
                      checked={selected}
                      disabled={out}
                      onChange={() => selectVariant(option.id)}
                      className="sr-only"
                      aria-label={
                        upcoming
                          ? `${option.size} — w sprzedaży od ${upcoming}`
                          : out
                            ? `${option.size} — niedostępny`
                            : option.additionalPrice > 0
                              ? `${option.size} (+${formatPrice(option.additionalPrice)})`
                              : option.size
                      }
                      title={upcoming ? `W sprzedaży od ${upcoming}` : undefined}
                    />
                    <span aria-hidden="true">{option.size}</span>
                    {option.additionalPrice > 0 && !out ? (
                      <span aria-hidden="true" className="ml-1 font-normal text-xs">
                        +{formatPrice(option.additionalPrice)}
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ) : null}

        <StockIndicator stock={stock} />

        <div className="flex flex-wrap items-center gap-3">
          <QuantityStepper
            name="quantity"
            value={clampedQuantity}
            onChange={setQuantity}
            min={1}
            max={Math.max(1, stock)}
            disabled={soldOut}
            testId="product-quantity"
          />
          <Button
            type="submit"
            size="lg"
            className="min-w-48 flex-1 px-4 text-sm sm:px-8 sm:text-base"
            disabled={soldOut}
            data-testid="add-to-cart"
          >
            <ShoppingBag aria-hidden="true" className="hidden size-5 sm:block" />
            {soldOut ? "Wyprzedane" : "Dodaj do koszyka"}
          </Button>
        </div>
      </fetcher.Form>

      {/* The device's wishlist and the share sheet need the script. */}
      <div className={cn("flex flex-wrap gap-2", NEEDS_SCRIPT)}>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-pressed={wishlist.saved}
          onClick={() => {
            const saved = wishlist.toggle();
            toast(saved ? "Dodano do ulubionych" : "Usunięto z ulubionych", {
              description: saved ? "Lista ulubionych jest zapisana na tym urządzeniu." : undefined,
            });
          }}
          data-testid="wishlist-toggle"
        >
          <Heart aria-hidden="true" className={cn("size-4", wishlist.saved && "fill-hot text-hot")} />
          {wishlist.saved ? "W ulubionych" : "Dodaj do ulubionych"}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={share} data-testid="share">
          <Share2 aria-hidden="true" className="size-4" />
          Udostępnij
        </Button>
      </div>
    </div>
  );
}
