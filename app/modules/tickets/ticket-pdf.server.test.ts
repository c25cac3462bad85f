import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import jsQR from "jsqr";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { signTicketCode } from "./ticket-code";
import {
  formatTicketStart,
  stopTicketPdfThread,
  TICKET_FONT_FILES,
  type TicketPrint,
  ticketsPdf,
} from "./ticket-pdf.server";
import { qrRuns } from "./ticket-qr.server";

const POLISH = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ";
const key = generateKeyPairSync("ed25519").privateKey;
const nightId = "7a1c2e3f-4b5d-4e6f-9a8b-0c1d2e3f4a5b";

function print(ticketId: string, overrides: Partial<TicketPrint> = {}): TicketPrint {
  return {
    ticketId,
    code: signTicketCode({ ticketId, version: 2_147_483_647, nightId }, key),
    holderName: "Zażółć Gęślą-Jaźń",
    typeName: "Pula 2",
    nightTitle: "NOKTURN: Świąteczna noc w Łodzi",
    startsAt: new Date("2026-12-12T21:00:00Z"),
    venue: "Klub Ćma",
    address: "ul. Źródlana 7",
    city: "Łódź",
    orderNumber: "NK-7F3A2B",
    ...overrides,
  };
}

/** Paints the drawn runs (plus the 4-module quiet zone) into an RGBA image, `scale` pixels a module. */
function rasterize(code: string, scale = 4) {
  const { size, runs } = qrRuns(code);
  const side = (size + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const { row, column, length } of runs) {
    for (let y = (row + 4) * scale; y < (row + 5) * scale; y += 1) {
      for (let x = (column + 4) * scale; x < (column + 4 + length) * scale; x += 1) {
        const at = (y * side + x) * 4;
        pixels[at] = 0;
        pixels[at + 1] = 0;
        pixels[at + 2] = 0;
      }
    }
  }
  return { pixels, side };
}

describe("the e-tickets' PDF", () => {
  it("has one A4 page per ticket, with Polish names that render", async () => {
    const bytes = await ticketsPdf([
      print("3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e6f", { holderName: `Ą ${POLISH}` }),
      print("9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b", {
        address: null,
        // Long values wrap instead of running off the page (and a stray control character is no glyph).
        nightTitle: `${POLISH} `.repeat(12),
        holderName: `${"Żaneta".repeat(6)} ${"Brzęczyszczykiewicz".repeat(3)}\u0007`,
      }),
    ]);
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBe(2);
    for (const page of document.getPages()) {
      expect(page.getWidth()).toBeCloseTo(595.28, 1);
      expect(page.getHeight()).toBeCloseTo(841.89, 1);
    }
    expect(document.getTitle()).toContain("NK-7F3A2B");
    // Subset fonts: two faces of a few dozen glyphs, not two 700 kB files per e-mail.
    expect(bytes.length).toBeLessThan(150_000);
  });

  it("ships a font that has a glyph for every Polish letter and for the texts' punctuation", () => {
    for (const file of Object.values(TICKET_FONT_FILES)) {
      const font = fontkit.create(fs.readFileSync(file));
      for (const character of `${POLISH}„”–—·€zł0123456789`) {
        expect(font.hasGlyphForCodePoint(character.codePointAt(0) as number), `${file}: ${character}`).toBe(
          true,
        );
      }
    }
  });

  it("draws QR modules that decode to the ticket's code", () => {
    for (const code of [
      print("3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e6f").code,
      signTicketCode({ ticketId: "00000000-0000-4000-8000-000000000000", version: 1, nightId }, key),
    ]) {
      const { pixels, side } = rasterize(code);
      expect(jsQR(pixels, side, side)?.data).toBe(code);
    }
  });

  it("writes the night's start in Warsaw time, in Polish", () => {
    expect(formatTicketStart(new Date("2026-12-12T21:00:00Z"))).toBe("sobota, 12 grudnia 2026, 22:00");
    expect(formatTicketStart(new Date("2026-07-04T20:30:00Z"))).toBe("sobota, 4 lipca 2026, 22:30");
  });

  it("refuses an empty list (an e-mail without tickets attaches no PDF)", async () => {
    await expect(ticketsPdf([])).rejects.toThrow();
  });

  it("draws files side by side on its thread, each with its own tickets, and survives a failed one", async () => {
    const orders = Array.from({ length: 6 }, (_, i) => `NK-00000${i}`);
    const [files, failed] = await Promise.all([
      Promise.all(
        orders.map((orderNumber, i) =>
          ticketsPdf([print(`00000000-0000-4000-8000-00000000000${i}`, { orderNumber })]),
        ),
      ),
      // A code the QR cannot hold fails on the thread and comes back as this file's error alone.
      ticketsPdf([print("3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e6f", { code: "" })]).then(
        () => "drawn",
        (error: Error) => error.message,
      ),
    ]);
    expect(failed).toMatch(/^ticket PDF: /);
    for (const [i, bytes] of files.entries()) {
      expect((await PDFDocument.load(bytes)).getTitle()).toContain(orders[i]);
    }
    // The thread is still there for the next file.
    const after = await ticketsPdf([print("9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b")]);
    expect((await PDFDocument.load(after)).getPageCount()).toBe(1);
  });

  it("fails the files of a thread that ended, and draws the next on a new one the old one's end does not touch", async () => {
    const lost = ticketsPdf([print("3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e6f")]).then(
      () => "drawn",
      (error: Error) => error.message,
    );
    const stopping = stopTicketPdfThread();
    const next = ticketsPdf([print("9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b", { orderNumber: "NK-NEXT01" })]);
    await stopping;
    expect(await lost).toMatch(/exited/);
    expect((await PDFDocument.load(await next)).getTitle()).toContain("NK-NEXT01");
  });
});
