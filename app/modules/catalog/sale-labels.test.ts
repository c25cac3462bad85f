import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";
import { amountInput, reductionLabel, saleStatus } from "./sale-labels";

describe("the sale labels", () => {
  const startsAt = new Date("2026-11-27T00:00:00Z");
  const endsAt = new Date("2026-12-01T00:00:00Z");

  it("tells a sale's status at an instant ([start, end))", () => {
    expect(saleStatus({ startsAt, endsAt }, new Date(startsAt.getTime() - 1))).toBe("planned");
    expect(saleStatus({ startsAt, endsAt }, startsAt)).toBe("running");
    expect(saleStatus({ startsAt, endsAt }, endsAt)).toBe("ended");
    expect(saleStatus({ startsAt, endsAt: null }, endsAt)).toBe("running");
  });

  it("labels a reduction in percent or in money", () => {
    expect(reductionLabel({ reductionType: "percent", reduction: 20 })).toBe("-20%");
    expect(reductionLabel({ reductionType: "amount", reduction: 1500 })).toBe(`-${formatPrice(1500)}`);
    expect(reductionLabel({ reductionType: "amount", reduction: 1500 })).toBe("-15,00\u00a0zł");
  });

  it("writes grosze as the form's field holds them", () => {
    expect(amountInput(1250)).toBe("12,50");
  });
});
