/** Check-ins per 15 minutes (issue #41): the panel's bar chart, or a line when nobody came in yet. */
import { BarChart } from "~/components/panel/charts";

export type CheckInBucket = { start: number; count: number; label: string };

export function CheckInChart({ buckets, title }: { buckets: CheckInBucket[]; title: string }) {
  if (buckets.every((bucket) => bucket.count === 0)) {
    return <p className="text-muted text-sm">Nikt jeszcze nie wszedł.</p>;
  }
  return (
    <BarChart
      title={title}
      name="Wejścia"
      labels={buckets.map((bucket) => bucket.label)}
      values={buckets.map((bucket) => bucket.count)}
      testId="check-in-chart"
    />
  );
}
