import { Lock, ShoppingBag } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { NativeSelect } from "~/components/ui/select";
import { toast } from "~/components/ui/toaster";
import { type ImageRef, imageUrlFor } from "~/lib/images";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import { firstAvailableVariant } from "~/modules/catalog/catalog";
import type { BundleItem, ProductDetail } from "~/modules/catalog/catalog.server";
import { useCart } from "../cart-context";
import { useAddedToCartToast } from "./product-purchase";

/**
 * "Często kupowane razem": the current product (ticked and locked) plus up to 2 of the same category.
 * 'Dodaj zestaw do koszyka' is disabled while nothing else is ticked.
 */
export function BundleBox({
  product,
  variantId,
  items,
}: {
  product: ProductDetail;
  variantId: string | null;
  items: BundleItem[];
}) {
  const { addToCart, ready } = useCart();
  const addedToast = useAddedToCartToast();
  const [ticked, setTicked] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(items.map((item) => [item.id, true])),
  );
  const [sizes, setSizes] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(items.map((item) => [item.id, firstAvailableVariant(item.variants)?.id ?? null])),
  );
  if (items.length === 0) return null;

  const currentVariant = product.variants.find((variant) => variant.id === variantId) ?? null;
  const currentAvailable =
    product.variants.length > 0 ? (currentVariant?.stockQuantity ?? 0) > 0 : product.stock > 0;
  const currentPrice = product.price + (currentVariant?.additionalPrice ?? 0);
  const priceOf = (item: BundleItem) =>
    item.price + (item.variants.find((variant) => variant.id === sizes[item.id])?.additionalPrice ?? 0);
  const chosen = items.filter((item) => ticked[item.id]);
  const total = (currentAvailable ? currentPrice : 0) + chosen.reduce((sum, item) => sum + priceOf(item), 0);

  function addAll() {
    const added: string[] = [];
    if (currentAvailable) {
      addToCart({
        productId: product.id,
        variantId: product.variants.length > 0 ? variantId : null,
        slug: product.slug,
        name: product.name,
        price: currentPrice,
        size: currentVariant?.size ?? null,
        image: product.images[0] ? imageUrlFor(product.images[0], 160) : null,
      });
      added.push(product.name);
    }
    for (const item of chosen) {
      const variant = item.variants.find((candidate) => candidate.id === sizes[item.id]) ?? null;
      addToCart({
        productId: item.id,
        variantId: item.variants.length > 0 ? (variant?.id ?? null) : null,
        slug: item.slug,
        name: item.name,
        price: priceOf(item),
        size: variant?.size ?? null,
        image: item.image ? imageUrlFor(item.image, 160) : null,
      });
      added.push(item.name);
    }
    if (added.length === 0) {
      toast.error("Nie udało się dodać zestawu");
      return;
    }
    addedToast(added.join(", "), `${added.join(", ")} — dodano do koszyka`);
  }

  return (
    <section
      aria-labelledby="bundle-heading"
      className="rounded-lg border border-border bg-surface p-5 md:p-6"
      data-testid="bundle-box"
    >
      <h2 id="bundle-heading" className="font-display text-2xl">
        Często kupowane razem
      </h2>
      <ul className="mt-5 grid gap-3">
        <BundleRow
          className="bg-surface-2/60"
          checkbox={
            <Checkbox
              checked
              disabled
              className="mt-4"
              aria-label={`${product.name} — ten produkt (zawsze w zestawie)`}
            />
          }
          image={product.images[0]}
          name={<p className="font-bold leading-snug">{product.name}</p>}
          price={currentPrice}
        >
          <p className="mt-1 inline-flex items-center gap-1 text-muted text-xs">
            <Lock aria-hidden="true" className="size-3" /> Ten produkt
            {currentVariant ? ` · rozmiar ${currentVariant.size}` : ""}
          </p>
        </BundleRow>
        {items.map((item) => {
          const checkboxId = `bundle-${item.id}`;
          const availableVariants = item.variants.filter((variant) => variant.stockQuantity > 0);
          return (
            <BundleRow
              key={item.id}
              className="hover:bg-surface-2/60"
              checkbox={
                <Checkbox
                  id={checkboxId}
                  className="mt-4"
                  checked={ticked[item.id] ?? false}
                  onChange={(event) => {
                    const value = event.currentTarget.checked;
                    setTicked((current) => ({ ...current, [item.id]: value }));
                  }}
                  data-testid="bundle-checkbox"
                />
              }
              image={item.image}
              name={
                <label htmlFor={checkboxId} className="cursor-pointer font-bold leading-snug">
                  {item.name}
                </label>
              }
              price={priceOf(item)}
            >
              <div className="mt-2 flex flex-wrap items-center gap-3">
                {availableVariants.length > 0 ? (
                  <NativeSelect
                    aria-label={`Rozmiar: ${item.name}`}
                    wrapperClassName="w-24"
                    className="h-9 text-sm"
                    value={sizes[item.id] ?? ""}
                    onChange={(event) =>
                      setSizes((current) => ({ ...current, [item.id]: event.target.value }))
                    }
                  >
                    {availableVariants.map((variant) => (
                      <option key={variant.id} value={variant.id}>
                        {variant.size}
                      </option>
                    ))}
                  </NativeSelect>
                ) : null}
                <Link
                  to={`/merch/${item.slug}`}
                  className="text-muted text-xs underline-offset-4 hover:text-accent hover:underline"
                >
                  Zobacz produkt<span className="sr-only">: {item.name}</span>
                </Link>
              </div>
            </BundleRow>
          );
        })}
      </ul>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-4 border-border border-t pt-5">
        <p>
          <span className="text-muted text-sm">Razem: </span>
          <span className="font-extrabold text-2xl tabular-nums tracking-tight" data-testid="bundle-total">
            {formatPrice(total)}
          </span>
        </p>
        <Button
          type="button"
          onClick={addAll}
          disabled={chosen.length === 0 || !ready}
          data-testid="bundle-add"
        >
          <ShoppingBag aria-hidden="true" />
          Dodaj zestaw do koszyka
        </Button>
      </div>
    </section>
  );
}

/** One row of the bundle: its checkbox, picture, name and price, and below them what `children` adds. */
function BundleRow({
  className,
  checkbox,
  image,
  name,
  price,
  children,
}: {
  className: string;
  checkbox: ReactNode;
  image: ImageRef | null | undefined;
  name: ReactNode;
  price: number;
  children: ReactNode;
}) {
  return (
    <li className={cn("flex items-start gap-3 rounded-md p-3", className)}>
      {checkbox}
      {image ? (
        <ResponsiveImage
          image={image}
          alt=""
          sizes="56px"
          className="size-14 shrink-0 rounded-sm object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          {name}
          <p className="shrink-0 font-bold tabular-nums">{formatPrice(price)}</p>
        </div>
        {children}
      </div>
    </li>
  );
}
