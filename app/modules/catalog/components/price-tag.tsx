import { Badge } from "~/components/ui/badge";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import { lowestPriorText, percentOffText, priceNow, REGULAR_PRICE_LABEL } from "../price-labels";
import type { SaleBadge } from "../sale-price";

type Size = "sm" | "md" | "lg";

const struckSize: Record<Size, string> = { sm: "text-xs", md: "text-sm", lg: "text-xl" };
const badgeSize: Record<Size, string> = {
  sm: "px-1.5 text-[0.65rem]",
  md: "px-1.5",
  lg: "text-sm",
};
const lowestSize: Record<Size, string> = { sm: "text-xs", md: "text-xs", lg: "text-sm" };

/**
 * A price as a visitor reads it (issue #28). Outside a sale: the price alone. During one: the sale price
 * highlighted, the regular price struck through (read as "Cena regularna: …"), the reduction badge
 * ("-20%") and "Najniższa cena z 30 dni przed obniżką: …". Pure rendering, every figure from the server.
 */
export function PriceTag({
  price,
  sale,
  size = "md",
  priceClassName,
  unit,
  testId,
  stacked = false,
  showLowest = true,
  className,
}: {
  /** What it costs outside a sale, in grosze; while `sale` is set its price and regular price are shown. */
  price: number;
  sale: SaleBadge | null | undefined;
  /** How large the struck price, the badge and the lowest-price line are. */
  size?: Size;
  /** The current price's own look (size, weight, colour outside a sale). */
  priceClassName?: string;
  /** After the current price, e.g. " / szt.". */
  unit?: string;
  /** `data-testid` of the current price (its text is the price alone, plus `unit`). */
  testId?: string;
  /** Price, struck price and badge one under another, aligned right (a narrow column). */
  stacked?: boolean;
  /** False where the caller places `LowestPriorPrice` itself. */
  showLowest?: boolean;
  className?: string;
}) {
  const current = (
    <span className={cn("tabular-nums", priceClassName, sale && "text-hot")} data-testid={testId}>
      {formatPrice(priceNow(price, sale))}
      {unit}
    </span>
  );
  if (!sale) return <p className={className}>{current}</p>;
  return (
    <div className={cn("grid gap-1", className)}>
      <p
        className={cn(
          "flex flex-wrap items-baseline gap-x-1.5 gap-y-1",
          stacked && "flex-col items-end gap-y-0.5",
        )}
      >
        {current} <RegularPrice regular={sale.regular} className={struckSize[size]} />{" "}
        <PercentOffBadge percent={sale.percentOff} className={badgeSize[size]} />
      </p>
      {showLowest ? <LowestPriorPrice sale={sale} className={lowestSize[size]} /> : null}
    </div>
  );
}

/** The regular price struck through; screen readers hear "Cena regularna: …" (no strike is announced). */
function RegularPrice({ regular, className }: { regular: number; className?: string }) {
  return (
    <span className={cn("text-muted tabular-nums", className)}>
      <span className="sr-only">{REGULAR_PRICE_LABEL} </span>
      <s>{formatPrice(regular)}</s>
    </span>
  );
}

/** The reduction badge, "-20%". */
function PercentOffBadge({ percent, className }: { percent: number; className?: string }) {
  return (
    <Badge variant="hot" className={cn("tabular-nums", className)}>
      {percentOffText(percent)}
    </Badge>
  );
}

/** "Najniższa cena z 30 dni przed obniżką: 119,99 zł", small and muted. */
export function LowestPriorPrice({
  sale,
  className,
}: {
  sale: Pick<SaleBadge, "lowestPrior">;
  className?: string;
}) {
  return (
    <p className={cn("text-muted text-xs leading-snug", className)}>{lowestPriorText(sale.lowestPrior)}</p>
  );
}
