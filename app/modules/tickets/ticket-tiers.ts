/**
 * Which of a night's ticket types are on sale at an instant: the tier rules of issue #40, pure.
 *
 * A type is on sale when its window is open (from `salesStart`, until `salesEnd`), it has units left,
 * the night has capacity left, and — for a type that `opensAfterPrevious` — the type before it (by
 * position) is done: sold out or past its window. Units held by a checkout that expires come back to
 * their type; if that reopens an earlier tier, the later one waits again until the earlier sells out,
 * so no ticket is ever sold at an old price beyond its quota, nor a later tier before the earlier is
 * gone.
 */

export type TierInput = {
  id: string;
  name: string;
  price: number;
  quota: number;
  /** Units neither sold nor held. */
  remaining: number;
  salesStart: Date | null;
  salesEnd: Date | null;
  maxPerOrder: number;
  position: number;
  opensAfterPrevious: boolean;
};

export type TierState =
  /** Its window has not opened yet. */
  | "scheduled"
  /** It opens after the type before it, which is still selling. */
  | "waiting"
  | "on_sale"
  | "sold_out"
  /** Its window has closed with units left. */
  | "ended";

export type Tier<Input extends TierInput = TierInput> = Input & {
  state: TierState;
  /** What one order can take now: 0 unless on sale. */
  available: number;
};

export type NightSale<Input extends TierInput = TierInput> = {
  tiers: Tier<Input>[];
  /** The types a fan can buy now, by position. */
  onSale: Tier<Input>[];
  /** The first type not yet open that will open later ("Następna pula: 79 zł"). */
  next: Tier<Input> | null;
  /** When sales start, while nothing is on sale yet and a window will open. */
  opensAt: Date | null;
  /** Nothing left to sell now or later: every type sold out or ended, or the capacity gone. */
  soldOut: boolean;
};

/** The types in the order the tiers step up (position, then id for a stable tie-break). */
export function byPosition<Input extends TierInput>(types: readonly Input[]): Input[] {
  return [...types].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
}

function windowState(type: TierInput, now: Date): "before" | "open" | "after" {
  if (type.salesStart && now < type.salesStart) return "before";
  if (type.salesEnd && now >= type.salesEnd) return "after";
  return "open";
}

/** The state of every type and what can be bought, for `capacityLeft` units of the whole night. */
export function nightSale<Input extends TierInput>(
  types: readonly Input[],
  capacityLeft: number,
  now: Date,
): NightSale<Input> {
  const ordered = byPosition(types);
  const tiers: Tier<Input>[] = [];
  let previousDone = true;
  for (const type of ordered) {
    const window = windowState(type, now);
    let state: TierState;
    if (type.remaining <= 0) state = "sold_out";
    else if (window === "after") state = "ended";
    else if (type.opensAfterPrevious && !previousDone) state = "waiting";
    else if (window === "before") state = "scheduled";
    else state = "on_sale";
    const open = state === "on_sale" && capacityLeft > 0;
    tiers.push({
      ...type,
      state,
      available: open ? Math.min(type.remaining, capacityLeft, type.maxPerOrder) : 0,
    });
    // A chain steps up one tier at a time: the next type waits for this one and, when this one is
    // chained too, for every tier before it (units returned to an early tier hold back the later ones).
    const done = state === "sold_out" || state === "ended";
    previousDone = done && (!type.opensAfterPrevious || previousDone);
  }
  const capacityGone = capacityLeft <= 0;
  const onSale = capacityGone ? [] : tiers.filter((tier) => tier.state === "on_sale");
  const later = capacityGone
    ? []
    : tiers.filter((tier) => tier.state === "waiting" || tier.state === "scheduled");
  const starts = later
    .map((tier) => tier.salesStart)
    .filter((start): start is Date => start !== null && start > now)
    .sort((a, b) => a.getTime() - b.getTime());
  return {
    tiers,
    onSale,
    next: later[0] ?? null,
    opensAt: onSale.length === 0 && starts.length > 0 ? starts[0] : null,
    soldOut: onSale.length === 0 && later.length === 0,
  };
}

/**
 * Whether `quantity` units of type `typeId` may be sold now — the check a checkout makes before it
 * takes the counters (which then decide, under concurrency, whether the units are still there).
 */
export function tierRefusal<Input extends TierInput>(
  sale: NightSale<Input>,
  typeId: string,
  quantity: number,
): "unknown" | "not_on_sale" | "over_order_limit" | "short" | null {
  const tier = sale.tiers.find((candidate) => candidate.id === typeId);
  if (!tier) return "unknown";
  if (tier.state !== "on_sale") return "not_on_sale";
  if (quantity > tier.maxPerOrder) return "over_order_limit";
  if (quantity > tier.available) return "short";
  return null;
}
