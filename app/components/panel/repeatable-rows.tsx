/**
 * A page form's list of rows (a product's variants, an event's timetable and FAQ): each row drawn by
 * the form that owns it, with Conform's buttons to add a row, move one and remove one. They are
 * submit buttons with Conform's intent, so before hydration the server answers them by re-rendering
 * the form with the row added, moved or removed and everything typed kept.
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { type ComponentProps, Fragment, type ReactNode } from "react";
import type { Button } from "~/components/ui/button";
import { FormRowList, RowButton } from "./form-rows";

type ButtonProps = ComponentProps<typeof Button>;

/** The buttons of one row: Conform's props for moving it up, down and removing it. */
export type RowControls = {
  index: number;
  moveUp: ButtonProps;
  moveDown: ButtonProps;
  remove: ButtonProps;
};

// biome-ignore lint/suspicious/noExplicitAny: a form of any schema (each form's own is checked where it is built)
type ListForm = Pick<FormMetadata<any, string[]>, "insert" | "remove" | "reorder">;

/** The list field (`fields.variants`…): its rows, each with its own fields. */
type RowList<Row> = Pick<FieldMetadata<unknown[]>, "errorId" | "errors"> & {
  name: string;
  getFieldList: () => { key: string | undefined; getFieldset: () => Row }[];
};

export function RepeatableRows<Row>({
  form,
  list,
  newRow,
  addLabel,
  emptyText,
  frame = (rows) => <ol className="grid gap-3">{rows}</ol>,
  children,
}: {
  form: ListForm;
  list: RowList<Row>;
  /** The values of an added row. */
  newRow: Record<string, string>;
  addLabel: string;
  /** Shown instead of the rows when there are none. */
  emptyText: string;
  /** What holds the rows: a numbered list unless a form draws a table. */
  frame?: (rows: ReactNode) => ReactNode;
  /** One row (its `<li>` or `<tr>`) from its fields and its buttons' props. */
  children: (row: Row, controls: RowControls) => ReactNode;
}) {
  const items = list.getFieldList();
  const { name } = list;
  return (
    <FormRowList
      count={items.length}
      emptyText={emptyText}
      list={list}
      add={form.insert.getButtonProps<Record<string, string>[]>({ name, defaultValue: newRow })}
      addLabel={addLabel}
    >
      {frame(
        items.map((item, index) => (
          <Fragment key={item.key}>
            {children(item.getFieldset(), {
              index,
              moveUp: {
                disabled: index === 0,
                ...form.reorder.getButtonProps({ name, from: index, to: index - 1 }),
              },
              moveDown: {
                disabled: index === items.length - 1,
                ...form.reorder.getButtonProps({ name, from: index, to: index + 1 }),
              },
              remove: form.remove.getButtonProps({ name, index }),
            })}
          </Fragment>
        )),
      )}
    </FormRowList>
  );
}

/** A row's icon buttons: move up, move down and remove, each named after the row (`label`). */
export function RowOrderButtons({ label, controls }: { label: string; controls: RowControls }) {
  return (
    <div className="flex gap-1">
      <RowButton label={`Przesuń w górę — ${label}`} {...controls.moveUp}>
        <ArrowUp aria-hidden="true" />
      </RowButton>
      <RowButton label={`Przesuń w dół — ${label}`} {...controls.moveDown}>
        <ArrowDown aria-hidden="true" />
      </RowButton>
      <RowButton label={`Usuń — ${label}`} danger {...controls.remove}>
        <Trash2 aria-hidden="true" />
      </RowButton>
    </div>
  );
}
