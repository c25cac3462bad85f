/**
 * Charts drawn on the server (issue #41, decision 041): plain SVG in the HTML, readable before any
 * script, each an image with its name and the same numbers in a table for screen readers. d3-scale
 * and d3-shape compute the geometry; React renders it; nothing of them reaches the browser but SVG.
 */
import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";

const WIDTH = 720;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 56 };
const TONES = ["var(--color-accent)", "var(--color-hot)", "#7dd3fc", "#fbbf24", "#a78bfa"];

export type Series = { name: string; values: number[] };

function ChartTable({
  title,
  labels,
  series,
  format,
}: {
  title: string;
  labels: string[];
  series: Series[];
  format: (value: number) => string;
}) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted">Tabela: {title}</summary>
      <div className="mt-2 max-h-72 overflow-auto">
        <table className="text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 text-left">
                Okres
              </th>
              {series.map((entry) => (
                <th key={entry.name} scope="col" className="px-2 text-right">
                  {entry.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label}>
                <th scope="row" className="px-2 text-left font-normal">
                  {label}
                </th>
                {series.map((entry) => (
                  <td key={entry.name} className="px-2 text-right tabular-nums">
                    {format(entry.values[index] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Legend({ series }: { series: Series[] }) {
  return (
    <ul className="flex flex-wrap gap-4 text-sm" aria-hidden="true">
      {series.map((entry, index) => (
        <li key={entry.name} className="inline-flex items-center gap-2">
          <span
            className="inline-block size-3 rounded-sm"
            style={{ background: TONES[index % TONES.length] }}
          />
          {entry.name}
        </li>
      ))}
    </ul>
  );
}

function YAxis({
  ticks,
  y,
  format,
}: {
  ticks: number[];
  y: (value: number) => number;
  format: (value: number) => string;
}) {
  return (
    <g className="text-muted">
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={MARGIN.left}
            x2={WIDTH - MARGIN.right}
            y1={y(tick)}
            y2={y(tick)}
            stroke="currentColor"
            strokeOpacity={0.15}
          />
          <text
            x={MARGIN.left - 6}
            y={y(tick)}
            dy="0.32em"
            textAnchor="end"
            fontSize="11"
            fill="currentColor"
          >
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

function XLabels({ labels, x }: { labels: string[]; x: (label: string) => number }) {
  const every = Math.max(1, Math.ceil(labels.length / 8));
  return (
    <g className="text-muted">
      {labels.map((label, index) =>
        index % every === 0 ? (
          <text key={label} x={x(label)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="currentColor">
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** Lines over periods (revenue per day, tickets over time). */
export function LineChart({
  title,
  labels,
  series,
  format = String,
  testId,
}: {
  title: string;
  labels: string[];
  series: Series[];
  format?: (value: number) => string;
  testId?: string;
}) {
  const max = Math.max(1, ...series.flatMap((entry) => entry.values));
  const x = scalePoint<string>()
    .domain(labels)
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<number>()
    .x((_, index) => x(labels[index]) ?? 0)
    .y((value) => y(value));
  return (
    <figure className="grid gap-2" data-testid={testId}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} className="h-auto w-full">
        <title>{title}</title>
        <YAxis ticks={y.ticks(4)} y={y} format={format} />
        <XLabels labels={labels} x={(label) => x(label) ?? 0} />
        {series.map((entry, index) => (
          <path
            key={entry.name}
            d={path(entry.values) ?? ""}
            fill="none"
            stroke={TONES[index % TONES.length]}
            strokeWidth={2}
          />
        ))}
      </svg>
      <Legend series={series} />
      <ChartTable title={title} labels={labels} series={series} format={format} />
    </figure>
  );
}

/** Bars over periods (check-ins per 15 minutes, refunds per day). */
export function BarChart({
  title,
  labels,
  values,
  name,
  format = String,
  testId,
}: {
  title: string;
  labels: string[];
  values: number[];
  name: string;
  format?: (value: number) => string;
  testId?: string;
}) {
  const x = scaleBand<string>()
    .domain(labels)
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.15);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...values)])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  return (
    <figure className="grid gap-2" data-testid={testId}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} className="h-auto w-full">
        <title>{title}</title>
        <YAxis ticks={y.ticks(4)} y={y} format={format} />
        <XLabels labels={labels} x={(label) => (x(label) ?? 0) + x.bandwidth() / 2} />
        {labels.map((label, index) => (
          <rect
            key={label}
            x={x(label)}
            y={y(values[index] ?? 0)}
            width={x.bandwidth()}
            height={y(0) - y(values[index] ?? 0)}
            fill={TONES[0]}
          />
        ))}
      </svg>
      <ChartTable title={title} labels={labels} series={[{ name, values }]} format={format} />
    </figure>
  );
}
