/** The `http` project's shared server log (its output is appended to `inject("serverLog")` as it comes). */
import fs from "node:fs";
import { inject } from "vitest";

/** How far the log has grown: read from here after a request to see only what it logged. */
export const serverLogSize = () => fs.statSync(inject("serverLog")).size;

/** The log from byte `from` on. */
export function serverLogSince(from: number) {
  const file = fs.openSync(inject("serverLog"), "r");
  try {
    const size = fs.fstatSync(file).size;
    const bytes = Buffer.alloc(Math.max(0, size - from));
    fs.readSync(file, bytes, 0, bytes.length, from);
    return bytes.toString("utf8");
  } finally {
    fs.closeSync(file);
  }
}
