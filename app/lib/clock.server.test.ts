import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { assertClockReadable, now, usesTestClock } from "./clock.server";

describe("the test clock", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-clock-"));
  const file = path.join(dir, "now");
  afterEach(() => {
    vi.unstubAllEnvs();
    fs.rmSync(file, { force: true });
  });

  it("is the real clock unless E2E_CLOCK_FILE is set", () => {
    vi.stubEnv("E2E_CLOCK_FILE", "");
    expect(usesTestClock()).toBe(false);
    expect(() => assertClockReadable()).not.toThrow();
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it("reads the file's instant on every call", () => {
    vi.stubEnv("E2E_CLOCK_FILE", file);
    fs.writeFileSync(file, "2026-01-17T23:30:00+01:00");
    expect(now().toISOString()).toBe("2026-01-17T22:30:00.000Z");
    fs.writeFileSync(file, "2026-03-01T12:00:00Z");
    expect(now().toISOString()).toBe("2026-03-01T12:00:00.000Z");
  });

  it("stops start-up when the file is missing or holds no instant (no wrong time)", () => {
    vi.stubEnv("E2E_CLOCK_FILE", file);
    expect(() => assertClockReadable()).toThrow(/ENOENT/);
    fs.writeFileSync(file, "jutro");
    expect(() => assertClockReadable()).toThrow(/does not hold an ISO instant/);
  });
});
