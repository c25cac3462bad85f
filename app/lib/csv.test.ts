import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV", () => {
  it("quotes separators, quotes and line breaks, and defuses formulas", () => {
    expect(csvCell("zwykły tekst")).toBe("zwykły tekst");
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('powiedział "tak"')).toBe('"powiedział ""tak"""');
    expect(csvCell("dwie\nlinie")).toBe('"dwie\nlinie"');
    expect(csvCell("=SUM(A1:A9)")).toBe("'=SUM(A1:A9)");
    expect(csvCell("+48 600 000 000")).toBe("'+48 600 000 000");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
  });

  it("starts with a BOM and ends lines with CRLF", () => {
    expect(toCsv(["A", "B"], [["ą", "ł"]])).toBe("\uFEFFA;B\r\ną;ł\r\n");
  });
});
