/**
 * The editable lists of a page form (a product's variants, an event's timetable and FAQ): the rows or
 * a line saying there are none, the list's own error and the button that adds a row, and the rows'
 * icon buttons. The buttons are Conform's list buttons (insert, reorder, remove).
 */
import { Plus } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "~/components/ui/button";

export function FormRowList({
  count,
  emptyText,
  list,
  add,
  addLabel,
  children,
}: {
  /** How many rows there are; none shows `emptyText` instead of `children`. */
  count: number;
  emptyText: string;
  list: { errorId: string; errors?: string[] };
  add: ComponentProps<typeof Button>;
  addLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      {count ? children : <p className="text-muted text-sm">{emptyText}</p>}
      {list.errors?.length ? (
        <p role="alert" id={list.errorId} className="font-medium text-danger text-sm">
          {list.errors[0]}
        </p>
      ) : null}
      <div>
        <Button variant="secondary" size="sm" {...add}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      </div>
    </>
  );
}

/** A row's icon button (move, remove). */
export function RowButton({
  label,
  danger = false,
  ...props
}: { label: string; danger?: boolean } & Omit<ComponentProps<typeof Button>, "aria-label">) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={danger ? "size-9 text-danger hover:text-danger" : "size-9"}
      aria-label={label}
      {...props}
    />
  );
}
