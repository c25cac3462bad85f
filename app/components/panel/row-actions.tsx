/**
 * The last cell of a panel table row and its buttons: the row's actions at the right, a small
 * labelled button (Sold Out, Zdjęcia), and the pencil that edits the row, on its own page or in a
 * dialog. Each button's accessible name says which row it acts on.
 */
import { type LucideIcon, Pencil } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** What a row's edit and delete buttons call. */
export type RowHandlers = { onEdit: () => void; onDelete: () => void };

export function RowActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className="px-3 py-2">
      <div className="flex items-center justify-end gap-1">{children}</div>
    </td>
  );
}

/** A row action with a visible word (and its row in the accessible name). */
export function RowTextButton({
  label,
  ...props
}: { label: string } & Omit<ComponentProps<typeof Button>, "aria-label" | "type">) {
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      className="h-8 px-2.5"
      aria-label={label}
      {...props}
    />
  );
}

/** The pencil: a link to the row's edit page (`to`) or a button that opens its dialog (`onClick`). */
export function EditRowButton(
  props: { label: string } & ({ to: string; onClick?: never } | { onClick: () => void; to?: never }),
) {
  if (props.to !== undefined) {
    return (
      <Button asChild variant="ghost" size="icon" className="size-8">
        <Link to={props.to} aria-label={props.label}>
          <Pencil aria-hidden="true" />
        </Link>
      </Button>
    );
  }
  return <RowIconButton label={props.label} icon={Pencil} onClick={props.onClick} />;
}

/** A row action shown as an icon alone (its word, and its row, in the accessible name). */
export function RowIconButton({
  label,
  icon: Icon,
  onClick,
  disabled,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
