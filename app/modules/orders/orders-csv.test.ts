import { describe, expect, it } from "vitest";
import { ordersCsvFilename } from "./orders-csv";

describe("orders CSV", () => {
  it("names the file after the filter without Polish letters", () => {
    expect(ordersCsvFilename("Oczekujące", new Date("2026-01-17T12:00:00Z"))).toBe(
      "zamowienia-oczekujace-2026-01-17.csv",
    );
    expect(ordersCsvFilename(null, new Date("2026-01-17T23:30:00Z"))).toBe("zamowienia-2026-01-18.csv");
  });
});
