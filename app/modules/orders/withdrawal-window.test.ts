import { describe, expect, it } from "vitest";
import { DomainError } from "~/lib/domain-error";
import {
  checkWithdrawalLines,
  closedWindowError,
  withdrawableLines,
  withdrawalDeadline,
  withdrawalMessages,
  withdrawalWindow,
} from "./withdrawal-window";

const order = (over: Partial<Parameters<typeof withdrawalWindow>[0]> = {}) => ({
  status: "completed" as const,
  deliveredAt: null,
  completedAt: null,
  ...over,
});

describe("withdrawal deadline (14 Warsaw calendar days, the delivery day not counted)", () => {
  it("ends at 23:59:59.999 Warsaw time of the 14th day after delivery (winter, UTC+1)", () => {
    // Delivered 3 Nov 2026 at 10:00 Warsaw → last day 17 Nov, until 23:59:59.999 CET.
    expect(withdrawalDeadline(new Date("2026-11-03T09:00:00Z")).toISOString()).toBe(
      "2026-11-17T22:59:59.999Z",
    );
  });

  it("counts the Warsaw date, not the UTC one (delivered 00:30 Warsaw = the evening before in UTC)", () => {
    // 2026-11-03T23:30Z is 4 Nov 00:30 in Warsaw → last day 18 Nov.
    expect(withdrawalDeadline(new Date("2026-11-03T23:30:00Z")).toISOString()).toBe(
      "2026-11-18T22:59:59.999Z",
    );
  });

  it("crosses the autumn clock change (delivered in CEST, ends in CET) and a month end", () => {
    // Delivered 20 Oct 2026 (CEST) → last day 3 Nov (CET).
    expect(withdrawalDeadline(new Date("2026-10-20T08:00:00Z")).toISOString()).toBe(
      "2026-11-03T22:59:59.999Z",
    );
  });

  it("crosses the spring clock change and a year end", () => {
    expect(withdrawalDeadline(new Date("2026-03-20T12:00:00Z")).toISOString()).toBe(
      "2026-04-03T21:59:59.999Z",
    );
    expect(withdrawalDeadline(new Date("2026-12-25T12:00:00Z")).toISOString()).toBe(
      "2027-01-08T22:59:59.999Z",
    );
  });
});

describe("withdrawal window", () => {
  const delivered = new Date("2026-11-03T09:00:00Z");

  it("is closed before delivery or completion", () => {
    expect(withdrawalWindow(order({ status: "processing" }), delivered)).toEqual({
      open: false,
      reason: "not-delivered",
      deadline: null,
    });
  });

  it("runs from delivery, else from completion", () => {
    const fromDelivery = withdrawalWindow(
      order({ deliveredAt: delivered, completedAt: new Date("2026-11-10T09:00:00Z") }),
      new Date("2026-11-17T22:59:59.999Z"),
    );
    expect(fromDelivery).toEqual({ open: true, deadline: new Date("2026-11-17T22:59:59.999Z") });
    const fromCompletion = withdrawalWindow(
      order({ completedAt: delivered }),
      new Date("2026-11-10T00:00:00Z"),
    );
    expect(fromCompletion.open).toBe(true);
  });

  it("is open on the 14th day until midnight and closed a millisecond later", () => {
    expect(
      withdrawalWindow(order({ deliveredAt: delivered }), new Date("2026-11-17T22:59:59.999Z")).open,
    ).toBe(true);
    const after = withdrawalWindow(order({ deliveredAt: delivered }), new Date("2026-11-17T23:00:00Z"));
    expect(after).toMatchObject({ open: false, reason: "expired" });
    if (after.open) throw new Error("expected closed");
    expect(closedWindowError(after)).toMatchObject({ message: withdrawalMessages.expired, status: 409 });
  });

  it("is closed for a cancelled order, delivered or not", () => {
    const window = withdrawalWindow(order({ status: "cancelled", deliveredAt: delivered }), delivered);
    expect(window).toMatchObject({ open: false, reason: "cancelled" });
    if (window.open) throw new Error("expected closed");
    expect(closedWindowError(window).message).toBe(withdrawalMessages.cancelled);
  });
});

const items = [
  { id: "a", name: "Bluza", size: "M", quantity: 2, refundedQuantity: 0 },
  { id: "b", name: "Naklejki", size: null, quantity: 3, refundedQuantity: 1 },
];

describe("withdrawable lines", () => {
  it("leaves out units refunded or claimed by open withdrawals", () => {
    const lines = withdrawableLines(items, [{ lines: [{ orderItemId: "a", quantity: 1 }] }]);
    expect(lines.map((line) => [line.orderItemId, line.available])).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
  });

  it("never goes below zero", () => {
    const lines = withdrawableLines(items, [{ lines: [{ orderItemId: "b", quantity: 3 }] }]);
    expect(lines[1].available).toBe(0);
  });
});

describe("checking a withdrawal request", () => {
  const available = withdrawableLines(items, []);

  it("keeps the lines with units, sums repeats, drops zeros, in the order's order", () => {
    expect(
      checkWithdrawalLines(available, [
        { orderItemId: "b", quantity: 1 },
        { orderItemId: "a", quantity: 0 },
        { orderItemId: "b", quantity: 1 },
      ]),
    ).toEqual([{ orderItemId: "b", quantity: 2 }]);
  });

  it("refuses nothing chosen, a line of another order, negative or fractional units", () => {
    const refusal = (lines: { orderItemId: string; quantity: number }[]) => {
      try {
        checkWithdrawalLines(available, lines);
      } catch (error) {
        if (error instanceof DomainError) return [error.status, error.message];
      }
      return null;
    };
    expect(refusal([{ orderItemId: "a", quantity: 0 }])).toEqual([400, withdrawalMessages.noLines]);
    expect(refusal([{ orderItemId: "x", quantity: 1 }])).toEqual([400, withdrawalMessages.foreignLine]);
    expect(refusal([{ orderItemId: "a", quantity: -1 }])).toEqual([400, withdrawalMessages.noLines]);
    expect(refusal([{ orderItemId: "a", quantity: 1.5 }])).toEqual([400, withdrawalMessages.noLines]);
    expect(refusal([{ orderItemId: "a", quantity: 3 }])).toEqual([
      400,
      withdrawalMessages.tooMany("Bluza (rozmiar M)"),
    ]);
  });

  it("refuses units withdrawn already (409) and says so when nothing is left", () => {
    const claimed = withdrawableLines(items, [{ lines: [{ orderItemId: "a", quantity: 2 }] }]);
    expect(() => checkWithdrawalLines(claimed, [{ orderItemId: "a", quantity: 1 }])).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    const none = withdrawableLines(items, [
      {
        lines: [
          { orderItemId: "a", quantity: 2 },
          { orderItemId: "b", quantity: 2 },
        ],
      },
    ]);
    expect(() => checkWithdrawalLines(none, [])).toThrow(withdrawalMessages.nothingLeft);
  });
});
