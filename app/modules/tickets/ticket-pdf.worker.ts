/**
 * The thread that draws the e-tickets' PDFs (decision 042): a file takes 50–80 ms of CPU, which on
 * the instance's event loop was a stall every page and kept answer waited behind. Node runs this file
 * itself (type stripping), so it imports only by relative path with the extension.
 */
import fs from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { drawTicketPdf, type TicketFontBytes, type TicketPdfJob } from "./ticket-pdf-pages.ts";

export type PdfRequest = { id: number; job: TicketPdfJob };
export type PdfAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

const fontFiles = workerData as { regular: string; bold: string };
let fontBytes: Promise<TicketFontBytes> | undefined;

/** Read on the first file; a failed read is tried again by the next one. */
function loadFonts(): Promise<TicketFontBytes> {
  fontBytes ??= Promise.all([fs.readFile(fontFiles.regular), fs.readFile(fontFiles.bold)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fontBytes = undefined;
      throw error;
    },
  );
  return fontBytes;
}

parentPort?.on("message", async ({ id, job }: PdfRequest) => {
  let answer: PdfAnswer;
  try {
    answer = { id, bytes: await drawTicketPdf(job, await loadFonts()) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
