/**
 * The e-tickets as one PDF, a page per ticket (issue #40, decision 038): the night, its start in
 * Warsaw time, the venue, the type, the holder's name, the order and ticket numbers and the signed
 * code's QR, drawn as vector squares so it stays sharp on any printer or phone. The font (DejaVu Sans,
 * with every Polish letter) ships in ./fonts and is subset into each file. Only the mail's
 * attachments import this module (dynamically), never a page. The drawing (./ticket-pdf-pages.ts) runs
 * on a thread of its own (./ticket-pdf.worker.ts, decision 042): the texts are formatted here.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import { formatLongDate, formatTime, formatWeekday } from "~/lib/dates";
import { env } from "~/lib/env.server";
import type { PdfAnswer, PdfRequest } from "./ticket-pdf.worker";
import type { TicketPage } from "./ticket-pdf-pages";

export type TicketPrint = {
  ticketId: string;
  code: string;
  holderName: string;
  typeName: string;
  nightTitle: string;
  startsAt: Date;
  venue: string;
  address: string | null;
  city: string;
  orderNumber: string;
};

// Resolved from the working directory, as db/migrations is: the server bundle carries neither the
// fonts nor the worker, which Node runs from its source.
const TICKETS_DIR = path.resolve(process.cwd(), "app/modules/tickets");
const FONTS_DIR = path.join(TICKETS_DIR, "fonts");
const WORKER_FILE = path.join(TICKETS_DIR, "ticket-pdf.worker.ts");
export const TICKET_FONT_FILES = {
  regular: path.join(FONTS_DIR, "DejaVuSans.ttf"),
  bold: path.join(FONTS_DIR, "DejaVuSans-Bold.ttf"),
};

/** "sobota, 12 grudnia 2026, 22:00" in Warsaw time. */
export function formatTicketStart(startsAt: Date) {
  return `${formatWeekday(startsAt)}, ${formatLongDate(startsAt)}, ${formatTime(startsAt)}`;
}

/** The page of one ticket, its texts formatted for print. */
function ticketPage(ticket: TicketPrint): TicketPage {
  return {
    ticketId: ticket.ticketId,
    code: ticket.code,
    holderName: ticket.holderName,
    typeName: ticket.typeName,
    nightTitle: ticket.nightTitle,
    startLabel: formatTicketStart(ticket.startsAt),
    venue: ticket.venue,
    place: ticket.address ? `${ticket.address}, ${ticket.city}` : ticket.city,
    orderNumber: ticket.orderNumber,
  };
}

type Waiting = { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void };
type DrawingThread = { worker: Worker; waiting: Map<number, Waiting> };

/**
 * One drawing thread per process, started on the first file. It holds the process open only while a
 * file is being drawn; if it dies, what it was drawing fails (the outbox tries the mail again) and the
 * next file starts a new one.
 */
let current: DrawingThread | undefined;
let nextId = 0;

function drawingThread(): DrawingThread {
  if (current) return current;
  const worker = new Worker(WORKER_FILE, { workerData: TICKET_FONT_FILES });
  worker.unref();
  // Each thread answers for its own files: a dead thread's late `exit` never fails its successor's.
  const thread: DrawingThread = { worker, waiting: new Map() };
  const failAll = (error: Error) => {
    if (current === thread) current = undefined;
    for (const { reject } of thread.waiting.values()) reject(error);
    thread.waiting.clear();
  };
  worker.on("message", (answer: PdfAnswer) => {
    const waiting = thread.waiting.get(answer.id);
    if (!waiting) return;
    thread.waiting.delete(answer.id);
    if (thread.waiting.size === 0) worker.unref();
    if ("error" in answer) waiting.reject(new Error(`ticket PDF: ${answer.error}`));
    else waiting.resolve(answer.bytes);
  });
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`ticket PDF thread exited (${code})`)));
  current = thread;
  return thread;
}

/** Ends the drawing thread: the files it was drawing fail, the next file starts another thread. */
export async function stopTicketPdfThread() {
  const thread = current;
  current = undefined;
  await thread?.worker.terminate();
}

/** One A4 page per ticket, in the given order, drawn on the PDF thread. */
export function ticketsPdf(tickets: TicketPrint[]): Promise<Uint8Array> {
  if (tickets.length === 0) return Promise.reject(new RangeError("ticketsPdf needs at least one ticket"));
  const brand = env().site.name;
  const orders = [...new Set(tickets.map((ticket) => ticket.orderNumber))].join(", ");
  const request: PdfRequest = {
    id: nextId++,
    job: { pages: tickets.map(ticketPage), brand, title: `${brand} — bilety, zamówienie ${orders}` },
  };
  const thread = drawingThread();
  return new Promise((resolve, reject) => {
    thread.waiting.set(request.id, { resolve, reject });
    thread.worker.ref();
    thread.worker.postMessage(request);
  });
}
