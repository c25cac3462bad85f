import { describe, expect, it } from "vitest";
import { nightSettingsSchema, ticketMessages, ticketTypeSchema } from "./ticket-types.schema";

const type = (fields: Record<string, unknown>) =>
  ticketTypeSchema.safeParse({ name: "Pula 1", price: "79", vatRate: "8", quota: "100", ...fields });

function errorsOf(result: ReturnType<typeof ticketTypeSchema.safeParse>) {
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the ticket type form", () => {
  it("reads a price typed as zł with or without grosze into grosze", () => {
    expect(type({ price: "79" }).data?.price).toBe(7900);
    expect(type({ price: "79,00" }).data?.price).toBe(7900);
    expect(type({ price: "79,5" }).data?.price).toBe(7950);
    expect(type({ price: "1 249,99 zł" }).data?.price).toBe(124_999);
  });

  it("refuses a price that is not an amount, below 1 zł or above 100 000 zł", () => {
    expect(errorsOf(type({ price: "abc" })).price).toBe(ticketMessages.price);
    expect(errorsOf(type({ price: "0,99" })).price).toBe(ticketMessages.price);
    expect(errorsOf(type({ price: undefined })).price).toBe(ticketMessages.price);
    expect(errorsOf(type({ price: "100000,01" })).price).toBe(ticketMessages.priceMax);
  });

  it("trims the name and refuses an empty, 61-character or control-character one", () => {
    expect(type({ name: "  Early bird " }).data?.name).toBe("Early bird");
    expect(type({ name: "x".repeat(60) }).success).toBe(true);
    expect(errorsOf(type({ name: undefined })).name).toBe(ticketMessages.nameRequired);
    expect(errorsOf(type({ name: "   " })).name).toBe(ticketMessages.nameRequired);
    expect(errorsOf(type({ name: "x".repeat(61) })).name).toBe(ticketMessages.nameMax);
    expect(errorsOf(type({ name: "Pula\u00071" })).name).toBe(ticketMessages.invalidCharacters);
    expect(errorsOf(type({ name: "Pula\n1" })).name).toBe(ticketMessages.invalidCharacters);
  });

  it("takes the four VAT rates only, 8 % by default in the form", () => {
    expect(type({ vatRate: "23" }).data?.vatRate).toBe(23);
    expect(type({ vatRate: "0" }).data?.vatRate).toBe(0);
    expect(errorsOf(type({ vatRate: "7" })).vatRate).toBe(ticketMessages.vatRate);
  });

  it("takes quotas 1–100 000 and a max per order of 1–20 (10 when empty)", () => {
    expect(type({ quota: "100000" }).data?.quota).toBe(100_000);
    expect(errorsOf(type({ quota: "0" })).quota).toBe(ticketMessages.quota);
    expect(errorsOf(type({ quota: "100001" })).quota).toBe(ticketMessages.quota);
    expect(errorsOf(type({ quota: "1.5" })).quota).toBe(ticketMessages.quota);
    expect(type({}).data?.maxPerOrder).toBe(10);
    expect(errorsOf(type({ maxPerOrder: "21" })).maxPerOrder).toBe(ticketMessages.maxPerOrder);
  });

  it("reads the window in Warsaw time and refuses an end not after the start", () => {
    const winter = type({ salesStart: "2026-12-01T10:00", salesEnd: "2026-12-31T23:59" }).data;
    expect(winter?.salesStart?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(winter?.salesEnd?.toISOString()).toBe("2026-12-31T22:59:00.000Z");
    const summer = type({ salesStart: "2026-07-01T10:00" }).data;
    expect(summer?.salesStart?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(summer?.salesEnd).toBeNull();
    expect(errorsOf(type({ salesStart: "2026-12-01T10:00", salesEnd: "2026-12-01T09:00" })).salesEnd).toBe(
      ticketMessages.endBeforeStart,
    );
    expect(errorsOf(type({ salesStart: "2026-12-01T10:00", salesEnd: "2026-12-01T10:00" })).salesEnd).toBe(
      ticketMessages.endBeforeStart,
    );
    expect(errorsOf(type({ salesStart: "jutro" })).salesStart).toBe(ticketMessages.salesStart);
    expect(errorsOf(type({ salesEnd: "1999-12-31T23:00" })).salesEnd).toBe(ticketMessages.salesEnd);
  });

  it("reads the step-up switch and the position", () => {
    expect(type({}).data?.opensAfterPrevious).toBe(false);
    expect(type({ opensAfterPrevious: true }).data?.opensAfterPrevious).toBe(true);
    expect(type({}).data?.position).toBeNull();
    expect(type({ position: "3" }).data?.position).toBe(3);
    expect(errorsOf(type({ position: "-1" })).position).toBe(ticketMessages.position);
  });
});

describe("the night's settings", () => {
  it("needs a capacity of 1–100 000; the rest have defaults", () => {
    expect(nightSettingsSchema.parse({ capacity: "500" })).toEqual({
      capacity: 500,
      maxPerCustomer: null,
      transferUntilMinutes: 120,
      offersUntilMinutes: 120,
    });
    for (const capacity of [undefined, "0", "100001", "abc"]) {
      const result = nightSettingsSchema.safeParse({ capacity });
      expect(result.error?.issues[0]?.message).toBe(ticketMessages.capacity);
    }
  });

  it("limits a customer to 1–20 tickets and notices to 0–10 080 minutes", () => {
    const parsed = nightSettingsSchema.parse({
      capacity: "500",
      maxPerCustomer: "4",
      transferUntilMinutes: "0",
      offersUntilMinutes: "10080",
    });
    expect(parsed).toMatchObject({ maxPerCustomer: 4, transferUntilMinutes: 0, offersUntilMinutes: 10_080 });
    expect(
      nightSettingsSchema.safeParse({ capacity: "500", maxPerCustomer: "21" }).error?.issues[0]?.message,
    ).toBe(ticketMessages.maxPerCustomer);
    expect(
      nightSettingsSchema.safeParse({ capacity: "500", offersUntilMinutes: "10081" }).error?.issues[0]
        ?.message,
    ).toBe(ticketMessages.minutes);
  });
});
