import { describe, expect, it } from "vitest";
import { acceptBlockSales, blockLeft, canSellOffline, unusedOnClose } from "./door-block";
import type { DoorSale } from "./door-types";

let n = 0;
const next = () => {
  n += 1;
  return n;
};
const sale = (quantity: number, at = next()): DoorSale => ({
  nonce: `00000000-0000-4000-8000-${String(next()).padStart(12, "0")}`,
  deviceId: "20000000-0000-4000-8000-000000000001",
  quantity,
  method: "cash",
  at,
  blockId: "30000000-0000-4000-8000-000000000001",
});

describe("the offline door block", () => {
  it("says what is left, never below zero", () => {
    expect(blockLeft({ size: 10 }, 0)).toBe(10);
    expect(blockLeft({ size: 10 }, 10)).toBe(0);
    expect(blockLeft({ size: 10 }, 12)).toBe(0);
    expect(blockLeft({ size: 10 }, -1)).toBe(0);
    expect(blockLeft({ size: 10 }, 1.5)).toBe(0);
  });

  it("lets the phone sell up to the block, counting its unsent sales", () => {
    const block = { size: 5 };
    expect(canSellOffline(block, 0, 0, 5)).toBe(true);
    expect(canSellOffline(block, 2, 2, 1)).toBe(true);
    expect(canSellOffline(block, 2, 2, 2)).toBe(false);
    expect(canSellOffline(block, 5, 0, 1)).toBe(false);
    expect(canSellOffline({ size: 0 }, 0, 0, 1)).toBe(false);
    for (const quantity of [0, -1, 1.5, 11, Number.NaN])
      expect(canSellOffline({ size: 100 }, 0, 0, quantity)).toBe(false);
    expect(canSellOffline(block, -3, 0, 5)).toBe(false);
  });

  it("on the server accepts a block's sales in time order up to its size", () => {
    const late = sale(2, 300);
    const early = sale(3, 100);
    const middle = sale(1, 200);
    expect(acceptBlockSales(5, 0, [late, early, middle])).toEqual({
      accepted: [early, middle],
      refused: [late],
    });
    expect(acceptBlockSales(5, 0, [sale(5)]).accepted).toHaveLength(1);
    expect(acceptBlockSales(5, 4, [sale(2)]).refused).toHaveLength(1);
    expect(acceptBlockSales(5, 5, [sale(1)]).accepted).toEqual([]);
    expect(acceptBlockSales(5, 0, [sale(0), sale(11), sale(-1)]).accepted).toEqual([]);
    expect(acceptBlockSales(5, -1, [sale(1)]).accepted).toEqual([]);
  });

  it("gives back on closing what was not sold", () => {
    expect(unusedOnClose(10, 3)).toBe(7);
    expect(unusedOnClose(10, 10)).toBe(0);
    expect(unusedOnClose(10, 11)).toBe(0);
  });
});
