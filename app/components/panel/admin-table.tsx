/**
 * The list of an admin tab: a frame that dims while the list reloads, with the load error or the empty
 * message in its place (ListFrame, for any list), and the captioned table with column headers in a
 * frame that scrolls sideways (AdminTable).
 */
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";

export type AdminColumn = { label: ReactNode; className?: string };

/** The list's frame: dimmed while it reloads; the load error or the empty message in place of it. */
export function ListFrame({
  loading,
  loadError,
  empty,
  className,
  children,
}: {
  loading: boolean;
  loadError?: string | null;
  /** The message shown instead of the list, or null when there are rows. */
  empty: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      aria-busy={loading}
      className={cn(
        "relative rounded-lg border border-border bg-surface transition-opacity",
        loading && "opacity-60",
        className,
      )}
    >
      {loadError ? (
        <p role="alert" className="p-10 text-center text-danger">
          {loadError}
        </p>
      ) : empty !== null ? (
        <p className="p-10 text-center text-muted">{empty}</p>
      ) : (
        children
      )}
    </div>
  );
}

export function AdminTable({
  caption,
  columns,
  minWidthClassName,
  loading,
  loadError,
  empty,
  children,
}: {
  caption: string;
  columns: AdminColumn[];
  /** A literal Tailwind class such as "min-w-[52rem]": below it the frame scrolls sideways. */
  minWidthClassName: string;
  loading: boolean;
  loadError?: string | null;
  /** The message shown instead of the table, or null when there are rows. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <ListFrame loading={loading} loadError={loadError} empty={empty} className="overflow-x-auto">
      <table className={cn("w-full border-collapse text-sm", minWidthClassName)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-border border-b bg-surface-2/60 text-left text-muted text-xs uppercase tracking-wider">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cn("px-3 py-2.5 font-semibold", column.className)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </ListFrame>
  );
}

/** A body row of an AdminTable, lit while the pointer is over it. */
export function AdminRow(props: Omit<ComponentProps<"tr">, "className">) {
  return <tr className="transition-colors hover:bg-surface-2/50" {...props} />;
}
