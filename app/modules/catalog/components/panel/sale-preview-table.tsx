/** "Podgląd cen": the prices the sale in the form would give, as the server computed them (nothing saved). */
import { AdminRow, AdminTable, type AdminTableSpec, numberColumn } from "~/components/panel/admin-table";
import type { SalePreview } from "../../sale-labels";

const PREVIEW_TABLE: AdminTableSpec = {
  caption: "Ceny w promocji",
  minWidthClassName: "min-w-[40rem]",
  columns: [
    "Produkt",
    "Rozmiar",
    numberColumn("Cena regularna"),
    numberColumn("Cena promocyjna"),
    numberColumn("Obniżka"),
  ],
};

export function SalePreviewTable({ preview }: { preview: SalePreview }) {
  return (
    <section aria-labelledby="sale-preview-title" className="grid gap-3" data-testid="sale-preview">
      <div>
        <h3 id="sale-preview-title" className="font-bold text-lg">
          Podgląd cen
        </h3>
        <p className="text-muted text-sm" role="status">
          Obniżka {preview.reductionLabel}, od{" "}
          {preview.startsNow ? `teraz (${preview.startsLabel})` : preview.startsLabel} do {preview.endsLabel}.
          Nic nie zostało zapisane.
        </p>
      </div>
      <AdminTable {...PREVIEW_TABLE} loading={false} empty={null}>
        {preview.rows.map((row) => (
          <AdminRow key={`${row.productId}|${row.variantId ?? ""}`}>
            <th scope="row" className="px-3 py-2 text-left font-normal">
              {row.productName}
              {row.note ? <span className="block text-muted text-xs">{row.note}</span> : null}
            </th>
            <td className="px-3 py-2">{row.size}</td>
            <td className="whitespace-nowrap px-3 py-2 text-right text-muted tabular-nums line-through">
              {row.regularLabel}
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-right font-bold tabular-nums">
              {row.priceLabel}
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">-{row.percentOff}%</td>
          </AdminRow>
        ))}
      </AdminTable>
    </section>
  );
}
