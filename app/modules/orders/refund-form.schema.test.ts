import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { quoteRefund, refundErrors } from "./refund-amounts";
import {
  cancelWithRefundSchema,
  chosenLines,
  livePrice,
  refundMessages,
  refundSchema,
} from "./refund-form.schema";
import { refundedTotal, refundLineLabel } from "./refund-history";

const orderId = "6f1d7a53-2a39-4d5f-9b61-4f7a0f3f7d11";
const tee = "0b8f5a3e-51c4-4d67-8f0c-0d5a8f3c1a01";
const tote = "0b8f5a3e-51c4-4d67-8f0c-0d5a8f3c1a02";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  const submission = parseWithZod(data, { schema: refundSchema });
  return Object.assign(submission, {
    error: submission.status === "error" ? (submission.error ?? {}) : undefined,
  });
}

const valid = {
  intent: "refund",
  orderId,
  "lines[0].orderItemId": tee,
  "lines[0].quantity": "1",
  "lines[1].orderItemId": tote,
  "lines[1].quantity": "0",
  reason: "Klient odesłał koszulkę",
};

describe("the refund form's schema (browser and action)", () => {
  it("reads the lines, the two checkboxes and the reason as the dialog sends them", () => {
    const submission = form({ ...valid, includeDelivery: "on", restock: "on" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      orderId,
      includeDelivery: true,
      restock: true,
      reason: "Klient odesłał koszulkę",
    });
    expect(chosenLines(submission.value.lines)).toEqual([{ orderItemId: tee, quantity: 1 }]);
    const unchecked = form(valid);
    expect(unchecked.status === "success" && unchecked.value).toMatchObject({
      includeDelivery: false,
      restock: false,
    });
  });

  it.each([
    ["a negative quantity", "-1"],
    ["a fractional quantity", "1.5"],
    ["a quantity that is not a number", "dwa"],
  ])("refuses %s with the Polish message", (_name, quantity) => {
    const submission = form({ ...valid, "lines[0].quantity": quantity });
    expect(submission.status).toBe("error");
    expect(Object.values(submission.error ?? {}).flat()).toContain(refundMessages.quantity);
  });

  it("refuses nothing chosen, a repeated line, a missing reason, control characters and a foreign id", () => {
    const nothing = form({ ...valid, "lines[0].quantity": "0" });
    expect(nothing.error?.lines).toEqual([refundMessages.nothingChosen]);
    const repeated = form({ ...valid, "lines[1].orderItemId": tee, "lines[1].quantity": "1" });
    expect(repeated.error?.lines).toEqual([refundMessages.duplicateLine]);
    expect(form({ ...valid, reason: "  " }).error?.reason).toEqual([refundMessages.reason]);
    expect(form({ ...valid, reason: "zwrot\u0000" }).error?.reason).toEqual([
      refundMessages.reasonCharacters,
    ]);
    expect(form({ ...valid, reason: "x".repeat(501) }).error?.reason).toEqual([refundMessages.reasonTooLong]);
    expect(form({ ...valid, orderId: "1 or 1=1" }).status).toBe("error");
    // The domain's own line rule, so its message: a forged line is not the order's.
    expect(form({ ...valid, "lines[0].orderItemId": "nie-uuid" }).error?.["lines[0].orderItemId"]).toEqual([
      refundErrors.foreignLine,
    ]);
  });

  it("delivery alone is a refund worth asking for", () => {
    expect(form({ ...valid, "lines[0].quantity": "0", includeDelivery: "on" }).status).toBe("success");
  });

  it("cancel with refund takes the order id and an optional reason", () => {
    const data = new FormData();
    data.append("intent", "cancel-refund");
    data.append("orderId", orderId);
    expect(parseWithZod(data, { schema: cancelWithRefundSchema }).status).toBe("success");
    data.set("orderId", "x");
    expect(parseWithZod(data, { schema: cancelWithRefundSchema }).status).toBe("error");
  });
});

describe("the dialog's live amount", () => {
  // 2 × 129,00 + 3 × 69,00, 20,00 off, 16,99 delivery.
  const quote = quoteRefund(
    { subtotal: 46500, discountAmount: 2000, deliveryCost: 1699, totalAmount: 46199, refundedAmount: 0 },
    [
      { id: tee, productName: "Koszulka", size: "M", quantity: 2, pricePerUnit: 12900, refundedQuantity: 0 },
      { id: tote, productName: "Torba", size: null, quantity: 3, pricePerUnit: 6900, refundedQuantity: 0 },
    ],
  );

  it("is what the server would charge: every unit and the delivery come to the whole total", () => {
    expect(livePrice(quote, {}, false)).toEqual({ amount: null, error: null });
    expect(livePrice(quote, { [tee]: "2", [tote]: "3" }, true)).toEqual({ amount: 46199, error: null });
    const one = livePrice(quote, { [tee]: "1" }, false);
    expect(one.amount).toBeGreaterThan(0);
    expect(one.amount).toBeLessThan(12900);
    expect(livePrice(quote, {}, true)).toEqual({ amount: 1699, error: null });
  });

  it("says in Polish why a choice cannot be refunded", () => {
    expect(livePrice(quote, { [tee]: "3" }, false).error).toBe(
      "Z pozycji „Koszulka” można zwrócić najwyżej 2 szt.",
    );
    expect(livePrice(quote, { [tee]: "1.5" }, false).error).toBe(refundMessages.quantity);
    expect(livePrice(quote, { [tee]: "-1" }, false).error).toBe(refundMessages.quantity);
  });
});

describe("refund history", () => {
  it("adds up what went back without the failed refunds and names the lines", () => {
    expect(
      refundedTotal([
        { amount: 1000, status: "succeeded" },
        { amount: 500, status: "pending" },
        { amount: 700, status: "failed" },
      ]),
    ).toBe(1500);
    expect(refundLineLabel({ name: "Koszulka", size: "M", quantity: 2 })).toBe("Koszulka (M) × 2");
    expect(refundLineLabel({ name: "", size: null, quantity: 1 })).toBe("Produkt × 1");
  });
});
