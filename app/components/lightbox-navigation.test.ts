import { describe, expect, it } from "vitest";
import { neighbourIndexes, positionLabel, swipeDirection, wrapIndex } from "./lightbox-navigation";

describe("lightbox navigation", () => {
  it("wraps around both ends", () => {
    expect(wrapIndex(10, 10)).toBe(0);
    expect(wrapIndex(-1, 10)).toBe(9);
    expect(wrapIndex(4, 10)).toBe(4);
    expect(wrapIndex(-11, 10)).toBe(9);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it("preloads the neighbours, wrapping too", () => {
    expect(neighbourIndexes(0, 10)).toEqual([9, 1]);
    expect(neighbourIndexes(9, 10)).toEqual([8, 0]);
    expect(neighbourIndexes(0, 2)).toEqual([1]);
    expect(neighbourIndexes(0, 1)).toEqual([]);
  });

  it("labels the position from 1", () => {
    expect(positionLabel(0, 10)).toBe("1 / 10");
    expect(positionLabel(9, 10)).toBe("10 / 10");
  });

  it("reads horizontal swipes only", () => {
    expect(swipeDirection(-80, 10)).toBe("next");
    expect(swipeDirection(80, -5)).toBe("previous");
    expect(swipeDirection(30, 0)).toBeNull();
    expect(swipeDirection(-80, 120)).toBeNull();
  });
});
