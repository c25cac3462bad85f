import { describe, expect, it } from "vitest";
import { orderNumber } from "~/lib/order-number";
import { adminStatusLabels, customerStatusLabel, itemCountLabel } from "./order-status";

describe("order status texts", () => {
  it("labels statuses for customers and admins, raw text for unknown ones", () => {
    expect(customerStatusLabel("pending")).toBe("Oczekuje");
    expect(customerStatusLabel("processing")).toBe("W trakcie");
    expect(customerStatusLabel("completed")).toBe("Zrealizowane");
    expect(customerStatusLabel("cancelled")).toBe("Anulowane");
    expect(customerStatusLabel("refunded")).toBe("refunded");
    expect(adminStatusLabels.completed).toBe("Ukończone");
    expect(adminStatusLabels.pending).toBe("Oczekujące");
  });

  it("counts items and shortens ids as SPEC shows them", () => {
    expect(itemCountLabel(1)).toBe("1 produkt");
    expect(itemCountLabel(2)).toBe("2 produkty");
    expect(itemCountLabel(5)).toBe("5 produkty");
    // One order number everywhere, upper case as SPEC shows it in the panel (the account had lower case).
    expect(orderNumber("0f3a9c2e-1111-2222-3333-444455556666")).toBe("0F3A9C2E");
  });
});
