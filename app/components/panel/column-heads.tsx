/** The header row of a table inside a form (a product's variants, an order's refund lines). */
import type { ReactNode } from "react";

export type ColumnHead = { label: ReactNode; className: string };

export function ColumnHeads({ columns }: { columns: ColumnHead[] }) {
  return (
    <thead className="text-left text-muted text-xs uppercase tracking-wider">
      <tr>
        {columns.map(({ label, className }, index) => (
          <th key={index} scope="col" className={className}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
