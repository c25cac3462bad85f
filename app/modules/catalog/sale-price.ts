/**
 * Sale prices (issue #28) and the Omnibus rule of the Polish act on informing about prices: a
 * reduction shows the lowest price of the 30 days before it. Pure, from a price history (regular
 * prices with the instant each started) and the sales that touched the item, so the shop's pages,
 * the cart, the checkout and the e-mails read one rule. Money is grosze.
 */

export const LOWEST_PRICE_WINDOW_DAYS = 30;
const DAY = 86_400_000;

export type SaleTerms = { reductionType: "percent" | "amount"; reduction: number };

/** A sale as the rule sees it: `endsAt` null = until ended. */
export type SaleWindow = SaleTerms & { id: string; startsAt: Date; endsAt: Date | null };

/** A regular price offered from `from` until the next point. */
export type RegularPricePoint = { from: Date; price: number };

/** What a visitor is shown for an item on sale. */
export type SaleBadge = {
  /** The sale price, charged while the sale runs. */
  price: number;
  /** The regular price, struck through. */
  regular: number;
  /** The reduction badge, "-20%". */
  percentOff: number;
  /** "Najniższa cena z 30 dni przed obniżką". */
  lowestPrior: number;
  /** When the sale ends (ISO), null = no end set. */
  endsAt: string | null;
};

/** The price after a sale's reduction, or null when the reduction would leave nothing to pay. */
export function reducedPrice(regular: number, terms: SaleTerms): number | null {
  const price =
    terms.reductionType === "percent"
      ? Math.round((regular * (100 - terms.reduction)) / 100)
      : regular - terms.reduction;
  return price > 0 && price < regular ? price : null;
}

/** The badge's whole percent, rounded (an amount off is shown as a percent too). */
export function percentOff(regular: number, price: number) {
  return Math.round(((regular - price) / regular) * 100);
}

function covers(sale: SaleWindow, time: number) {
  return sale.startsAt.getTime() <= time && (sale.endsAt === null || time < sale.endsAt.getTime());
}

/** The sale running at `at`: from its start (inclusive) to its end (exclusive). Latest start wins. */
export function saleAt(sales: readonly SaleWindow[], at: Date): SaleWindow | null {
  let found: SaleWindow | null = null;
  for (const sale of sales) {
    if (covers(sale, at.getTime()) && (!found || sale.startsAt > found.startsAt)) found = sale;
  }
  return found;
}

function regularAt(history: readonly RegularPricePoint[], time: number): number | null {
  let price: number | null = null;
  let from = -Infinity;
  for (const point of history) {
    const start = point.from.getTime();
    if (start <= time && start >= from) {
      price = point.price;
      from = start;
    }
  }
  return price;
}

type Segment = { from: number; to: number; price: number; reduced: boolean };

/** The price actually asked over time, from the first offer up to and including `at`. */
function priceTimeline(history: readonly RegularPricePoint[], sales: readonly SaleWindow[], at: number) {
  const first = Math.min(...history.map((point) => point.from.getTime()));
  if (!Number.isFinite(first) || first > at) return [];
  const cuts = new Set<number>([first]);
  for (const point of history) cuts.add(point.from.getTime());
  for (const sale of sales) {
    cuts.add(sale.startsAt.getTime());
    if (sale.endsAt) cuts.add(sale.endsAt.getTime());
  }
  const times = [...cuts].filter((time) => time >= first && time <= at).sort((a, b) => a - b);
  const segments: Segment[] = [];
  times.forEach((from, index) => {
    const to = times[index + 1] ?? at + 1;
    const regular = regularAt(history, from);
    if (regular === null) return;
    const sale = saleAt(sales, new Date(from));
    const reduced = sale ? reducedPrice(regular, sale) : null;
    segments.push({ from, to, price: reduced ?? regular, reduced: reduced !== null });
  });
  return segments;
}

/**
 * The lowest price of the 30 days before the reduction running at `at` started, or null when no
 * reduction runs then. The reduction starts where one unbroken stretch of sale prices began (a sale
 * deepened, or followed at once by another, is one reduction); a product offered for less than 30
 * days before it counts from its first offer; one only ever offered reduced shows its sale price.
 */
export function lowestPriorPrice(
  history: readonly RegularPricePoint[],
  sales: readonly SaleWindow[],
  at: Date,
): number | null {
  const segments = priceTimeline(history, sales, at.getTime());
  let index = segments.length - 1;
  if (index < 0 || !segments[index].reduced) return null;
  while (index > 0 && segments[index - 1].reduced && segments[index - 1].to === segments[index].from) index--;
  const reductionStart = segments[index].from;
  const windowStart = reductionStart - LOWEST_PRICE_WINDOW_DAYS * DAY;
  const before = segments.filter((segment) => segment.from < reductionStart && segment.to > windowStart);
  if (before.length === 0) return segments[segments.length - 1].price;
  return Math.min(...before.map((segment) => segment.price));
}

/** The badge for an item whose regular price is `regular` now, or null outside a sale. */
export function saleBadge(
  regular: number,
  history: readonly RegularPricePoint[],
  sales: readonly SaleWindow[],
  at: Date,
): SaleBadge | null {
  const sale = saleAt(sales, at);
  const price = sale ? reducedPrice(regular, sale) : null;
  if (!sale || price === null) return null;
  const lowest = lowestPriorPrice(history.length ? history : [{ from: at, price: regular }], sales, at);
  return {
    price,
    regular,
    percentOff: percentOff(regular, price),
    lowestPrior: lowest ?? price,
    endsAt: sale.endsAt?.toISOString() ?? null,
  };
}

/** The next instant a sale starts or ends after `at`: pages showing prices go stale then. */
export function nextSaleChange(sales: readonly Pick<SaleWindow, "startsAt" | "endsAt">[], at: Date) {
  let next: number | null = null;
  for (const sale of sales) {
    for (const instant of [sale.startsAt, sale.endsAt]) {
      const time = instant?.getTime();
      if (time !== undefined && time > at.getTime() && (next === null || time < next)) next = time;
    }
  }
  return next === null ? null : new Date(next);
}
