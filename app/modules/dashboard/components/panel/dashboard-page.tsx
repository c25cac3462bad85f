/**
 * "Pulpit" (issue #41): the shop and the nights in numbers for a date range — revenue per day or week
 * (tickets and merch), refunds, a night's ticket sales per type beside the previous night, its
 * check-ins, top products and each drop's funnel. A GET form chooses the range (no script needed);
 * every chart is SVG from the server with its table, every table has its CSV.
 */
import { Download } from "lucide-react";
import { BarChart, LineChart } from "~/components/panel/charts";
import { PanelScreen } from "~/components/panel/panel-screen";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/money";
import { CheckInChart } from "~/modules/door/components/panel/check-in-chart";
import { type DashboardCsvInput, type DashboardTable, dashboardMessages } from "../../dashboard";

type Night = {
  id: string;
  title: string;
  previousTitle: string | null;
  labels: string[];
  types: { name: string; values: number[] }[];
  current: number[];
  previous: number[];
  checkIns: { start: number; count: number; label: string }[];
};

export type DashboardPageProps = {
  range: { from: string; to: string; granularity: "day" | "week"; fixed: boolean };
  query: string;
  csv: DashboardCsvInput;
  labels: string[];
  totals: { tickets: number; merch: number; refunds: number; refundCount: number };
  nights: { id: string; label: string }[];
  night: Night | null;
};

const pln = (grosze: number) => formatPrice(grosze);

function CsvLink({ table, query }: { table: DashboardTable; query: string }) {
  return (
    <a
      href={`/admin/dashboard/export.csv?${query}${query ? "&" : ""}tabela=${table}`}
      className="inline-flex items-center gap-1 text-accent text-sm underline underline-offset-4"
      download
    >
      <Download aria-hidden="true" className="size-4" />
      CSV
    </a>
  );
}

function RangeForm({ range, nights, night }: Pick<DashboardPageProps, "range" | "nights" | "night">) {
  const field = "h-10 rounded-md border border-border bg-surface px-3 text-sm";
  return (
    <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Zakres pulpitu">
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">Od</span>
        <input type="date" name="od" defaultValue={range.from} className={field} />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">Do</span>
        <input type="date" name="do" defaultValue={range.to} className={field} />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">Grupuj</span>
        <select name="co" defaultValue={range.granularity === "week" ? "tydzien" : "dzien"} className={field}>
          <option value="dzien">dniami</option>
          <option value="tydzien">tygodniami</option>
        </select>
      </label>
      {nights.length ? (
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">Noc</span>
          <select name="noc" defaultValue={night?.id} className={field}>
            {nights.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <Button type="submit">Pokaż</Button>
    </form>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 rounded-lg border border-border bg-surface p-4">
      <dt className="text-muted text-sm">{label}</dt>
      <dd className="font-display text-2xl tabular-nums">{value}</dd>
    </div>
  );
}

export function DashboardPage(props: DashboardPageProps) {
  const { range, query, csv, labels, totals, night } = props;
  const anyRevenue = csv.revenue.tickets.some(Boolean) || csv.revenue.merch.some(Boolean);
  return (
    <div className="grid gap-6" data-testid="dashboard">
      <RangeForm range={range} nights={props.nights} night={night} />
      {range.fixed ? (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          {dashboardMessages.rangeFixed}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Total label="Bilety" value={pln(totals.tickets)} />
        <Total label="Merch" value={pln(totals.merch)} />
        <Total label="Zwroty" value={pln(totals.refunds)} />
        <Total label="Liczba zwrotów" value={String(totals.refundCount)} />
      </dl>

      <PanelScreen
        name="dashboard-revenue"
        title="Przychód"
        actions={<CsvLink table="przychod" query={query} />}
      >
        {anyRevenue ? (
          <LineChart
            title={`Przychód ${range.granularity === "week" ? "tygodniowo" : "dziennie"}: bilety i merch`}
            labels={labels}
            series={[
              { name: "Bilety", values: csv.revenue.tickets },
              { name: "Merch", values: csv.revenue.merch },
            ]}
            format={pln}
            testId="revenue-chart"
          />
        ) : (
          <p className="text-muted">{dashboardMessages.empty}</p>
        )}
      </PanelScreen>

      {night ? (
        <PanelScreen
          name="dashboard-night"
          title={`Sprzedaż biletów: ${night.title}`}
          actions={<CsvLink table="noc" query={query} />}
        >
          {night.current.some(Boolean) || night.previous.some(Boolean) ? (
            <LineChart
              title={`Bilety sprzedane w czasie: ${night.title}${night.previousTitle ? ` i ${night.previousTitle}` : ""}`}
              labels={night.labels}
              series={[
                ...night.types,
                { name: "Razem", values: night.current },
                ...(night.previousTitle
                  ? [{ name: `Poprzednia: ${night.previousTitle}`, values: night.previous }]
                  : []),
              ]}
              testId="night-sales-chart"
            />
          ) : (
            <p className="text-muted">Ta noc nie sprzedała jeszcze biletów.</p>
          )}
          <h3 className="font-display text-lg">Wejścia co 15 minut</h3>
          <CheckInChart buckets={night.checkIns} title={`Wejścia co 15 minut: ${night.title}`} />
        </PanelScreen>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <PanelScreen
          name="dashboard-products"
          title="Najlepiej sprzedające się produkty"
          actions={<CsvLink table="produkty" query={query} />}
        >
          {csv.products.length ? (
            <table className="w-full text-sm">
              <caption className="sr-only">Najlepiej sprzedające się produkty</caption>
              <thead>
                <tr className="text-left text-muted">
                  <th scope="col" className="py-1">
                    Produkt
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Sztuki
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Przychód
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {csv.products.map((product) => (
                  <tr key={product.name}>
                    <th scope="row" className="py-1.5 text-left font-medium">
                      {product.name}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{product.units}</td>
                    <td className="py-1.5 text-right tabular-nums">{pln(product.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-muted">{dashboardMessages.empty}</p>
          )}
        </PanelScreen>
        <PanelScreen name="dashboard-drops" title="Dropy" actions={<CsvLink table="dropy" query={query} />}>
          {csv.drops.length ? (
            <table className="w-full text-sm">
              <caption className="sr-only">Dropy: zapisani, powiadomieni, kupujący</caption>
              <thead>
                <tr className="text-left text-muted">
                  <th scope="col" className="py-1">
                    Drop
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Zapisani
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Powiadomieni
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Kupujący
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {csv.drops.map((drop) => (
                  <tr key={`${drop.name}-${drop.release}`}>
                    <th scope="row" className="py-1.5 text-left font-medium">
                      {drop.name}
                      <span className="block text-muted text-xs">{drop.release}</span>
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{drop.subscribers}</td>
                    <td className="py-1.5 text-right tabular-nums">{drop.notified}</td>
                    <td className="py-1.5 text-right tabular-nums">{drop.buyers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-muted">Brak dropów.</p>
          )}
        </PanelScreen>
      </div>

      <PanelScreen name="dashboard-refunds" title="Zwroty" actions={<CsvLink table="zwroty" query={query} />}>
        {csv.refunds.length ? (
          <>
            <BarChart
              title="Zwroty w okresie"
              name="Zwroty"
              labels={labels}
              values={csv.revenue.refunds}
              format={pln}
              testId="refunds-chart"
            />
            <table className="w-full text-sm">
              <caption className="sr-only">Ostatnie zwroty</caption>
              <thead>
                <tr className="text-left text-muted">
                  <th scope="col" className="py-1">
                    Data
                  </th>
                  <th scope="col" className="py-1">
                    Zamówienie
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Kwota
                  </th>
                  <th scope="col" className="py-1">
                    Stan
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {csv.refunds.map((refund, index) => (
                  <tr key={`${refund.when}-${index}`}>
                    <td className="py-1.5">{refund.when}</td>
                    <td className="py-1.5">{refund.order}</td>
                    <td className="py-1.5 text-right tabular-nums">{pln(refund.amount)}</td>
                    <td className="py-1.5">{refund.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <p className="text-muted">{dashboardMessages.empty}</p>
        )}
      </PanelScreen>
    </div>
  );
}
