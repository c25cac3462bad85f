import { Lock, ShoppingBag } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { NativeSelect } from "~/components/ui/select";
import type { ImageRef } from "~/lib/images";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import { firstAvailableVariant } from "~/modules/catalog/catalog";
import type { BundleItem, ProductDetail } from "~/modules/catalog/catalog.server";
import { LowestPriorPrice, PriceTag } from "~/modules/catalog/components/price-tag";
import { priceNow } from "~/modules/catalog/price-labels";
import type { SaleBadge } from "~/modules/catalog/sale-price";
import { CartFormFields, ReturnHere } from "../cart-forms-client";
import { CART_ACTION } from "../cart-view";
import { useAddToCartFetcher } from "./product-purchase";

/**
 * "Często kupowane razem": the current product (ticked and locked) plus up to 2 of the same category.
 * 'Dodaj zestaw do koszyka' is disabled while nothing else is ticked. One form posting to the cart:
 * `productId`, `variantId` and `quantity` repeated, in that order, for each product of the set.
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
  const fetcher = useAddToCartFetcher(product.name);
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
  // Each product at the chosen size's price, its sale price while a sale covers that size.
  const current = {
    regular: product.price + (currentVariant?.additionalPrice ?? 0),
    sale: currentVariant ? currentVariant.sale : product.sale,
  };
  const priceOf = (item: BundleItem) => {
    const variant = item.variants.find((candidate) => candidate.id === sizes[item.id]);
    return {
      regular: item.price + (variant?.additionalPrice ?? 0),
      sale: variant ? variant.sale : item.sale,
    };
  };
  const costOf = ({ regular, sale }: { regular: number; sale: SaleBadge | null }) => priceNow(regular, sale);
  const chosen = items.filter((item) => ticked[item.id]);
  const total =
    (currentAvailable ? costOf(current) : 0) + chosen.reduce((sum, item) => sum + costOf(priceOf(item)), 0);
  return (
    <section
      aria-labelledby="bundle-heading"
      className="rounded-lg border border-border bg-surface p-5 md:p-6"
      data-testid="bundle-box"
    >
      <fetcher.Form method="post" action={CART_ACTION} aria-busy={fetcher.state !== "idle"}>
        <CartFormFields intent="add" />
        <ReturnHere />
        {currentAvailable ? (
          <>
            <input type="hidden" name="productId" value={product.id} />
            <input
              type="hidden"
              name="variantId"
              value={product.variants.length > 0 ? (variantId ?? "") : ""}
            />
            <input type="hidden" name="quantity" value="1" />
          </>
        ) : null}
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
            price={current}
          >
            <p className="mt-1 inline-flex items-center gap-1 text-muted text-xs">
              <Lock aria-hidden="true" className="size-3" /> Ten produkt
              {currentVariant ? ` · rozmiar ${currentVariant.size}` : ""}
            </p>
          </BundleRow>
          {items.map((item) => {
            const checkboxId = `bundle-${item.id}`;
            const availableVariants = item.variants.filter((variant) => variant.stockQuantity > 0);
            const isTicked = ticked[item.id] ?? false;
            return (
              <BundleRow
                key={item.id}
                className="hover:bg-surface-2/60"
                checkbox={
                  <Checkbox
                    id={checkboxId}
                    className="mt-4"
                    checked={isTicked}
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
                  {/* A ticked product's fields, in the form's order: productId, variantId, quantity. */}
                  {isTicked ? <input type="hidden" name="productId" value={item.id} /> : null}
                  {isTicked && availableVariants.length === 0 ? (
                    <input type="hidden" name="variantId" value="" />
                  ) : null}
                  {isTicked ? <input type="hidden" name="quantity" value="1" /> : null}
                  {availableVariants.length > 0 ? (
                    <NativeSelect
                      name={isTicked ? "variantId" : undefined}
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
          <Button type="submit" disabled={chosen.length === 0} data-testid="bundle-add">
            <ShoppingBag aria-hidden="true" />
            Dodaj zestaw do koszyka
          </Button>
        </div>
      </fetcher.Form>
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
  /** The regular price at the chosen size, and the sale covering that size. */
  price: { regular: number; sale: SaleBadge | null };
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
          <PriceTag
            price={price.regular}
            sale={price.sale}
            size="sm"
            stacked
            showLowest={false}
            priceClassName="font-bold"
            className="shrink-0 text-right"
          />
        </div>
        {price.sale ? <LowestPriorPrice sale={price.sale} className="mt-1" /> : null}
        {children}
      </div>
    </li>
  );
}
