/**
 * The products list (SPEC §2 Products list) at /admin/products:
 * filters kept in the URL, and a dense table with inline stock editing, the active switch, Sold Out,
 * edit and delete — quick actions update optimistically and roll back on failure.
 */
import {
  ACTIONS_COLUMN,
  AdminTable,
  type AdminTableSpec,
  hiddenColumn,
  numberColumn,
} from "~/components/panel/admin-table";
import { ListFilters } from "~/components/panel/list-filters";
import { AddLink, PanelScreen, usePanelList, useRemover } from "~/components/panel/panel-screen";
import { HiddenLabel } from "~/components/ui/label";
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
import { productListFailureTitle, productListMessages } from "../../product-list.schema";
import { PRODUCTS_ACTION, ProductRow } from "./product-row";

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
      <HiddenLabel htmlFor={id}>{label}</HiddenLabel>
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

/** The bar's selects: category, status and stock, each with its "all" option first. */
function selectFilters(filters: ProductFilters) {
  return [
    {
      name: "category",
      label: "Kategoria",
      value: filters.category,
      allLabel: "Wszystkie kategorie",
      options: CATEGORIES.map((category): [string, string] => [category, categoryLabels[category]]),
    },
    {
      name: "status",
      label: "Status",
      value: filters.status,
      allLabel: "Wszystkie statusy",
      options: STATUS_FILTERS.map((status): [string, string] => [status, statusFilterLabels[status]]),
    },
    {
      name: "stock",
      label: "Stan magazynowy",
      value: filters.stock,
      allLabel: "Każdy stan",
      options: STOCK_FILTERS.map((stock): [string, string] => [stock, stockFilterLabels[stock]]),
    },
  ];
}

function FilterBar({ filters }: { filters: ProductFilters }) {
  return (
    <ListFilters
      action="/admin/products"
      label="Filtry produktów"
      className="grid gap-3 rounded-lg border border-border bg-surface p-3 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
      search={{
        id: "product-search",
        label: "Szukaj po nazwie",
        placeholder: "Szukaj po nazwie…",
        value: filters.q,
      }}
      submitLabel="Filtruj"
      canClear={hasActiveFilters(filters)}
    >
      {(apply) =>
        selectFilters(filters).map((select) => (
          <FilterSelect key={select.name} {...select} onChange={apply} />
        ))
      }
    </ListFilters>
  );
}

const PRODUCTS_TABLE: AdminTableSpec = {
  caption: "Lista produktów",
  minWidthClassName: "min-w-[60rem]",
  columns: [
    hiddenColumn("Zdjęcie", "w-16"),
    "Nazwa",
    "Kategoria",
    numberColumn("Cena"),
    "Stan",
    hiddenColumn("Dostępność"),
    "Aktywny",
    ACTIONS_COLUMN,
  ],
};

export function ProductsPanel({
  filters,
  products,
  loadError,
}: {
  filters: ProductFilters;
  products: AdminProductRow[];
  loadError: string | null;
}) {
  const list = usePanelList("/admin/products", loadError);
  const { remove, removing } = useRemover({
    key: "product-delete",
    action: PRODUCTS_ACTION,
    idField: "productId",
    failureTitle: productListFailureTitle("delete"),
  });

  return (
    <PanelScreen
      name="products"
      title="Produkty"
      count={productCountLabel(products.length)}
      actions={<AddLink to="/admin/products/new" label="Dodaj produkt" />}
    >
      <FilterBar filters={filters} />
      <AdminTable {...PRODUCTS_TABLE} {...list} empty={products.length ? null : productListMessages.empty}>
        {products
          .filter((product) => product.id !== removing)
          .map((product) => (
            <ProductRow key={product.id} product={product} onDelete={() => remove(product.id)} />
          ))}
      </AdminTable>
    </PanelScreen>
  );
}
