/**
 * A Y4M video of a QR code (issue #41), for Chromium's fake camera in the door's end-to-end test
 * (`--use-file-for-fake-video-capture`): raw YUV 4:2:0, a white frame with the code in the middle,
 * drawn from the `qrcode` package's module matrix — no ffmpeg, nothing downloaded.
 *
 * As a script: `tsx scripts/door-video.ts <text> <file.y4m>`.
 */
import fs from "node:fs";
import QRCode from "qrcode";

export type VideoOptions = { width?: number; height?: number; frames?: number };

export function qrVideo(text: string, { width = 640, height = 480, frames = 10 }: VideoOptions = {}) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const cells = modules.size + quiet * 2;
  const cell = Math.floor((Math.min(width, height) * 0.9) / cells);
  const left = Math.floor((width - cells * cell) / 2);
  const top = Math.floor((height - cells * cell) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      const x0 = left + (column + quiet) * cell;
      const y0 = top + (row + quiet) * cell;
      for (let y = y0; y < y0 + cell; y += 1) luma.fill(16, y * width + x0, y * width + x0 + cell);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

export function writeQrVideo(text: string, file: string, options?: VideoOptions) {
  fs.writeFileSync(file, qrVideo(text, options));
  return file;
}

if (process.argv[1]?.endsWith("door-video.ts")) {
  const [text, file] = process.argv.slice(2);
  if (!text || !file) {
    console.error("usage: tsx scripts/door-video.ts <text> <file.y4m>");
    process.exit(2);
  }
  writeQrVideo(text, file);
}
