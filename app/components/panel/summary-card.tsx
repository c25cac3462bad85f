import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/utils";

export function SummaryCard({
  label,
  value,
  hint,
  icon: Icon,
  tone = "default",
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  icon: LucideIcon;
  tone?: "default" | "accent" | "hot" | "success";
  testId?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-lg border border-border bg-surface p-4">
      <div className="min-w-0">
        <p className="font-semibold text-muted text-xs uppercase tracking-wider">{label}</p>
        <p
          className="mt-1 whitespace-nowrap font-bold text-xl tabular-nums tracking-tight sm:text-2xl lg:text-3xl"
          data-testid={testId}
        >
          {value}
        </p>
        {hint ? <p className="mt-0.5 text-muted text-xs">{hint}</p> : null}
      </div>
      <span
        aria-hidden="true"
        className={cn(
          "hidden size-9 shrink-0 items-center justify-center rounded-md sm:flex",
          tone === "accent" && "bg-accent/15 text-accent",
          tone === "hot" && "bg-hot/15 text-hot",
          tone === "success" && "bg-success/15 text-success",
          tone === "default" && "bg-surface-2 text-foreground",
        )}
      >
        <Icon className="size-5" />
      </span>
    </div>
  );
}

export type SummaryCardProps = Parameters<typeof SummaryCard>[0];

/** A tab's row of summary cards (two per row on a phone, four on a wide screen). */
export function SummaryCards({ cards, testId }: { cards: readonly SummaryCardProps[]; testId?: string }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid={testId}>
      {cards.map((card) => (
        <SummaryCard key={card.label} {...card} />
      ))}
    </div>
  );
}
