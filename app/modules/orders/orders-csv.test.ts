import { describe, expect, it } from "vitest";
import { csvDateTime, ordersCsvFilename } from "./orders-csv";

describe("orders CSV", () => {
  it("names the file after the filter without Polish letters", () => {
    expect(ordersCsvFilename("Oczekujące", new Date("2026-01-17T12:00:00Z"))).toBe(
      "zamowienia-oczekujace-2026-01-17.csv",
    );
    expect(ordersCsvFilename(null, new Date("2026-01-17T23:30:00Z"))).toBe("zamowienia-2026-01-18.csv");
  });
});

describe("orders CSV dates", () => {
  it("writes Warsaw wall-clock time, sortable, in winter and in summer", () => {
    expect(csvDateTime("2026-01-17T22:05:00.000Z")).toBe("2026-01-17 23:05");
    expect(csvDateTime("2026-07-04T20:00:00.000Z")).toBe("2026-07-04 22:00");
    expect(csvDateTime("2026-10-25T00:30:00.000Z")).toBe("2026-10-25 02:30");
  });
});
