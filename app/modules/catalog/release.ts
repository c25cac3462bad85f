/**
 * Drops (issue #27): a product, or one size of it, goes on sale at a release instant. Instants are
 * stored in UTC and typed in the panel in Warsaw time (`fromWarsawLocal`), so the rule itself is a
 * comparison of instants and needs nothing for a clock change; release.test.ts proves a release at
 * 02:30 on the night the clocks go back. Pure: the shop's pages, the cart, the checkout and the
 * countdown in the browser read the same rule.
 */
type Instant = Date | string | null | undefined;

function toTime(instant: Instant): number | null {
  if (instant == null) return null;
  const time = typeof instant === "string" ? Date.parse(instant) : instant.getTime();
  return Number.isNaN(time) ? null : time;
}

/** When a line of the product (with `variant`, that size) goes on sale: the later of the two; null = on sale. */
export function releaseInstant(
  product: { releaseAt: Instant },
  variant?: { releaseAt: Instant } | null,
): Date | null {
  const times = [toTime(product.releaseAt), toTime(variant?.releaseAt)].filter((t) => t !== null);
  return times.length ? new Date(Math.max(...times)) : null;
}

/** On sale from the instant itself (to the millisecond), never a moment before. */
export function isReleased(releaseAt: Instant, now: Date): boolean {
  const time = toTime(releaseAt);
  return time === null || now.getTime() >= time;
}

/** The earliest release still to come among `instants`, or null: when pages showing them go stale. */
export function nextRelease(instants: readonly Instant[], now: Date): Date | null {
  let next: number | null = null;
  for (const instant of instants) {
    const time = toTime(instant);
    if (time !== null && time > now.getTime() && (next === null || time < next)) next = time;
  }
  return next === null ? null : new Date(next);
}

export type Countdown = { days: number; hours: number; minutes: number; seconds: number };

/** What is left until `releaseAt`, in whole units (all zero once it has come). */
export function countdown(releaseAt: Instant, now: Date): Countdown {
  const left = Math.max(0, (toTime(releaseAt) ?? 0) - now.getTime());
  const seconds = Math.floor(left / 1000);
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** "3 dni 04:05:06", "1 dzień 00:00:09", "04:05:06" — the countdown as it reads on the page. */
export function formatCountdown({ days, hours, minutes, seconds }: Countdown): string {
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  if (days === 0) return clock;
  return `${days} ${days === 1 ? "dzień" : "dni"} ${clock}`;
}

export const releaseMessages = {
  soon: "Wkrótce",
  notYet: (name: string, when: string) => `${name} będzie w sprzedaży od ${when}.`,
} as const;
