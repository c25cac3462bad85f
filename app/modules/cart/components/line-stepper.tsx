/**
 * A cart line's "−", count and "+" and its bin (merch and tickets alike), and the one-line form each
 * control is:
 * a plain form posting its intent to the cart's action (works without scripts), the fetcher's once
 * hydrated. No client code of its own: the landing page's JS budget is tight.
 */
import { Minus, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { type CartFetcher, CartFormFields, submitAtOnce } from "../cart-forms-client";
import { CART_ACTION, type CartIntent } from "../cart-view";

/** The hidden field naming the line: a merch line's `line`, a ticket line's `ticketLine`. */
export type LineField = "line" | "ticketLine";

const stepButton = cn(
  "inline-flex size-9 shrink-0 cursor-pointer items-center justify-center text-foreground transition-colors",
  "hover:bg-surface-2 hover:text-accent disabled:cursor-not-allowed disabled:opacity-40",
  "outline-hidden focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent",
);

/** A form about one line (its id in `field`): a plain form before hydration, the fetcher's after. */
export function LineForm({
  fetcher,
  intent,
  field,
  line,
  className,
  children,
}: {
  fetcher: CartFetcher;
  intent: CartIntent;
  field: LineField;
  line: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post" action={CART_ACTION} className={className} onSubmit={submitAtOnce(fetcher)}>
      <CartFormFields intent={intent} />
      <input type="hidden" name={field} value={line} />
      {children}
    </fetcher.Form>
  );
}

type StepForm = { fetcher: CartFetcher; intent: CartIntent };

/** The bin at a line's top right corner: removes the whole line. */
export function RemoveLineButton({
  form,
  field,
  line,
  label,
  testId,
}: {
  form: StepForm;
  field: LineField;
  line: string;
  label: string;
  testId: string;
}) {
  return (
    <LineForm {...form} field={field} line={line}>
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        className="-mt-2 -mr-2 size-10 text-muted hover:text-danger"
        aria-label={label}
        data-testid={testId}
      >
        <Trash2 aria-hidden="true" className="size-5" />
      </Button>
    </LineForm>
  );
}

/** At one, "−" removes the line (its own intent); "+" is disabled at `max`. */
export function LineStepper({
  quantity,
  max,
  quantityForm,
  removeForm,
  field,
  line,
  labels,
  testId,
  valueTestId,
}: {
  quantity: number;
  max: number;
  quantityForm: StepForm;
  removeForm: StepForm;
  field: LineField;
  line: string;
  labels: { remove: string; less: string; more: string; count: string };
  testId?: string;
  valueTestId: string;
}) {
  return (
    <div
      className="inline-flex items-stretch rounded-sm border border-border bg-surface"
      data-testid={testId}
    >
      {quantity <= 1 ? (
        <LineForm {...removeForm} field={field} line={line} className="contents">
          <button type="submit" className={stepButton} aria-label={labels.remove}>
            <Minus className="size-4" aria-hidden="true" />
          </button>
        </LineForm>
      ) : (
        <LineForm {...quantityForm} field={field} line={line} className="contents">
          <button
            type="submit"
            name="quantity"
            value={quantity - 1}
            className={stepButton}
            aria-label={labels.less}
          >
            <Minus className="size-4" aria-hidden="true" />
          </button>
        </LineForm>
      )}
      <output
        className="flex w-12 items-center justify-center border-border border-x font-bold text-sm tabular-nums"
        aria-label={labels.count}
        data-testid={valueTestId}
      >
        {quantity}
      </output>
      <LineForm {...quantityForm} field={field} line={line} className="contents">
        <button
          type="submit"
          name="quantity"
          value={quantity + 1}
          className={stepButton}
          disabled={quantity >= max}
          aria-label={labels.more}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </LineForm>
    </div>
  );
}
