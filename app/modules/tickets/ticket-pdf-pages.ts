/**
 * The e-tickets' pages drawn with pdf-lib (issue #40, decision 038; off the event loop by decision
 * 042): everything a page shows arrives as text, so this module and its worker need neither the
 * database nor the site's date formatting. Imports carry their `.ts` extension: the worker runs this
 * file as Node reads it, not from the server bundle.
 */
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { qrRuns } from "./ticket-qr.server.ts";

/** One ticket's page, as printed: every value already formatted. */
export type TicketPage = {
  ticketId: string;
  code: string;
  holderName: string;
  typeName: string;
  nightTitle: string;
  /** "sobota, 12 grudnia 2026, 22:00" */
  startLabel: string;
  venue: string;
  /** The address and city, or the city alone. */
  place: string;
  orderNumber: string;
};

/** A whole file: its pages in order, and what its metadata says. */
export type TicketPdfJob = { pages: TicketPage[]; brand: string; title: string };

export type TicketFontBytes = { regular: Uint8Array; bold: Uint8Array };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;
const QR_SIDE = 220;
const INK = rgb(0, 0, 0);
const MUTED = rgb(0.38, 0.38, 0.38);
const RULE = rgb(0.8, 0.8, 0.8);

type Fonts = { regular: PDFFont; bold: PDFFont };
type TextStyle = { font: PDFFont; size: number; color?: ReturnType<typeof rgb>; maxLines?: number };

/** Control characters have no glyph; runs of white space print as one space. */
function printable(text: string) {
  return text
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Greedy word wrap within `width`; a word wider than a line is cut by characters. */
function wrap(text: string, { font, size, maxLines = 3 }: TextStyle, width = WIDTH): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of printable(text).split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const character of word) {
      if (fits(line + character)) line += character;
      else {
        lines.push(line);
        line = character;
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  // Past the allowed lines: the last one ends with an ellipsis instead of pushing the QR off the page.
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1];
  while (last && !fits(`${last}…`)) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

/** Draws `text` with its top at `top`; returns the top of what comes below it. */
function block(page: PDFPage, text: string, top: number, style: TextStyle, x = MARGIN): number {
  const lineHeight = style.size * 1.25;
  let y = top;
  for (const line of wrap(text, style)) {
    y -= lineHeight;
    page.drawText(line, {
      x,
      y: y + style.size * 0.25,
      font: style.font,
      size: style.size,
      color: style.color ?? INK,
    });
  }
  return y;
}

function drawQr(page: PDFPage, code: string, top: number) {
  const { size, runs } = qrRuns(code);
  // One path of rectangles, a run of dark modules each; the white page around it is the quiet zone.
  const svgPath = runs.map(({ row, column, length }) => `M${column} ${row}h${length}v1h${-length}z`).join("");
  page.drawSvgPath(svgPath, {
    x: (A4[0] - QR_SIDE) / 2,
    y: top,
    scale: QR_SIDE / size,
    color: INK,
    borderWidth: 0,
  });
}

function drawTicket(page: PDFPage, ticket: TicketPage, fonts: Fonts, brand: string) {
  let top = A4[1] - MARGIN;
  page.drawText(brand.toUpperCase(), { x: MARGIN, y: top - 12, font: fonts.bold, size: 12, color: INK });
  const label = "E-BILET";
  page.drawText(label, {
    x: A4[0] - MARGIN - fonts.bold.widthOfTextAtSize(label, 12),
    y: top - 12,
    font: fonts.bold,
    size: 12,
    color: INK,
  });
  top -= 22;
  page.drawLine({
    start: { x: MARGIN, y: top },
    end: { x: A4[0] - MARGIN, y: top },
    thickness: 1,
    color: RULE,
  });

  top = block(page, ticket.nightTitle, top - 18, { font: fonts.bold, size: 26 });
  top = block(page, ticket.startLabel, top - 6, { font: fonts.regular, size: 15 });
  top = block(page, ticket.venue, top - 10, { font: fonts.bold, size: 13, maxLines: 2 });
  top = block(page, ticket.place, top, { font: fonts.regular, size: 12, color: MUTED, maxLines: 2 });

  top -= 24;
  drawQr(page, ticket.code, top);
  top -= QR_SIDE + 8;
  const hint = "Pokaż ten kod przy wejściu, na telefonie lub wydrukowany.";
  page.drawText(hint, {
    x: (A4[0] - fonts.regular.widthOfTextAtSize(hint, 10)) / 2,
    y: top - 10,
    font: fonts.regular,
    size: 10,
    color: MUTED,
  });
  top -= 30;

  for (const [name, value] of [
    ["Rodzaj biletu", ticket.typeName],
    ["Imię i nazwisko", ticket.holderName],
    ["Numer zamówienia", ticket.orderNumber],
    ["Numer biletu", ticket.ticketId],
  ] as const) {
    top = block(page, name, top, { font: fonts.regular, size: 10, color: MUTED, maxLines: 1 });
    top = block(page, value, top, { font: fonts.bold, size: 13, maxLines: 2 }) - 8;
  }

  page.drawLine({
    start: { x: MARGIN, y: MARGIN + 28 },
    end: { x: A4[0] - MARGIN, y: MARGIN + 28 },
    thickness: 1,
    color: RULE,
  });
  page.drawText("Wstęp od 18 lat, z dokumentem tożsamości.", {
    x: MARGIN,
    y: MARGIN + 8,
    font: fonts.bold,
    size: 12,
    color: INK,
  });
}

/** One A4 page per ticket, in the given order, the fonts subset into the file. */
export async function drawTicketPdf(job: TicketPdfJob, fontBytes: TicketFontBytes): Promise<Uint8Array> {
  if (job.pages.length === 0) throw new RangeError("a ticket PDF needs at least one ticket");
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const fonts: Fonts = {
    regular: await document.embedFont(fontBytes.regular, { subset: true }),
    bold: await document.embedFont(fontBytes.bold, { subset: true }),
  };
  document.setTitle(job.title);
  document.setAuthor(job.brand);
  document.setCreator(job.brand);
  document.setLanguage("pl-PL");
  for (const page of job.pages) drawTicket(document.addPage(A4), page, fonts, job.brand);
  return document.save();
}
