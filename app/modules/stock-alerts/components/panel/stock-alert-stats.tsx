/**
 * The product edit page's "Powiadomienia" section: per product and size, the addresses waiting, those
 * never confirmed, the notices sent (and the last one's time) and the unsubscribed.
 */
import { AdminRow, AdminTable } from "~/components/panel/admin-table";
import type { StockAlertCounts } from "../../stock-alert-stats.server";

const NUMBER = "px-3 py-2.5 text-right tabular-nums";

export function StockAlertStats({
  rows,
  loadError,
}: {
  rows: StockAlertCounts[];
  loadError?: string | null;
}) {
  return (
    <section
      aria-labelledby="stock-alerts-heading"
      className="grid gap-3 pt-8"
      data-testid="stock-alert-stats"
    >
      <div>
        <h3 id="stock-alerts-heading" className="font-display text-xl">
          Powiadomienia: czeka / niepotwierdzone / wysłane / wypisani
        </h3>
        <p className="text-muted text-sm">
          Adresy z formularza „Powiadom mnie”. Czekający dostaną jedną wiadomość, gdy produkt (rozmiar) będzie
          w sprzedaży i na stanie.
        </p>
      </div>
      <AdminTable
        caption="Powiadomienia o dostępności według rozmiaru"
        minWidthClassName="min-w-[40rem]"
        columns={[
          { label: "Rozmiar" },
          { label: "Czeka", className: "text-right" },
          { label: "Niepotwierdzone", className: "text-right" },
          { label: "Wysłane", className: "text-right" },
          { label: "Wypisani", className: "text-right" },
          { label: "Ostatnia wysyłka" },
        ]}
        loading={false}
        loadError={loadError}
        empty={rows.length === 0 ? "Nikt jeszcze nie czeka na ten produkt." : null}
      >
        {rows.map((row) => (
          <AdminRow key={row.variantId ?? "product"}>
            <th scope="row" className="px-3 py-2.5 text-left font-semibold">
              {row.sizeLabel ?? "Cały produkt"}
            </th>
            <td className={NUMBER}>{row.waiting}</td>
            <td className={NUMBER}>{row.unconfirmed}</td>
            <td className={NUMBER}>{row.sent}</td>
            <td className={NUMBER}>{row.unsubscribed}</td>
            <td className="px-3 py-2.5 text-muted">{row.lastSent ?? "—"}</td>
          </AdminRow>
        ))}
      </AdminTable>
    </section>
  );
}
