/**
 * The products list (SPEC §2 Products list) at /admin/products:
 * filters kept in the URL, and a dense table with inline stock editing, the active switch, Sold Out,
 * edit and delete — quick actions update optimistically and roll back on failure.
 */
import { Plus, Search, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { AdminTable } from "~/components/panel/admin-table";
import { PanelScreen, usePanelList } from "~/components/panel/panel-screen";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { CATEGORIES, categoryLabels, productCountLabel } from "../../catalog";
import type { AdminProductRow } from "../../panel-products.server";
import {
  hasActiveFilters,
  type ProductFilters,
  STATUS_FILTERS,
  STOCK_FILTERS,
  statusFilterLabels,
  stockFilterLabels,
} from "../../product-filters";
import { productListMessages } from "../../product-list.schema";
import { ProductRow } from "./product-row";

/** One filter of the bar: a select whose first option, empty, means "all". */
function FilterSelect({
  name,
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: string | null;
  allLabel: string;
  options: [value: string, label: string][];
  onChange(): void;
}) {
  const id = `product-${name}`;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <NativeSelect
        id={id}
        name={name}
        defaultValue={value ?? ""}
        // A new URL value remounts the select, so it shows what the URL says.
        key={`${name}-${value ?? ""}`}
        className="h-10 text-sm"
        onChange={onChange}
      >
        <option value="">{allLabel}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function FilterBar({ filters }: { filters: ProductFilters }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

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

  return (
    <Form
      ref={formRef}
      method="get"
      action="/admin/products"
      role="search"
      aria-label="Filtry produktów"
      className="grid gap-3 rounded-lg border border-border bg-surface p-3 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
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
      <FilterSelect
        name="category"
        label="Kategoria"
        value={filters.category}
        allLabel="Wszystkie kategorie"
        options={CATEGORIES.map((category) => [category, categoryLabels[category]])}
        onChange={apply}
      />
      <FilterSelect
        name="status"
        label="Status"
        value={filters.status}
        allLabel="Wszystkie statusy"
        options={STATUS_FILTERS.map((status) => [status, statusFilterLabels[status]])}
        onChange={apply}
      />
      <FilterSelect
        name="stock"
        label="Stan magazynowy"
        value={filters.stock}
        allLabel="Każdy stan"
        options={STOCK_FILTERS.map((stock) => [stock, stockFilterLabels[stock]])}
        onChange={apply}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" size="sm" className="h-10 [[data-hydrated=true]_&]:hidden">
          Filtruj
        </Button>
        {hasActiveFilters(filters) ? (
          <Button asChild variant="ghost" size="sm" className="h-10">
            <Link to="/admin/products" replace preventScrollReset>
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
}: {
  filters: ProductFilters;
  products: AdminProductRow[];
  loadError: string | null;
}) {
  const loading = usePanelList("/admin/products", loadError);

  return (
    <PanelScreen
      id="products-title"
      title="Produkty"
      count={productCountLabel(products.length)}
      countTestId="products-count"
      actions={
        <Button asChild size="sm">
          <Link to="/admin/products/new">
            <Plus aria-hidden="true" />
            Dodaj produkt
          </Link>
        </Button>
      }
    >
      <FilterBar filters={filters} />

      <AdminTable
        caption="Lista produktów"
        minWidthClassName="min-w-[60rem]"
        columns={[
          { label: <span className="sr-only">Zdjęcie</span>, className: "w-16" },
          { label: "Nazwa" },
          { label: "Kategoria" },
          { label: "Cena", className: "text-right" },
          { label: "Stan" },
          { label: <span className="sr-only">Dostępność</span> },
          { label: "Aktywny" },
          { label: "Akcje", className: "text-right" },
        ]}
        loading={loading}
        loadError={loadError}
        empty={products.length === 0 ? productListMessages.empty : null}
      >
        {products.map((product) => (
          <ProductRow key={product.id} product={product} />
        ))}
      </AdminTable>
    </PanelScreen>
  );
}
