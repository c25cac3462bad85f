/**
 * The list of an admin tab: a frame that dims while the list reloads, with the load error or the empty
 * message in its place (ListFrame, for any list), and the captioned table with column headers in a
 * frame that scrolls sideways (AdminTable).
 */
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";

/** A column's header: its text, or the header with its classes. */
export type AdminColumn = string | { label: ReactNode; className?: string };

/** A right-aligned column (amounts, counts). */
export const numberColumn = (label: string): AdminColumn => ({ label, className: "text-right" });

/** A column whose header only screen readers hear (a thumbnail, a badge). */
export const hiddenColumn = (label: string, className?: string): AdminColumn => ({
  label: <span className="sr-only">{label}</span>,
  className,
});

/** The last column, over each row's RowActionsCell. */
export const ACTIONS_COLUMN = numberColumn("Akcje");

/** What a screen says about its table: the caption, the columns, and the width below which it scrolls. */
export type AdminTableSpec = {
  caption: string;
  columns: readonly AdminColumn[];
  /** A literal Tailwind class such as "min-w-[52rem]": below it the frame scrolls sideways. */
  minWidthClassName: string;
};

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
}: AdminTableSpec & {
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
            {columns.map((column, index) => {
              const { label, className } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={index} scope="col" className={cn("px-3 py-2.5 font-semibold", className)}>
                  {label}
                </th>
              );
            })}
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
