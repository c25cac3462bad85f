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

  it("treats a block of no size, a broken size and a broken count as nothing to sell", () => {
    expect(blockLeft({ size: 0 }, 0)).toBe(0);
    for (const size of [-5, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(blockLeft({ size }, 0)).toBe(0);
      expect(canSellOffline({ size }, 0, 0, 1)).toBe(false);
      expect(acceptBlockSales(size, 0, [sale(1)]).accepted).toEqual([]);
      expect(unusedOnClose(size, 0)).toBe(0);
    }
    expect(canSellOffline({ size: 5 }, 0, 0.5, 1)).toBe(false);
    expect(canSellOffline({ size: 5 }, 0, -1, 1)).toBe(false);
    expect(unusedOnClose(0, 0)).toBe(0);
    expect(unusedOnClose(10, -1)).toBe(0);
    expect(unusedOnClose(10, 2.5)).toBe(0);
  });

  it("sells the most a sale may hold, and not one more", () => {
    expect(canSellOffline({ size: 20 }, 0, 0, 10)).toBe(true);
    expect(canSellOffline({ size: 20 }, 0, 0, 11)).toBe(false);
    expect(canSellOffline({ size: 10 }, 4, 6, 1)).toBe(false);
    expect(canSellOffline({ size: 10 }, 4, 5, 1)).toBe(true);
  });

  it("fills a block exactly, refuses the sale one over, and still takes a later sale that fits", () => {
    const exact = [sale(4, 10), sale(6, 20)];
    expect(acceptBlockSales(10, 0, exact)).toEqual({ accepted: exact, refused: [] });
    const over = sale(3, 30);
    const fits = sale(1, 40);
    expect(acceptBlockSales(10, 6, [fits, over])).toEqual({ accepted: [over, fits], refused: [] });
    expect(acceptBlockSales(10, 7, [fits, over])).toEqual({ accepted: [over], refused: [fits] });
    expect(acceptBlockSales(10, 8, [over, fits])).toEqual({ accepted: [fits], refused: [over] });
    expect(acceptBlockSales(10, 12, [fits])).toEqual({ accepted: [], refused: [fits] });
    expect(acceptBlockSales(10, 0, [])).toEqual({ accepted: [], refused: [] });
  });

  it("orders sales of the same millisecond by nonce, whatever order the phone sent them in", () => {
    const a = { ...sale(3, 50), nonce: "a" };
    const b = { ...sale(3, 50), nonce: "b" };
    expect(acceptBlockSales(4, 0, [b, a])).toEqual({ accepted: [a], refused: [b] });
  });
});
