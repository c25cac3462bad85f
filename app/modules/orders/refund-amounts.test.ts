import { describe, expect, it } from "vitest";
import { DomainError } from "~/lib/domain-error";
import { computeCartTotals } from "~/modules/cart/totals";
import { discountEffect } from "~/modules/discounts/discount";
import {
  fullRefundRequest,
  priceRefund,
  quoteRefund,
  type RefundItemFigures,
  refundErrors,
  spreadDiscount,
  unitsWorth,
  unrefundedUnits,
  withdrawalDeliveryCap,
} from "./refund-amounts";

const item = (
  id: string,
  pricePerUnit: number,
  quantity: number,
  refundedQuantity = 0,
): RefundItemFigures => ({
  id,
  productName: `Produkt ${id}`,
  size: null,
  quantity,
  pricePerUnit,
  refundedQuantity,
});

/** An order priced the way the checkout prices it (cart totals), from its items and discount. */
function order(
  items: RefundItemFigures[],
  discount: { discountAmount: number; freeShipping: boolean } | null,
) {
  const subtotal = items.reduce((sum, line) => sum + line.pricePerUnit * line.quantity, 0);
  const totals = computeCartTotals({ subtotal, discount, deliveryMethod: "courier" });
  return {
    subtotal,
    discountAmount: totals.discountAmount,
    deliveryCost: totals.deliveryCost,
    totalAmount: totals.total,
    refundedAmount: 0,
  };
}

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

describe("spreadDiscount", () => {
  it("gives every grosz of the discount to some line, in proportion, none above its value", () => {
    const values = [3333, 3333, 3334, 1];
    const shares = spreadDiscount(values, 1001);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1001);
    shares.forEach((share, index) => {
      expect(share).toBeGreaterThanOrEqual(0);
      expect(share).toBeLessThanOrEqual(values[index]);
    });
    expect(shares[3]).toBe(0);
  });

  it("caps the discount at the lines' value and gives nothing for no discount", () => {
    expect(spreadDiscount([100, 200], 1000)).toEqual([100, 200]);
    expect(spreadDiscount([100, 200], 0)).toEqual([0, 0]);
    expect(spreadDiscount([0, 0], 50)).toEqual([0, 0]);
  });

  it("loses no grosz over many random orders", () => {
    let seed = 7;
    const next = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % max;
    };
    for (let round = 0; round < 500; round += 1) {
      const values = Array.from({ length: 1 + next(6) }, () => next(50_000));
      const discount = next(60_000);
      const shares = spreadDiscount(values, discount);
      const total = values.reduce((a, b) => a + b, 0);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(discount, total));
    }
  });
});

describe("quoteRefund and priceRefund", () => {
  it("refunds a whole order to exactly its total: a percentage code spread over the lines, delivery included", () => {
    const items = [item("a", 4999, 1), item("b", 2999, 2), item("c", 1999, 1)];
    const subtotal = 4999 + 2999 * 2 + 1999;
    const discount = discountEffect({ type: "percentage", value: 15, includesFreeShipping: false }, subtotal);
    const figures = order(items, discount);
    expect(figures.discountAmount).toBe(1949);
    expect(figures.deliveryCost).toBe(1699);
    const quote = quoteRefund(figures, items);
    expect(quote.lines.reduce((sum, line) => sum + line.linePaid, 0)).toBe(subtotal - figures.discountAmount);
    const priced = priceRefund(quote, fullRefundRequest(quote));
    expect(priced.amount).toBe(figures.totalAmount);
    expect(priced.deliveryAmount).toBe(figures.deliveryCost);
  });

  it("never takes a code's discount off a ticket: the products carry all of it, a ticket is refunded in full", () => {
    const items = [item("tee", 9900, 1), { ...item("ticket", 5900, 2), ticketTypeId: "type-1" }];
    const figures = {
      subtotal: 9900 + 11800,
      discountAmount: 990,
      deliveryCost: 1699,
      totalAmount: 22409,
      refundedAmount: 0,
    };
    const quote = quoteRefund(figures, items);
    expect(quote.lines.map((line) => line.linePaid)).toEqual([9900 - 990, 11800]);
    expect(
      priceRefund(quote, { lines: [{ orderItemId: "ticket", quantity: 1 }], includeDelivery: false }).amount,
    ).toBe(5900);
  });

  it("prices units as paid: partial refunds one unit at a time add up to the line as paid", () => {
    const items = [item("a", 1000, 3)];
    // 1000 off 3000: each unit paid 666,67 zł — the units come to 667 + 666 + 667 grosze.
    const figures = {
      subtotal: 3000,
      discountAmount: 1000,
      deliveryCost: 0,
      totalAmount: 2000,
      refundedAmount: 0,
    };
    let refunded = 0;
    let refundedAmount = 0;
    const amounts: number[] = [];
    for (let unit = 0; unit < 3; unit += 1) {
      const quote = quoteRefund({ ...figures, refundedAmount }, [
        { ...items[0], refundedQuantity: refunded },
      ]);
      const priced = priceRefund(quote, {
        lines: [{ orderItemId: "a", quantity: 1 }],
        includeDelivery: false,
      });
      amounts.push(priced.amount);
      refunded += 1;
      refundedAmount += priced.amount;
    }
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(2000);
    expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
    expect(quoteRefund(figures, items).lines[0].unitPaid).toBe(667);
  });

  it("refunds chosen lines without delivery, and the delivery alone later", () => {
    const items = [item("a", 5000, 2), item("b", 3000, 1)];
    const figures = order(items, null);
    expect(figures.deliveryCost).toBe(1699);
    const first = priceRefund(quoteRefund(figures, items), {
      lines: [{ orderItemId: "a", quantity: 1 }],
      includeDelivery: false,
    });
    expect(first).toEqual({
      amount: 5000,
      deliveryAmount: 0,
      lines: [{ orderItemId: "a", name: "Produkt a", size: null, quantity: 1, amount: 5000 }],
    });
    const later = quoteRefund({ ...figures, refundedAmount: 5000 }, [
      { ...items[0], refundedQuantity: 1 },
      items[1],
    ]);
    expect(later.remaining).toBe(figures.totalAmount - 5000);
    expect(priceRefund(later, { lines: [], includeDelivery: true })).toEqual({
      amount: 1699,
      deliveryAmount: 1699,
      lines: [],
    });
    const afterDelivery = quoteRefund({ ...figures, refundedAmount: 6699, deliveryRefunded: 1699 }, items);
    expect(afterDelivery.deliveryRefundable).toBe(0);
    expect(refusal(() => priceRefund(afterDelivery, { lines: [], includeDelivery: true })).message).toBe(
      refundErrors.deliveryRefunded,
    );
  });

  it("a free-shipping code leaves no delivery to refund; the lines still refund as paid", () => {
    const items = [item("a", 5000, 1)];
    const figures = order(items, { discountAmount: 0, freeShipping: true });
    expect(figures.deliveryCost).toBe(0);
    const quote = quoteRefund(figures, items);
    expect(quote.deliveryRefundable).toBe(0);
    expect(priceRefund(quote, fullRefundRequest(quote))).toMatchObject({ amount: 5000, deliveryAmount: 0 });
  });

  it("after a withdrawal refunds delivery only up to the cheapest standard delivery", () => {
    expect(withdrawalDeliveryCap(1699)).toBe(1399);
    expect(withdrawalDeliveryCap(1399)).toBe(1399);
    expect(withdrawalDeliveryCap(0)).toBe(0);
    const items = [item("a", 5000, 1)];
    const quote = quoteRefund(order(items, null), items);
    expect(quote.deliveryRefundable).toBe(1699);
    expect(quote.deliveryRefundableOnWithdrawal).toBe(1399);
    const withdrawal = priceRefund(quote, {
      lines: [{ orderItemId: "a", quantity: 1 }],
      includeDelivery: true,
      kind: "withdrawal",
    });
    expect(withdrawal).toMatchObject({ amount: 6399, deliveryAmount: 1399 });
    const manual = priceRefund(quote, { lines: [{ orderItemId: "a", quantity: 1 }], includeDelivery: true });
    expect(manual).toMatchObject({ amount: 6699, deliveryAmount: 1699 });
  });

  it("refuses in Polish: a line of another order, a repeated line, bad quantities, too many units, nothing", () => {
    const items = [item("a", 5000, 2, 1)];
    const quote = quoteRefund({ ...order(items, null), refundedAmount: 5000 }, items);
    const cases: [RefundItemFigures[] | { orderItemId: string; quantity: number }[], string][] = [
      [[{ orderItemId: "obca", quantity: 1 }], refundErrors.foreignLine],
      [
        [
          { orderItemId: "a", quantity: 1 },
          { orderItemId: "a", quantity: 1 },
        ],
        refundErrors.duplicateLine,
      ],
      [[{ orderItemId: "a", quantity: -1 }], refundErrors.quantity],
      [[{ orderItemId: "a", quantity: 0.5 }], refundErrors.quantity],
      [[{ orderItemId: "a", quantity: Number.NaN }], refundErrors.quantity],
      [[{ orderItemId: "a", quantity: 2 }], refundErrors.tooMany("Produkt a", 1)],
      [[{ orderItemId: "a", quantity: 0 }], refundErrors.nothingChosen],
      [[], refundErrors.nothingChosen],
    ];
    for (const [lines, message] of cases) {
      const error = refusal(() =>
        priceRefund(quote, {
          lines: lines as { orderItemId: string; quantity: number }[],
          includeDelivery: false,
        }),
      );
      expect(error.message).toBe(message);
      expect(error.status).toBe(400);
    }
  });

  it("refuses a fully refunded order, and a refund above what remains (409: another refund took it)", () => {
    const items = [item("a", 5000, 1, 1)];
    const full = quoteRefund({ ...order(items, null), refundedAmount: 6699, deliveryRefunded: 1699 }, items);
    expect(full.remaining).toBe(0);
    const error = refusal(() => priceRefund(full, { lines: [], includeDelivery: true }));
    expect(error.message).toBe(refundErrors.nothingLeft);
    expect(error.status).toBe(409);

    // An inconsistent quote (refunded amount raised elsewhere): the remaining total is the last word.
    const fresh = [item("a", 5000, 1)];
    const squeezed = quoteRefund({ ...order(fresh, null), refundedAmount: 6000 }, fresh);
    const above = refusal(() =>
      priceRefund(squeezed, { lines: [{ orderItemId: "a", quantity: 1 }], includeDelivery: false }),
    );
    expect(above.status).toBe(409);
    expect(above.message).toBe(refundErrors.aboveRemaining("6,99 zł"));
  });

  it("refuses lines paid 0 zł: there is no amount to give back", () => {
    const items = [item("a", 0, 1)];
    const quote = quoteRefund(
      { subtotal: 0, discountAmount: 0, deliveryCost: 1699, totalAmount: 1699, refundedAmount: 0 },
      items,
    );
    expect(
      refusal(() =>
        priceRefund(quote, { lines: [{ orderItemId: "a", quantity: 1 }], includeDelivery: false }),
      ).message,
    ).toBe(refundErrors.zeroAmount);
  });

  it("unitsWorth covers the whole line and nothing for no units", () => {
    expect(unitsWorth(2000, 3, 0)).toBe(0);
    expect(unitsWorth(2000, 3, 3)).toBe(2000);
    expect(unitsWorth(2000, 0, 0)).toBe(0);
  });
});

describe("unrefundedUnits", () => {
  it("leaves a withdrawal's refund only the units no other refund paid back (issue #29)", () => {
    const items = [item("a", 12900, 2, 2), item("b", 6900, 3, 1), item("c", 1000, 1, 0)];
    expect(
      unrefundedUnits(
        [
          { orderItemId: "a", quantity: 2 },
          { orderItemId: "b", quantity: 3 },
          { orderItemId: "c", quantity: 1 },
        ],
        items,
      ),
    ).toEqual([
      { orderItemId: "b", quantity: 2 },
      { orderItemId: "c", quantity: 1 },
    ]);
    expect(unrefundedUnits([{ orderItemId: "a", quantity: 1 }], items)).toEqual([]);
    // A line of another order is left for the pricing to refuse.
    expect(unrefundedUnits([{ orderItemId: "x", quantity: 1 }], items)).toEqual([
      { orderItemId: "x", quantity: 1 },
    ]);
  });
});
