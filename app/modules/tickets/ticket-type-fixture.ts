/** The unit tests' ticket type (a tier's input): a pool of 100 at 59 zł, on sale with no window. */
import type { TierInput } from "./ticket-tiers";

/** The tests' clock: a December noon, before the nights they sell. */
export const now = new Date("2026-12-01T12:00:00Z");
export const hour = 3_600_000;

/** A type named after its id, with anything the test says. */
export function tierType(overrides: Partial<TierInput> & { id: string }): TierInput {
  return {
    name: overrides.id,
    price: 5900,
    quota: 100,
    remaining: 100,
    salesStart: null,
    salesEnd: null,
    maxPerOrder: 4,
    position: 0,
    opensAfterPrevious: false,
    ...overrides,
  };
}
