import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nightSale, tierRefusal } from "./ticket-tiers";
import { hour, now, tierType as type } from "./ticket-type-fixture";

const stepUp = (remaining: [number, number, number]) => [
  type({ id: "pula-1", price: 4900, remaining: remaining[0], position: 0 }),
  type({ id: "pula-2", price: 5900, remaining: remaining[1], position: 1, opensAfterPrevious: true }),
  type({ id: "pula-3", price: 7900, remaining: remaining[2], position: 2, opensAfterPrevious: true }),
];

describe("the night's tiers", () => {
  it("sells the first tier while it lasts, the next one waits", () => {
    const sale = nightSale(stepUp([10, 100, 100]), 210, now);
    expect(sale.tiers.map((tier) => tier.state)).toEqual(["on_sale", "waiting", "waiting"]);
    expect(sale.onSale.map((tier) => tier.id)).toEqual(["pula-1"]);
    expect(sale.next?.id).toBe("pula-2");
    expect(sale.soldOut).toBe(false);
  });

  it("steps up when a tier sells out", () => {
    const sale = nightSale(stepUp([0, 100, 100]), 200, now);
    expect(sale.tiers.map((tier) => tier.state)).toEqual(["sold_out", "on_sale", "waiting"]);
    expect(sale.next?.id).toBe("pula-3");
  });

  it("steps up when a tier's window ends with units left", () => {
    const types = stepUp([40, 100, 100]);
    types[0].salesEnd = new Date(now.getTime() - hour);
    const sale = nightSale(types, 240, now);
    expect(sale.tiers.map((tier) => tier.state)).toEqual(["ended", "on_sale", "waiting"]);
  });

  it("steps back down when held units return to an earlier tier", () => {
    // Pula 1 sold out, Pula 2 opened; an expired checkout gives 2 units back to Pula 1.
    const sale = nightSale(stepUp([2, 90, 100]), 192, now);
    expect(sale.onSale.map((tier) => tier.id)).toEqual(["pula-1"]);
    expect(tierRefusal(sale, "pula-2", 1)).toBe("not_on_sale");
  });

  it("a chained tier also waits for its own window", () => {
    const types = stepUp([0, 100, 100]);
    types[1].salesStart = new Date(now.getTime() + hour);
    const sale = nightSale(types, 200, now);
    expect(sale.tiers[1].state).toBe("scheduled");
    expect(sale.onSale).toEqual([]);
    expect(sale.opensAt).toEqual(types[1].salesStart);
    expect(sale.soldOut).toBe(false);
  });

  it("before sales start: nothing on sale, the opening instant known", () => {
    const start = new Date(now.getTime() + 2 * hour);
    const sale = nightSale([type({ id: "a", salesStart: start })], 100, now);
    expect(sale.onSale).toEqual([]);
    expect(sale.opensAt).toEqual(start);
    expect(tierRefusal(sale, "a", 1)).toBe("not_on_sale");
  });

  it("the window is [start, end): open at its start, closed at its end", () => {
    const types = [type({ id: "a", salesStart: now, salesEnd: new Date(now.getTime() + hour) })];
    expect(nightSale(types, 10, now).onSale).toHaveLength(1);
    expect(nightSale(types, 10, new Date(now.getTime() + hour)).tiers[0].state).toBe("ended");
  });

  it("unchained types sell side by side", () => {
    const sale = nightSale(
      [type({ id: "normal" }), type({ id: "vip", position: 1, price: 15000 })],
      200,
      now,
    );
    expect(sale.onSale.map((tier) => tier.id)).toEqual(["normal", "vip"]);
  });

  it("the capacity caps every type together", () => {
    const sale = nightSale([type({ id: "a", remaining: 50 }), type({ id: "b", position: 1 })], 3, now);
    expect(sale.tiers.map((tier) => tier.available)).toEqual([3, 3]);
    expect(tierRefusal(sale, "a", 4)).toBe("short");
    expect(tierRefusal(sale, "a", 3)).toBeNull();
    const full = nightSale([type({ id: "a", remaining: 50 })], 0, now);
    expect(full.onSale).toEqual([]);
    expect(full.soldOut).toBe(true);
    expect(full.next).toBeNull();
  });

  it("sold out when every type is sold out or ended", () => {
    const types = stepUp([0, 0, 5]);
    types[2].salesEnd = now;
    const sale = nightSale(types, 5, now);
    expect(sale.soldOut).toBe(true);
    expect(sale.next).toBeNull();
  });

  it("refuses an unknown type and more than the order limit", () => {
    const sale = nightSale(stepUp([10, 100, 100]), 210, now);
    expect(tierRefusal(sale, "nope", 1)).toBe("unknown");
    expect(tierRefusal(sale, "pula-1", 5)).toBe("over_order_limit");
    expect(tierRefusal(sale, "pula-1", 4)).toBeNull();
  });

  it("at most one tier of a chain is on sale, and only after every earlier one is done", () => {
    const chain = fc.array(
      fc.record({
        remaining: fc.integer({ min: 0, max: 3 }),
        ended: fc.boolean(),
        chained: fc.constant(true),
      }),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(chain, fc.integer({ min: 0, max: 10 }), (specs, capacity) => {
        const types = specs.map((spec, index) =>
          type({
            id: `t${index}`,
            position: index,
            remaining: spec.remaining,
            salesEnd: spec.ended ? now : null,
            opensAfterPrevious: index > 0,
          }),
        );
        const sale = nightSale(types, capacity, now);
        expect(sale.onSale.length).toBeLessThanOrEqual(1);
        const open = sale.tiers.findIndex((tier) => tier.state === "on_sale");
        if (open >= 0) {
          for (const earlier of sale.tiers.slice(0, open))
            expect(["sold_out", "ended"]).toContain(earlier.state);
          expect(sale.tiers[open].available).toBeLessThanOrEqual(
            Math.min(capacity, sale.tiers[open].remaining),
          );
        }
      }),
    );
  });
});
