/**
 * The server's "now" for everything the visitor sees about time (which night leads the landing page,
 * whether a night still sells, the page cache's expiry of such pages).
 *
 * Test-only setting: `E2E_CLOCK_FILE` names a file holding one ISO instant ("2026-01-17T23:30:00+01:00");
 * while it is set, `now()` reads that file on every call, so one end-to-end server can be moved before,
 * during and after a night by rewriting the file. It is honoured only when the variable is set
 * explicitly; an unset or empty variable means the real clock. A set variable naming a missing or
 * unreadable file, or a file that is not an instant, stops the server at start (`assertClockReadable`)
 * rather than running on a wrong time. Never set it in production: README, "Settings".
 */
import fs from "node:fs";

function clockFile(): string | undefined {
  const file = process.env.E2E_CLOCK_FILE;
  return file ? file : undefined;
}

function readInstant(file: string): Date {
  const text = fs.readFileSync(file, "utf8").trim();
  const instant = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(instant.getTime())) {
    throw new Error(
      `E2E_CLOCK_FILE ${file} does not hold an ISO instant: ${JSON.stringify(text.slice(0, 40))}`,
    );
  }
  return instant;
}

/** The current instant: the real clock, or the test clock file's instant while E2E_CLOCK_FILE is set. */
export function now(): Date {
  const file = clockFile();
  return file ? readInstant(file) : new Date();
}

/** Whether the test clock is in use (start-up logs it loudly). */
export function usesTestClock(): boolean {
  return clockFile() !== undefined;
}

/** Throws at start-up when E2E_CLOCK_FILE is set but unusable, instead of failing on each request. */
export function assertClockReadable() {
  const file = clockFile();
  if (file) readInstant(file);
}
