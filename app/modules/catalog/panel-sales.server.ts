/**
 * Sales in the admin panel (issue #28, decision 034), the reads: the list of running, planned and
 * recently ended sales, and the products the sale form offers. Saving, editing, ending and the price
 * preview are in sale-commands.server; the labels in sale-labels. Callers check the role first.
 */
import { asc, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { formatPrice } from "~/lib/money";
import { toWarsawLocal } from "~/lib/warsaw-time";
import * as s from "../../../db/schema";
import { categoryLabels, productCountLabel } from "./catalog";
import {
  type AdminSale,
  type AdminSaleItem,
  amountInput,
  ENDED_SALES_SHOWN_DAYS,
  endLabel,
  moment,
  reductionLabel,
  type SaleProductOption,
  type SaleStatus,
  saleStatus,
  sizeName,
} from "./sale-labels";
import { saleStatusLabels } from "./sales.schema";

const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// The list and the form's options
// ---------------------------------------------------------------------------------------------

/** Running and planned sales, then those ended in the last 30 days (newest end first). */
export async function listSales(executor: Executor, at: Date): Promise<AdminSale[]> {
  const since = new Date(at.getTime() - ENDED_SALES_SHOWN_DAYS * DAY);
  const sales = await executor
    .select()
    .from(s.sales)
    .where(or(isNull(s.sales.endsAt), gt(s.sales.endsAt, since)))
    .orderBy(asc(s.sales.startsAt), asc(s.sales.createdAt));
  if (sales.length === 0) return [];
  const items = await executor
    .select({
      saleId: s.saleItems.saleId,
      productId: s.saleItems.productId,
      variantId: s.saleItems.variantId,
      productName: s.products.name,
      size: s.productVariants.size,
      color: s.productVariants.color,
    })
    .from(s.saleItems)
    .innerJoin(s.products, eq(s.products.id, s.saleItems.productId))
    .leftJoin(s.productVariants, eq(s.productVariants.id, s.saleItems.variantId))
    .where(
      inArray(
        s.saleItems.saleId,
        sales.map((sale) => sale.id),
      ),
    )
    .orderBy(asc(s.products.name), asc(s.productVariants.sortOrder), asc(s.productVariants.size));

  const rank: Record<SaleStatus, number> = { running: 0, planned: 1, ended: 2 };
  return sales
    .map((sale) => {
      const status = saleStatus(sale, at);
      const own = items.filter((item) => item.saleId === sale.id);
      const adminItems = own.map((item) => ({
        productId: item.productId,
        productName: item.productName,
        size: item.size === null ? null : sizeName({ size: item.size, color: item.color }),
      }));
      return {
        sale,
        row: {
          id: sale.id,
          version: sale.version,
          name: sale.name,
          status,
          statusLabel: saleStatusLabels[status],
          scope: sale.scope,
          coverage: coverageOf(sale, adminItems),
          items: adminItems,
          reductionLabel: reductionLabel(sale),
          startsLabel: moment(sale.startsAt),
          endsLabel: endLabel(sale.endsAt),
          continues: sale.continuesSaleId !== null,
          defaults:
            status === "ended"
              ? null
              : {
                  id: sale.id,
                  version: String(sale.version),
                  name: sale.name,
                  scope: sale.scope,
                  productId: sale.scope === "category" ? "" : (own[0]?.productId ?? ""),
                  variantIds: sale.scope === "variants" ? own.flatMap((item) => item.variantId ?? []) : [],
                  category: sale.category ?? "",
                  reductionType: sale.reductionType,
                  reduction:
                    sale.reductionType === "percent" ? String(sale.reduction) : amountInput(sale.reduction),
                  startsAt: toWarsawLocal(sale.startsAt),
                  endsAt: sale.endsAt ? toWarsawLocal(sale.endsAt) : "",
                },
        } satisfies AdminSale,
      };
    })
    .sort((a, b) => {
      const byStatus = rank[a.row.status] - rank[b.row.status];
      if (byStatus !== 0) return byStatus;
      // Ended: the most recently ended first.
      return a.row.status === "ended" ? (b.sale.endsAt?.getTime() ?? 0) - (a.sale.endsAt?.getTime() ?? 0) : 0;
    })
    .map(({ row }) => row);
}

function coverageOf(sale: { scope: s.SaleScope; category: s.Category | null }, items: AdminSaleItem[]) {
  if (sale.scope === "category") {
    const label = sale.category ? categoryLabels[sale.category] : "";
    return `Kategoria ${label}: ${productCountLabel(items.length)}`;
  }
  const name = items[0]?.productName ?? "(produkt usunięty)";
  if (sale.scope === "product") return `${name} (wszystkie rozmiary)`;
  return `${name}: ${items.map((item) => item.size).join(", ")}`;
}

/** Every product with its sizes, for the form's product select and size checkboxes (active first). */
export async function saleProductOptions(executor: Executor): Promise<SaleProductOption[]> {
  const products = await executor
    .select({
      id: s.products.id,
      name: s.products.name,
      category: s.products.category,
      isActive: s.products.isActive,
      price: s.products.price,
    })
    .from(s.products)
    .orderBy(desc(s.products.isActive), asc(s.products.name));
  const variants = await executor
    .select()
    .from(s.productVariants)
    .orderBy(asc(s.productVariants.sortOrder), asc(s.productVariants.size));
  return products.map((product) => ({
    id: product.id,
    name: product.name,
    category: product.category,
    isActive: product.isActive,
    priceLabel: formatPrice(product.price),
    variants: variants
      .filter((variant) => variant.productId === product.id)
      .map((variant) => ({
        id: variant.id,
        label: sizeName(variant),
        surchargeLabel: variant.additionalPrice > 0 ? `+${formatPrice(variant.additionalPrice)}` : null,
      })),
  }));
}
