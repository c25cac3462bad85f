/** The printable report after a night (issue #41): the rows of night-report.ts, grouped by section. */
import { ArrowLeft, Download } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import type { ReportRow } from "../../night-report";
import { type CheckInBucket, CheckInChart } from "./check-in-chart";

export function NightReport({
  event,
  rows,
  checkIns,
}: {
  event: { id: string; title: string; when: string };
  rows: ReportRow[];
  checkIns: CheckInBucket[];
}) {
  const sections = [...new Set(rows.map((row) => row.section))].filter(
    (section) => section !== "Wejścia co 15 minut",
  );
  return (
    <article className="grid gap-6 print:text-black" data-testid="night-report">
      <div className="grid gap-1">
        <Link
          to={`/admin/events/${event.id}/bramka`}
          className="inline-flex items-center gap-1 text-muted text-sm hover:text-foreground print:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Bramka
        </Link>
        <h2 className="font-display text-2xl">Raport: {event.title}</h2>
        <p className="flex flex-wrap gap-3 text-muted text-sm">
          <span>{event.when}</span>
          <a
            href={`/admin/events/${event.id}/raport.csv`}
            className="inline-flex items-center gap-1 text-accent underline underline-offset-4 print:hidden"
            download
          >
            <Download aria-hidden="true" className="size-4" />
            Pobierz CSV
          </a>
        </p>
      </div>
      {sections.map((section) => (
        <table key={section} className="w-full max-w-2xl border-collapse text-sm">
          <caption className="pb-2 text-left font-display text-lg">{section}</caption>
          <tbody className="divide-y divide-border">
            {rows
              .filter((row) => row.section === section)
              .map((row) => (
                <tr key={`${section}-${row.item}`}>
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                    {row.item}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{row.count ?? ""}</td>
                  <td className="py-1.5 text-right tabular-nums">
                    {row.amount === null ? "" : formatPrice(row.amount)}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      ))}
      <section className="grid gap-2">
        <h3 className="font-display text-lg">Wejścia co 15 minut</h3>
        <CheckInChart buckets={checkIns} title={`Wejścia co 15 minut: ${event.title}`} />
      </section>
    </article>
  );
}
