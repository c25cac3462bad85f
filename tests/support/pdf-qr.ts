/**
 * The QR codes printed in a PDF, decoded as a phone at the door would read them: the page's drawing
 * operators are read back (the e-ticket draws its QR as a vector path of dark-module rectangles),
 * painted into pixels with a quiet zone, and decoded with jsQR. No renderer needed.
 */
import jsQR from "jsqr";
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from "pdf-lib";

type Box = { x0: number; y0: number; x1: number; y1: number };

/** Each closed subpath's bounding box, from the page's `m`/`l` operators. */
function subpathBoxes(ops: string): Box[] {
  const boxes: Box[] = [];
  let current: Box | null = null;
  for (const match of ops.matchAll(/(-?[\d.]+) (-?[\d.]+) ([ml])\b|\bh\b/g)) {
    if (match[0] === "h") {
      if (current) boxes.push(current);
      current = null;
      continue;
    }
    const x = Number(match[1]);
    const y = Number(match[2]);
    if (match[3] === "m" || !current) current = { x0: x, y0: y, x1: x, y1: y };
    current = {
      x0: Math.min(current.x0, x),
      y0: Math.min(current.y0, y),
      x1: Math.max(current.x1, x),
      y1: Math.max(current.y1, y),
    };
  }
  return boxes;
}

function decodeBoxes(boxes: Box[]): string | null {
  if (boxes.length < 20) return null;
  const unit = Math.min(...boxes.map((box) => box.y1 - box.y0).filter((height) => height > 0));
  const minX = Math.min(...boxes.map((box) => box.x0));
  const minY = Math.min(...boxes.map((box) => box.y0));
  const size = Math.round((Math.max(...boxes.map((box) => box.x1)) - minX) / unit);
  const scale = 4;
  const quiet = 4;
  const side = (size + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const box of boxes) {
    const column = Math.round((box.x0 - minX) / unit);
    const row = Math.round((box.y0 - minY) / unit);
    const width = Math.round((box.x1 - box.x0) / unit);
    for (let y = (row + quiet) * scale; y < (row + quiet + 1) * scale; y += 1) {
      for (let x = (column + quiet) * scale; x < (column + quiet + width) * scale; x += 1) {
        const at = (y * side + x) * 4;
        pixels[at] = 0;
        pixels[at + 1] = 0;
        pixels[at + 2] = 0;
      }
    }
  }
  // Rows may run bottom-up in PDF space: a QR read mirrored is still decoded by trying both.
  const direct = jsQR(pixels, side, side);
  if (direct) return direct.data;
  const flipped = new Uint8ClampedArray(pixels.length);
  for (let y = 0; y < side; y += 1)
    flipped.set(pixels.subarray(y * side * 4, (y + 1) * side * 4), (side - 1 - y) * side * 4);
  return jsQR(flipped, side, side)?.data ?? null;
}

/** The QR codes of every page, in page order (null for a page without a readable one). */
export async function qrCodesOfPdf(bytes: Uint8Array): Promise<(string | null)[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    const ops = streams
      .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString("latin1"))
      .join("\n");
    // The QR is the one filled path of many subpaths: the block between its q and Q.
    const blocks = ops.split(/\bQ\b/).map((block) => subpathBoxes(block));
    const qr = blocks.sort((a, b) => b.length - a.length)[0] ?? [];
    return decodeBoxes(qr);
  });
}
