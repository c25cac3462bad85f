import { describe, expect, it } from "vitest";
import {
  nextTierText,
  nextWindowEdge,
  nightTicketsView,
  offerAvailability,
  perCustomerText,
  quantityChoices,
} from "./night-tickets";
import { nightSale, type TierInput } from "./ticket-tiers";
import { hour, now, tierType as type } from "./ticket-type-fixture";

const tiers = (remaining: [number, number, number], start: Date | null = null) => [
  type({ id: "early", price: 4900, remaining: remaining[0], position: 0, salesStart: start }),
  type({ id: "pula-1", price: 5900, remaining: remaining[1], position: 1, opensAfterPrevious: true }),
  type({ id: "pula-2", price: 7900, remaining: remaining[2], position: 2, opensAfterPrevious: true }),
];

const view = (types: TierInput[], capacityLeft: number, max: number | null = null) =>
  nightTicketsView(nightSale(types, capacityLeft, now), max, now);

describe("what a fan sees of a night's tickets", () => {
  it("shows each type in order: the sold-out struck, the one on sale with its quantities, the next", () => {
    const shown = view(tiers([0, 3, 100]), 103, 2);
    expect(shown.types.map((t) => [t.id, t.shown, t.maxQuantity])).toEqual([
      ["early", "sold_out", 0],
      ["pula-1", "on_sale", 2],
      ["pula-2", "waiting", 0],
    ]);
    expect(shown.next).toEqual({ name: "pula-2", price: 7900 });
    expect(shown.soldOut).toBe(false);
    expect(shown.opensAt).toBeNull();
    expect(shown.maxPerCustomer).toBe(2);
    expect(shown.renderedAt).toBe(now.toISOString());
  });

  it("offers at most what is left, the type's max per order and the night's capacity", () => {
    expect(view(tiers([3, 100, 100]), 300).types[0]?.maxQuantity).toBe(3);
    expect(view(tiers([100, 100, 100]), 300).types[0]?.maxQuantity).toBe(4);
    expect(view(tiers([100, 100, 100]), 1).types[0]?.maxQuantity).toBe(1);
    expect(quantityChoices({ maxQuantity: 3 })).toEqual([1, 2, 3]);
    expect(quantityChoices({ maxQuantity: 0 })).toEqual([]);
  });

  it("before sales open: nothing on sale, the instant of the countdown", () => {
    const start = new Date(now.getTime() + 2 * hour);
    const shown = view(tiers([100, 100, 100], start), 300);
    expect(shown.types.map((t) => t.shown)).toEqual(["scheduled", "waiting", "waiting"]);
    expect(shown.opensAt).toBe(start.toISOString());
    expect(shown.types[0]?.salesStart).toBe(start.toISOString());
    expect(shown.soldOut).toBe(false);
  });

  it("everything gone, or the night's capacity gone: sold out, nothing to add, no next tier", () => {
    const gone = view(tiers([0, 0, 0]), 50);
    expect(gone.soldOut).toBe(true);
    expect(gone.types.every((t) => t.shown === "sold_out" && t.maxQuantity === 0)).toBe(true);
    const full = view(tiers([10, 100, 100]), 0);
    expect(full.soldOut).toBe(true);
    expect(full.next).toBeNull();
    expect(full.types.map((t) => t.shown)).toEqual(["sold_out", "sold_out", "sold_out"]);
  });

  it("maps each state to the Offer's availability", () => {
    expect(offerAvailability("on_sale")).toBe("https://schema.org/InStock");
    expect(offerAvailability("sold_out")).toBe("https://schema.org/SoldOut");
    expect(offerAvailability("ended")).toBe("https://schema.org/SoldOut");
    expect(offerAvailability("scheduled")).toBe("https://schema.org/PreOrder");
    expect(offerAvailability("waiting")).toBe("https://schema.org/PreOrder");
  });

  it("the next window edge after now is when the page changes by itself", () => {
    const soon = new Date(now.getTime() + hour);
    const later = new Date(now.getTime() + 3 * hour);
    expect(
      nextWindowEdge(
        [
          { salesStart: new Date(now.getTime() - hour), salesEnd: later },
          { salesStart: soon, salesEnd: null },
          { salesStart: now, salesEnd: null },
        ],
        now,
      ),
    ).toEqual(soon);
    expect(nextWindowEdge([{ salesStart: null, salesEnd: null }], now)).toBeNull();
  });

  it("says the per-customer limit in Polish", () => {
    expect(perCustomerText(1)).toBe("Maks. 1 bilet na osobę");
    expect(perCustomerText(4)).toBe("Maks. 4 bilety na osobę");
    expect(perCustomerText(6)).toBe("Maks. 6 biletów na osobę");
    expect(nextTierText("79,00\u00a0zł")).toBe("Następna pula: 79,00\u00a0zł");
  });
});
