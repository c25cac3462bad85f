/**
 * Check-ins per 15 minutes as bars drawn on the server (readable before JavaScript), with the same
 * numbers in a table for screen readers.
 */
export type CheckInBucket = { start: number; count: number; label: string };

const WIDTH = 720;
const HEIGHT = 180;
const AXIS = 24;

export function CheckInChart({ buckets, title }: { buckets: CheckInBucket[]; title: string }) {
  if (buckets.every((bucket) => bucket.count === 0)) {
    return <p className="text-muted text-sm">Nikt jeszcze nie wszedł.</p>;
  }
  const max = Math.max(...buckets.map((bucket) => bucket.count));
  const step = WIDTH / buckets.length;
  const height = (count: number) => ((HEIGHT - AXIS) * count) / max;
  const labelEvery = Math.max(1, Math.ceil(buckets.length / 8));
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={title}
        className="h-auto w-full text-accent"
        data-testid="check-in-chart"
      >
        <title>{title}</title>
        {buckets.map((bucket, index) => (
          <g key={bucket.start}>
            <rect
              x={index * step + 1}
              y={HEIGHT - AXIS - height(bucket.count)}
              width={Math.max(1, step - 2)}
              height={height(bucket.count)}
              fill="currentColor"
            />
            {index % labelEvery === 0 ? (
              <text x={index * step} y={HEIGHT - 6} fontSize="11" fill="currentColor" className="text-muted">
                {bucket.label}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted">Tabela wejść</summary>
        <table className="mt-2 text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 text-left">
                Od
              </th>
              <th scope="col" className="px-2 text-right">
                Wejścia
              </th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.start}>
                <th scope="row" className="px-2 text-left font-normal">
                  {bucket.label}
                </th>
                <td className="px-2 text-right tabular-nums">{bucket.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
