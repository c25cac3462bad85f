/**
 * One row of the products table. Each quick action has its own fetcher, so they never cancel each
 * other; what the row shows while one is in flight is the value it sent (optimistic), and when the
 * server refuses, the loader's unchanged data shows again (rollback) with SPEC §8's error toast.
 */
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminRow } from "~/components/panel/admin-table";
import { ConfirmDialog, DeleteButton } from "~/components/panel/confirm-dialog";
import { EditRowButton, RowActionsCell, RowTextButton } from "~/components/panel/row-actions";
import { ThumbnailCell } from "~/components/panel/thumbnail-cell";
import { toastFailure, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Badge } from "~/components/ui/badge";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/toaster";
import { formatPrice } from "~/lib/money";
import { categoryLabels } from "../../catalog";
import type { AdminProductRow } from "../../panel-products.server";
import { stockBadge } from "../../product-filters";
import {
  type ProductListActionResult,
  productListFailureTitle,
  productListMessages,
} from "../../product-list.schema";
import { StockCell } from "./stock-cell";

export const PRODUCTS_ACTION = "/admin/products";

type Fetcher = ReturnType<typeof useFetcher<ProductListActionResult>>;

/** Shows the answer of a quick action once: its success message, or SPEC's failure toast. */
export function useResultToast(fetcher: Fetcher, success?: (result: ProductListActionResult) => string) {
  useFetcherResult(
    fetcher,
    (result) => {
      if (result.ok) {
        toast.success(success ? success(result) : result.message);
      } else {
        toastFailure(productListFailureTitle(result.intent), result.message);
      }
    },
    { beforeReload: true },
  );
}

function submitIntent(fetcher: Fetcher, fields: Record<string, string>) {
  fetcher.submit(fields, { method: "post", action: PRODUCTS_ACTION });
}

/** `onDelete`: the screen deletes (its fetcher outlives the row, so the answer's toast is heard). */
export function ProductRow({ product, onDelete }: { product: AdminProductRow; onDelete: () => void }) {
  const active = useFetcher<ProductListActionResult>({ key: `product-active-${product.id}` });
  const stock = useFetcher<ProductListActionResult>({ key: `product-stock-${product.id}` });
  const soldOut = useFetcher<ProductListActionResult>({ key: `product-sold-out-${product.id}` });
  const [confirmOpen, setConfirmOpen] = useState(false);

  useResultToast(active);
  useResultToast(stock);
  useResultToast(soldOut);

  // Optimistic values: what was just sent wins over the loader's data until the answer arrives.
  const pendingActive = active.formData?.get("isActive");
  const isActive = typeof pendingActive === "string" ? pendingActive === "true" : product.isActive;
  const pendingStock = stock.formData?.get("stockQuantity");
  const shownStock = soldOut.formData
    ? 0
    : typeof pendingStock === "string" && /^\d+$/.test(pendingStock.trim())
      ? Number(pendingStock)
      : product.stock;

  const badge = stockBadge(shownStock);
  const switchId = `product-active-${product.id}`;
  return (
    <AdminRow data-testid="product-row" data-product-id={product.id}>
      <ThumbnailCell image={product.image} />
      <th scope="row" className="max-w-72 px-3 py-2 text-left font-normal">
        <Link
          to={`/admin/products/${product.id}/edit`}
          className="font-semibold text-foreground hover:text-accent hover:underline"
        >
          {product.name}
        </Link>
        <span className="block truncate text-muted text-xs">
          /{product.slug}
          {product.variantCount
            ? ` · ${product.variantCount} ${product.variantCount === 1 ? "wariant" : product.variantCount < 5 ? "warianty" : "wariantów"}`
            : ""}
          {product.featured ? " · wyróżniony" : ""}
        </span>
      </th>
      <td className="px-3 py-2 text-muted">{categoryLabels[product.category]}</td>
      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatPrice(product.price)}</td>
      <td className="px-3 py-2">
        <StockCell
          productName={product.name}
          stock={shownStock}
          editable={product.variantCount === 0}
          onSave={(value) =>
            submitIntent(stock, { intent: "set-stock", productId: product.id, stockQuantity: String(value) })
          }
        />
      </td>
      <td className="px-3 py-2">
        <Badge variant={badge.tone} data-testid="stock-badge">
          {badge.label}
        </Badge>
      </td>
      <td className="px-3 py-2">
        <Switch
          id={switchId}
          checked={isActive}
          aria-label={`Aktywny: ${product.name}`}
          onCheckedChange={(checked) =>
            submitIntent(active, { intent: "set-active", productId: product.id, isActive: String(checked) })
          }
        />
      </td>
      <RowActionsCell>
        <RowTextButton
          label={`Oznacz jako wyprzedany: ${product.name}`}
          disabled={shownStock === 0}
          onClick={() => submitIntent(soldOut, { intent: "sold-out", productId: product.id })}
        >
          Sold Out
        </RowTextButton>
        <EditRowButton label={`Edytuj: ${product.name}`} to={`/admin/products/${product.id}/edit`} />
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          trigger={<DeleteButton label={`Usuń: ${product.name}`} />}
          title={productListMessages.deleteConfirmTitle}
          description={`Produkt „${product.name}” zostanie trwale usunięty razem z wariantami i opiniami. Złożone zamówienia zachowają jego nazwę i cenę.`}
          confirmLabel="Usuń produkt"
          onConfirm={onDelete}
        />
      </RowActionsCell>
    </AdminRow>
  );
}
