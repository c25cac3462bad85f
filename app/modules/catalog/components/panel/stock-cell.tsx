/**
 * Inline stock edit (SPEC §5): the number is a button; editing accepts an integer of 0 or more, else
 * 'Nieprawidłowa wartość'. Enter saves, Escape cancels. Clicking away keeps the edit open, so a typed
 * value is never lost or saved by accident. A variant product's stock is the sum of its variants and
 * is changed in the product form (ARCHITECTURE).
 */
import { Check, Pencil, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { toast } from "~/components/ui/toaster";
import { cn } from "~/lib/utils";
import { parseInlineStock, productListMessages } from "../../product-list.schema";

/** A small icon button beside the stock input (save, cancel). */
function EditButton({
  label,
  onClick,
  className,
  children,
}: {
  label: string;
  onClick(): void;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn("flex size-8 items-center justify-center rounded-sm hover:bg-surface-2", className)}
    >
      {children}
    </button>
  );
}

export function StockCell({
  productName,
  stock,
  editable,
  onSave,
}: {
  productName: string;
  stock: number;
  editable: boolean;
  onSave: (value: number) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(String(stock));
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const errorId = useId();

  useEffect(() => {
    if (editing) inputRef.current?.select();
    else if (returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [editing]);

  if (!editable) {
    return (
      <span className="inline-flex items-baseline gap-1.5 tabular-nums" data-testid="stock-value">
        <span className="font-semibold">{stock}</span>
        <span className="text-muted text-xs" title={productListMessages.stockOfVariants}>
          suma wariantów
        </span>
      </span>
    );
  }

  const start = () => {
    setDraft(String(stock));
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    returnFocus.current = true;
    setEditing(false);
    setError(null);
  };
  const save = () => {
    const value = parseInlineStock(draft);
    if (value === null) {
      setError(productListMessages.invalidStock);
      toast.error(productListMessages.invalidStock);
      inputRef.current?.focus();
      return;
    }
    returnFocus.current = true;
    setEditing(false);
    setError(null);
    if (value !== stock) onSave(value);
  };

  if (!editing) {
    return (
      <button
        ref={buttonRef}
        type="button"
        onClick={start}
        aria-label={`Zmień stan magazynowy: ${productName}, obecnie ${stock}`}
        data-testid="stock-value"
        className={cn(
          "group inline-flex min-w-16 cursor-pointer items-center gap-2 rounded-sm border border-transparent px-2 py-1 tabular-nums",
          "hover:border-border hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent",
        )}
      >
        <span className="font-semibold">{stock}</span>
        <Pencil aria-hidden="true" className="size-3.5 text-muted opacity-60 group-hover:opacity-100" />
      </button>
    );
  }

  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-1">
        <input
          ref={inputRef}
          type="text"
          inputMode="numeric"
          value={draft}
          aria-label={`Stan magazynowy: ${productName}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              save();
            } else if (event.key === "Escape") {
              event.preventDefault();
              cancel();
            }
          }}
          className={cn(
            "h-8 w-20 rounded-sm border border-accent bg-background px-2 text-sm tabular-nums outline-hidden",
            "focus-visible:ring-2 focus-visible:ring-accent/30 aria-invalid:border-danger",
          )}
        />
        <EditButton label="Zapisz stan" onClick={save} className="text-success">
          <Check aria-hidden="true" className="size-4" />
        </EditButton>
        <EditButton label="Anuluj zmianę stanu" onClick={cancel} className="text-muted hover:text-foreground">
          <X aria-hidden="true" className="size-4" />
        </EditButton>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="font-medium text-danger text-xs">
          {error}
        </p>
      ) : null}
    </div>
  );
}
