import { describe, expect, it } from "vitest";
import { nightReportCsv, nightReportFilename, nightReportRows } from "./night-report";

const report = {
  title: "NOKTURN",
  perType: [
    { name: "Pula 1", sold: 100, admitted: 90, revenue: 590000, vatRate: 8 },
    { name: "=Pula 2", sold: 50, admitted: 40, revenue: 345000, vatRate: 8 },
  ],
  doorSales: { quantity: 12, cash: 7, card: 5, revenue: 96000, vatRate: 8 },
  noShows: 20,
  admitted: 130,
  checkIns: [
    { label: "22:00", count: 10 },
    { label: "22:15", count: 120 },
  ],
  vat: [{ rate: 8, gross: 1031000, net: 954630, vat: 76370 }],
};

describe("the night's report", () => {
  it("lists online per type with a total, the door by method, attendance, the curve and VAT", () => {
    const rows = nightReportRows(report);
    expect(rows.find((row) => row.item === "Razem online")).toMatchObject({ count: 150, amount: 935000 });
    expect(rows.filter((row) => row.section === "Na bramce").map((row) => row.count)).toEqual([7, 5, 12]);
    expect(rows.find((row) => row.item === "Nie przyszło (no-show)")?.count).toBe(20);
    expect(rows.filter((row) => row.section === "Wejścia co 15 minut")).toHaveLength(2);
    expect(rows.filter((row) => row.section === "VAT 8%").map((row) => row.amount)).toEqual([
      1031000, 954630, 76370,
    ]);
  });

  it("writes a CSV with Polish decimals and formula-looking names escaped", () => {
    const csv = nightReportCsv(report);
    expect(csv.startsWith("\uFEFFSekcja;Pozycja;Liczba;Kwota (zł)\r\n")).toBe(true);
    expect(csv).toContain("Sprzedaż online;Pula 1 (VAT 8%);100;5900,00");
    expect(csv).toContain("Sprzedaż online;'=Pula 2 (VAT 8%);50;3450,00");
    expect(nightReportFilename("nokturn-2026/../x")).toBe("raport-nokturn-2026x.csv");
  });
});
