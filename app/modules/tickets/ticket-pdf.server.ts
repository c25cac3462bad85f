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
export function ticketPage(ticket: TicketPrint): TicketPage {
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

/**
 * One drawing thread per process, started on the first file. It holds the process open only while a
 * file is being drawn; if it dies, what it was drawing fails (the outbox tries the mail again) and the
 * next file starts a new one.
 */
const drawing = {
  worker: undefined as Worker | undefined,
  waiting: new Map<number, Waiting>(),
  nextId: 0,
};

function drawingThread(): Worker {
  if (drawing.worker) return drawing.worker;
  const worker = new Worker(WORKER_FILE, { workerData: TICKET_FONT_FILES });
  worker.unref();
  const failAll = (error: Error) => {
    if (drawing.worker === worker) drawing.worker = undefined;
    for (const { reject } of drawing.waiting.values()) reject(error);
    drawing.waiting.clear();
  };
  worker.on("message", (answer: PdfAnswer) => {
    const waiting = drawing.waiting.get(answer.id);
    if (!waiting) return;
    drawing.waiting.delete(answer.id);
    if (drawing.waiting.size === 0) worker.unref();
    if ("error" in answer) waiting.reject(new Error(`ticket PDF: ${answer.error}`));
    else waiting.resolve(answer.bytes);
  });
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`ticket PDF thread exited (${code})`)));
  drawing.worker = worker;
  return worker;
}

/** One A4 page per ticket, in the given order, drawn on the PDF thread. */
export function ticketsPdf(tickets: TicketPrint[]): Promise<Uint8Array> {
  if (tickets.length === 0) return Promise.reject(new RangeError("ticketsPdf needs at least one ticket"));
  const brand = env().site.name;
  const orders = [...new Set(tickets.map((ticket) => ticket.orderNumber))].join(", ");
  const request: PdfRequest = {
    id: drawing.nextId++,
    job: { pages: tickets.map(ticketPage), brand, title: `${brand} — bilety, zamówienie ${orders}` },
  };
  const worker = drawingThread();
  return new Promise((resolve, reject) => {
    drawing.waiting.set(request.id, { resolve, reject });
    worker.ref();
    worker.postMessage(request);
  });
}
