import { describe, expect, it } from "vitest";
import { qrRuns, ticketQr } from "./ticket-qr.server";

/** The dark modules a path draws, as "row,column" (each `M{column} {row}h{length}v1h-{length}z`). */
function darkModules(path: string) {
  const dark = new Set<string>();
  for (const [, column, row, length] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let step = 0; step < Number(length); step += 1) dark.add(`${row},${Number(column) + step}`);
  }
  return dark;
}

describe("ticketQr", () => {
  it("draws every dark module of the code's QR, and only those", () => {
    const code = "NKT1.6f1c2a9e-0b1d-4c8e-9a51-3d2f7c4b8e10.3.c2lnbmF0dXJl";
    const { size, runs } = qrRuns(code);
    const expected = new Set(
      runs.flatMap((run) =>
        Array.from({ length: run.length }, (_, step) => `${run.row},${run.column + step}`),
      ),
    );
    const qr = ticketQr(code);
    expect(qr.size).toBe(size);
    expect(darkModules(qr.path)).toEqual(expected);
  });

  it("gives the same code the same QR and another code its own, kept or not", () => {
    const codes = Array.from({ length: 1_050 }, (_, index) => `NKT1.code-${index}`);
    const first = codes.map((code) => ticketQr(code));
    // Past what it keeps: the first codes are drawn again, and come out the same.
    for (const [index, code] of codes.entries()) expect(ticketQr(code)).toEqual(first[index]);
    expect(ticketQr(codes[0]).path).not.toBe(ticketQr(codes[1]).path);
  });
});
