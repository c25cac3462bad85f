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

/** QRs drawn lately, by code: a few MB at most (a path is ~5–10 KB). */
const KEPT_QRS = 1_000;
const keptQrs = new Map<string, TicketQr>();

/**
 * The QR of `code` as an SVG path in a `size`×`size` viewBox (draw it inside a 4-module quiet zone).
 * Kept by its code, which is all it depends on (a signature of Ed25519 is the same for the same
 * ticket version): drawing one took ~4 ms of a core, a fifth of an order page with tickets, on every
 * view of the page (decision 043). The least recently shown is dropped first.
 */
export function ticketQr(code: string): TicketQr {
  const kept = keptQrs.get(code);
  if (kept) {
    keptQrs.delete(code);
    keptQrs.set(code, kept);
    return kept;
  }
  const { size, runs } = qrRuns(code);
  const qr = {
    size,
    path: runs.map((run) => `M${run.column} ${run.row}h${run.length}v1h${-run.length}z`).join(""),
  };
  keptQrs.set(code, qr);
  if (keptQrs.size > KEPT_QRS) keptQrs.delete(keptQrs.keys().next().value as string);
  return qr;
}
