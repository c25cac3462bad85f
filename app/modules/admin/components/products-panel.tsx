/**
 * The products list (SPEC §2 Products list), at /admin/products and in the panel's products tab:
 * filters kept in the URL, and a dense table with inline stock editing, the active switch, Sold Out,
 * edit and delete — quick actions update optimistically and roll back on failure.
 */
import { Plus, Search, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { toast } from "~/components/ui/toaster";
import { cn } from "~/lib/utils";
import { CATEGORIES, categoryLabels, productCountLabel } from "~/modules/catalog/catalog";
import {
  hasActiveFilters,
  type ProductFilters,
  STATUS_FILTERS,
  STOCK_FILTERS,
  statusFilterLabels,
  stockFilterLabels,
} from "../product-filters";
import { productListMessages } from "../product-list.schema";
import type { AdminProductRow } from "../products.server";
import { ProductRow } from "./product-row";

function FilterBar({ filters, embedded }: { filters: ProductFilters; embedded: boolean }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const action = embedded ? "/admin" : "/admin/products";

  // The URL is the source of truth: reflect it in the search box unless the person is typing in it.
  useEffect(() => {
    const input = searchRef.current;
    if (input && document.activeElement !== input) input.value = filters.q;
  }, [filters.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = () => {
    clearTimeout(timer.current);
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  };

  const clearHref = embedded ? "/admin?tab=products" : "/admin/products";
  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      role="search"
      aria-label="Filtry produktów"
      className="grid gap-3 rounded-lg border border-border bg-surface p-3 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      {embedded ? <input type="hidden" name="tab" value="products" /> : null}
      <div className="relative">
        <label htmlFor="product-search" className="sr-only">
          Szukaj po nazwie
        </label>
        <Search
          aria-hidden="true"
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted"
        />
        <Input
          ref={searchRef}
          id="product-search"
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder="Szukaj po nazwie…"
          autoComplete="off"
          className="h-10 pl-9 text-sm"
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(apply, 300);
          }}
        />
      </div>
      <div>
        <label htmlFor="product-category" className="sr-only">
          Kategoria
        </label>
        <NativeSelect
          id="product-category"
          name="category"
          defaultValue={filters.category ?? ""}
          key={`category-${filters.category ?? ""}`}
          className="h-10 text-sm"
          onChange={apply}
        >
          <option value="">Wszystkie kategorie</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryLabels[category]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <label htmlFor="product-status" className="sr-only">
          Status
        </label>
        <NativeSelect
          id="product-status"
          name="status"
          defaultValue={filters.status ?? ""}
          key={`status-${filters.status ?? ""}`}
          className="h-10 text-sm"
          onChange={apply}
        >
          <option value="">Wszystkie statusy</option>
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {statusFilterLabels[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <label htmlFor="product-stock" className="sr-only">
          Stan magazynowy
        </label>
        <NativeSelect
          id="product-stock"
          name="stock"
          defaultValue={filters.stock ?? ""}
          key={`stock-${filters.stock ?? ""}`}
          className="h-10 text-sm"
          onChange={apply}
        >
          <option value="">Każdy stan</option>
          {STOCK_FILTERS.map((stock) => (
            <option key={stock} value={stock}>
              {stockFilterLabels[stock]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" size="sm" className="h-10 [[data-hydrated=true]_&]:hidden">
          Filtruj
        </Button>
        {hasActiveFilters(filters) ? (
          <Button asChild variant="ghost" size="sm" className="h-10">
            <Link to={clearHref} replace preventScrollReset>
              <X aria-hidden="true" />
              Wyczyść
            </Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

export function ProductsPanel({
  filters,
  products,
  loadError,
  embedded = false,
}: {
  filters: ProductFilters;
  products: AdminProductRow[];
  loadError: string | null;
  embedded?: boolean;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");

  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);

  return (
    <section aria-labelledby="products-title" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-baseline gap-3">
          <h2 id="products-title" className="font-display text-2xl">
            Produkty
          </h2>
          <p className="text-muted text-sm" aria-live="polite" data-testid="products-count">
            {productCountLabel(products.length)}
          </p>
        </div>
        <Button asChild size="sm">
          <Link to="/admin/products/new">
            <Plus aria-hidden="true" />
            Dodaj produkt
          </Link>
        </Button>
      </div>

      <FilterBar filters={filters} embedded={embedded} />

      <div
        aria-busy={loading}
        className={cn(
          "relative overflow-x-auto rounded-lg border border-border bg-surface transition-opacity",
          loading && "opacity-60",
        )}
      >
        {loadError ? (
          <p role="alert" className="p-10 text-center text-danger">
            {loadError}
          </p>
        ) : products.length === 0 ? (
          <p className="p-10 text-center text-muted">{productListMessages.empty}</p>
        ) : (
          <table className="w-full min-w-[60rem] border-collapse text-sm">
            <caption className="sr-only">Lista produktów</caption>
            <thead className="border-border border-b bg-surface-2/60 text-left text-muted text-xs uppercase tracking-wider">
              <tr>
                <th scope="col" className="w-16 px-3 py-2.5 font-semibold">
                  <span className="sr-only">Zdjęcie</span>
                </th>
                <th scope="col" className="px-3 py-2.5 font-semibold">
                  Nazwa
                </th>
                <th scope="col" className="px-3 py-2.5 font-semibold">
                  Kategoria
                </th>
                <th scope="col" className="px-3 py-2.5 text-right font-semibold">
                  Cena
                </th>
                <th scope="col" className="px-3 py-2.5 font-semibold">
                  Stan
                </th>
                <th scope="col" className="px-3 py-2.5 font-semibold">
                  <span className="sr-only">Dostępność</span>
                </th>
                <th scope="col" className="px-3 py-2.5 font-semibold">
                  Aktywny
                </th>
                <th scope="col" className="px-3 py-2.5 text-right font-semibold">
                  Akcje
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {products.map((product) => (
                <ProductRow key={product.id} product={product} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
