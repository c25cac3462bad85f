/**
 * A ticket's QR as runs of dark modules along each row: what the PDF draws, what the account and the
 * order page draw as one SVG path (no image request, no QR library in the browser), what tests decode.
 * Only the `qrcode` package here, so a page that shows a ticket never loads the PDF library.
 */
import QRCode from "qrcode";

export type QrRun = { row: number; column: number; length: number };

export function qrRuns(code: string): { size: number; runs: QrRun[] } {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: "M" });
  const runs: QrRun[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      runs.push({ row, column: start, length: column - start });
    }
  }
  return { size: modules.size, runs };
}

export type TicketQr = { size: number; path: string };

/** The QR of `code` as an SVG path in a `size`×`size` viewBox (draw it inside a 4-module quiet zone). */
export function ticketQr(code: string): TicketQr {
  const { size, runs } = qrRuns(code);
  return {
    size,
    path: runs.map((run) => `M${run.column} ${run.row}h${run.length}v1h${-run.length}z`).join(""),
  };
}
