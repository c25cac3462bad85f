/**
 * Start-up failures of the production build (moved from tests/e2e, issue #25): each runs the server
 * with one bad setting and waits for it to exit, so none listens. The restart that keeps the data is
 * an in-process integration test now (tests/integration/startup.test.ts). Each run spends a few
 * seconds of CPU loading the server bundle before it fails.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { runServerExpectingExit } from "../support/server";

// One after the other: side by side they only compete for the same two cores.
describe("start-up", { timeout: 120_000 }, () => {
  test("a wrong DATABASE_URL stops start-up with a one-line reason and exit code 1", async () => {
    const { code, stderr } = await runServerExpectingExit({
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
    });
    expect(code).toBe(1);
    const lines = stderr
      .trim()
      .split("\n")
      .filter((line) => !line.startsWith("npm warn"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Start-up failed: .*(ECONNREFUSED|connect)/);
  });

  // Which settings are malformed and how each is named: app/lib/env.server.test.ts; here, once, that
  // the process stops on one with that one line.
  test("a malformed setting stops start-up naming it", async () => {
    const { code, stderr } = await runServerExpectingExit({ SMTP_URL: "mail.example.com:25" });
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Start-up failed: Invalid settings:");
    expect(lines[0]).toContain("SMTP_URL");
  });

  // The missing file is app/lib/clock.server.test.ts's; here, that the process stops on a bad one.
  test("a test clock that cannot be read stops start-up instead of running on a wrong time", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-clock-"));
    const file = path.join(dir, "now");
    fs.writeFileSync(file, "jutro");
    try {
      const { code, stderr } = await runServerExpectingExit({ E2E_CLOCK_FILE: file });
      expect(code).toBe(1);
      expect(stderr).toContain("Start-up failed:");
      expect(stderr).toContain("does not hold an ISO instant");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
