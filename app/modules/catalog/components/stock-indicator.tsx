import { PackageX } from "lucide-react";
import { cn } from "~/lib/utils";
import { type StockTone, stockStatus } from "../catalog";

const toneText: Record<StockTone, string> = {
  green: "text-success",
  yellow: "text-warning",
  red: "text-danger",
};
const toneFill: Record<StockTone, string> = {
  green: "bg-success",
  yellow: "bg-warning",
  red: "bg-danger",
};

/** SPEC §4 stock indicator: unavailable box at 0, text and colour by threshold, bar under 10 (max 50). */
export function StockIndicator({ stock }: { stock: number }) {
  const status = stockStatus(stock);
  if (status.level === "out") {
    return (
      <div
        data-testid="stock-indicator"
        data-level="out"
        className="flex items-start gap-3 rounded-md border border-danger/40 bg-danger/10 p-4"
      >
        <PackageX className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
        <div>
          <p className="font-bold text-danger">Produkt niedostępny</p>
          <p className="text-muted text-sm">
            Ten wariant jest chwilowo wyprzedany. Sprawdź inny rozmiar lub wróć wkrótce.
          </p>
        </div>
      </div>
    );
  }
  return (
    <div
      data-testid="stock-indicator"
      data-level={status.level}
      data-tone={status.tone}
      className="grid gap-2"
    >
      <p className={cn("inline-flex items-center gap-2 font-bold text-sm", toneText[status.tone])}>
        <span aria-hidden="true" className={cn("size-2.5 rounded-full", toneFill[status.tone])} />
        {status.label}
      </p>
      {status.showBar ? (
        <div className="h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
          <div
            data-testid="stock-bar"
            className={cn("h-full rounded-full", toneFill[status.tone])}
            style={{ width: `${status.barPercent}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}
