import { describe, expect, it } from "vitest";
import {
  countsAgainst,
  type HeldCheckout,
  limitBreaches,
  limitBreachMessage,
  stillHolds,
  unitsHeld,
} from "./customer-limit";

const now = new Date("2026-12-04T17:05:00Z");
const later = new Date("2026-12-04T17:35:00Z");
const earlier = new Date("2026-12-04T17:04:59Z");
const DROP = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";

function checkout(over: Partial<HeldCheckout>): HeldCheckout {
  return {
    status: "open",
    paidAt: null,
    expiresAt: later,
    needsAttention: null,
    orderStatus: null,
    lines: [{ productId: DROP, quantity: 1 }],
    ...over,
  };
}

describe("the per-customer limit's counting", () => {
  it("counts open checkouts until their reservation ends, and paid ones", () => {
    expect(stillHolds(checkout({}), now)).toBe(true);
    expect(stillHolds(checkout({ expiresAt: earlier }), now)).toBe(false);
    expect(stillHolds(checkout({ expiresAt: now }), now)).toBe(false);
    expect(stillHolds(checkout({ status: "paid", paidAt: earlier, expiresAt: earlier }), now)).toBe(true);
    expect(stillHolds(checkout({ status: "paid", paidAt: earlier, orderStatus: "completed" }), now)).toBe(
      true,
    );
  });

  it("does not count released, failed or cancelled checkouts, cancelled orders, or refunded payments", () => {
    for (const status of ["expired", "cancelled", "failed"] as const) {
      expect(stillHolds(checkout({ status }), now)).toBe(false);
    }
    expect(stillHolds(checkout({ status: "paid", paidAt: earlier, orderStatus: "cancelled" }), now)).toBe(
      false,
    );
    for (const needsAttention of ["paid_stock_gone", "paid_over_limit", "paid_not_first"]) {
      expect(stillHolds(checkout({ status: "paid", paidAt: earlier, needsAttention }), now)).toBe(false);
    }
    // Any other mark is on an order that stands.
    expect(stillHolds(checkout({ status: "paid", paidAt: earlier, needsAttention: "other" }), now)).toBe(
      true,
    );
  });

  describe("who answers for a checkout (issue #42)", () => {
    const address = { emailKey: "ola@example.pl", userId: null, browser: null, emailProven: false };
    const guest = { ...address, browser: "stranger" };
    const open = { status: "open" as const, paidAt: null };
    const paid = { status: "paid" as const, paidAt: earlier };
    const owner = { emailKey: "ola@example.pl", userId: "ola", browser: "phone", emailProven: true };

    it("the same account or browser always, whatever address it typed", () => {
      const mine = { ...open, emailKey: "other@example.pl", userId: null, browser: "b1", emailProven: false };
      expect(countsAgainst(mine, { ...address, browser: "b1" })).toBe(true);
      expect(countsAgainst({ ...mine, userId: "u1", browser: null }, { ...address, userId: "u1" })).toBe(
        true,
      );
    });

    it("never a stranger's unpaid guest checkout typed with the address, for anyone", () => {
      expect(countsAgainst({ ...open, ...guest }, { ...address, browser: "mine" })).toBe(false);
      expect(countsAgainst({ ...open, ...guest }, owner)).toBe(false);
    });

    it("the address's paid checkouts and the owner's other sessions only for its proven owner", () => {
      expect(countsAgainst({ ...paid, ...guest }, owner)).toBe(true);
      expect(countsAgainst({ ...open, ...owner, browser: "laptop", userId: "ola" }, owner)).toBe(true);
      expect(countsAgainst({ ...open, ...address, userId: "ola-2", emailProven: true }, owner)).toBe(true);
      // An unproven buyer's start reads nothing of the address: it is held at payment.
      expect(countsAgainst({ ...paid, ...guest }, { ...address, browser: "mine" })).toBe(false);
      expect(
        countsAgainst({ ...paid, ...guest }, { ...owner, emailProven: false, userId: "x", browser: "y" }),
      ).toBe(false);
    });
  });

  it("adds every size of the product and nothing of another", () => {
    const held = [
      checkout({
        lines: [
          { productId: DROP, quantity: 1 },
          { productId: OTHER, quantity: 5 },
        ],
      }),
      checkout({ status: "paid", paidAt: earlier, lines: [{ productId: DROP, quantity: 1 }] }),
      checkout({ status: "expired", lines: [{ productId: DROP, quantity: 9 }] }),
    ];
    expect(unitsHeld(held, DROP, now)).toBe(2);
    expect(unitsHeld(held, OTHER, now)).toBe(5);
  });

  it("refuses what would pass the limit, with the sizes together", () => {
    const limited = [{ productId: DROP, name: "Koszulka DROP", limit: 2 }];
    const lines = [
      { productId: DROP, quantity: 1 },
      { productId: DROP, quantity: 1 },
      { productId: OTHER, quantity: 40 },
    ];
    expect(limitBreaches(lines, limited, () => 0)).toEqual([]);
    const [breach] = limitBreaches(lines, limited, () => 1);
    expect(breach).toEqual({ productId: DROP, name: "Koszulka DROP", limit: 2, held: 1, wanted: 2 });
    expect(limitBreachMessage(breach)).toBe(
      "Koszulka DROP: limit to 2 szt. na klienta, masz już 1 szt. w zamówieniach. Możesz kupić jeszcze 1 szt. — zmień ilość w koszyku.",
    );
    expect(limitBreachMessage({ ...breach, held: 2, wanted: 1 })).toBe(
      "Koszulka DROP: limit to 2 szt. na klienta, a masz już 2 szt. w zamówieniach. Nie możesz kupić kolejnych.",
    );
    expect(limitBreaches([{ productId: DROP, quantity: 3 }], limited, () => 0)).toHaveLength(1);
    expect(limitBreaches([{ productId: OTHER, quantity: 3 }], limited, () => 5)).toEqual([]);
  });
});
