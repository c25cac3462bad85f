import { Minus, Plus } from "lucide-react";
import { useId } from "react";
import { useTypedBeforeHydration } from "~/components/enhanced-field";
import { HiddenLabel } from "~/components/ui/label";
import { cn, NEEDS_SCRIPT } from "~/lib/utils";

/** − [n] + with keyboard-typable input; clamps to [min, max]. */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  label = "Ilość",
  size = "default",
  disabled = false,
  decreaseLabel = "Zmniejsz ilość",
  increaseLabel = "Zwiększ ilość",
  allowBelowMin = false,
  name,
  testId,
}: {
  value: number;
  onChange(next: number): void;
  min?: number;
  max: number;
  label?: string;
  size?: "default" | "sm";
  disabled?: boolean;
  decreaseLabel?: string;
  increaseLabel?: string;
  /** The − button stays enabled at `min` and reports `min - 1` (the cart removes the line at 0). */
  allowBelowMin?: boolean;
  /** The input's form field name (the value is sent with its form, also without scripts). */
  name?: string;
  testId?: string;
}) {
  const id = useId();
  const clamp = (next: number) => Math.min(Math.max(next, min), Math.max(min, max));
  const field = useTypedBeforeHydration(String(value), (typed) => {
    const next = Number.parseInt(typed, 10);
    if (Number.isFinite(next)) onChange(clamp(next));
  });
  const button = cn(
    "inline-flex shrink-0 cursor-pointer items-center justify-center text-foreground transition-colors",
    "hover:bg-surface-2 hover:text-accent disabled:cursor-not-allowed disabled:opacity-40",
    "outline-hidden focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent",
    size === "sm" ? "size-9" : "size-11",
    // − and + need the script; without it the field takes the number as typed.
    NEEDS_SCRIPT,
  );
  return (
    <div
      className={cn(
        "inline-flex items-stretch rounded-sm border border-border bg-surface",
        disabled && "opacity-50",
      )}
      data-testid={testId}
    >
      <button
        type="button"
        className={button}
        aria-label={decreaseLabel}
        disabled={disabled || (!allowBelowMin && value <= min)}
        onClick={() => onChange(allowBelowMin && value <= min ? min - 1 : clamp(value - 1))}
      >
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <HiddenLabel htmlFor={id}>{label}</HiddenLabel>
      <input
        ref={field}
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const next = Number.parseInt(event.target.value, 10);
          if (Number.isFinite(next)) onChange(clamp(next));
        }}
        className={cn(
          "w-12 border-border border-x bg-transparent text-center font-bold tabular-nums",
          "[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none",
          "outline-hidden focus-visible:bg-surface-2",
          size === "sm" ? "text-sm" : "text-base",
        )}
      />
      <button
        type="button"
        className={button}
        aria-label={increaseLabel}
        disabled={disabled || value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
