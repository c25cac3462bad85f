import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderVatLines, STANDARD_VAT_RATE, vatSplit } from "./vat";

describe("VAT per rate", () => {
  it("splits a gross price into net and VAT, rounded to the grosz", () => {
    // 123,00 zł at 23 % → 100,00 net + 23,00 VAT; 108,00 zł at 8 % → 100,00 + 8,00.
    expect(vatSplit([{ gross: 12300, rate: 23 }])).toEqual([
      { rate: 23, gross: 12300, net: 10000, vat: 2300 },
    ]);
    expect(vatSplit([{ gross: 10800, rate: 8 }])).toEqual([{ rate: 8, gross: 10800, net: 10000, vat: 800 }]);
    // 59,00 zł at 8 %: 437,037… grosze of VAT → 437.
    expect(vatSplit([{ gross: 5900, rate: 8 }])[0]).toMatchObject({ vat: 437, net: 5463 });
  });

  it("sums a rate's lines before rounding, highest rate first, empty rates left out", () => {
    const rows = vatSplit([
      { gross: 5900, rate: 8 },
      { gross: 5900, rate: 8 },
      { gross: 9900, rate: 23 },
      { gross: 0, rate: 5 },
    ]);
    expect(rows.map((row) => row.rate)).toEqual([23, 8]);
    expect(rows[1]).toMatchObject({ gross: 11800, vat: 874 });
  });

  it("the rows always add up to the gross", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ gross: fc.integer({ min: 0, max: 10_000_000 }), rate: fc.constantFrom(0, 5, 8, 23) }),
        ),
        (lines) => {
          const rows = vatSplit(lines);
          const total = lines.reduce((sum, line) => sum + line.gross, 0);
          expect(rows.reduce((sum, row) => sum + row.net + row.vat, 0)).toBe(total);
          for (const row of rows) expect(row.vat).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("refuses fractions of a grosz and impossible rates", () => {
    expect(() => vatSplit([{ gross: 10.5, rate: 23 }])).toThrow(RangeError);
    expect(() => vatSplit([{ gross: 100, rate: -1 }])).toThrow(RangeError);
  });

  it("an order: products less the code at the standard rate, delivery too, tickets at theirs", () => {
    const lines = orderVatLines({
      items: [
        { quantity: 1, pricePerUnit: 9900, vatRate: null, ticketTypeId: null },
        { quantity: 2, pricePerUnit: 5900, vatRate: 8, ticketTypeId: "t" },
      ],
      discountAmount: 1000,
      deliveryCost: 1699,
    });
    expect(lines).toEqual([
      { gross: 8900, rate: STANDARD_VAT_RATE },
      { gross: 1699, rate: STANDARD_VAT_RATE },
      { gross: 11800, rate: 8 },
    ]);
    const rows = vatSplit(lines);
    expect(rows.reduce((sum, row) => sum + row.gross, 0)).toBe(8900 + 1699 + 11800);
  });
});
