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

  test("a malformed setting stops start-up naming it", async () => {
    const cases = [
      [{ DATABASE_URL: "mysql://localhost/shop" }, "DATABASE_URL"],
      [{ SMTP_URL: "mail.example.com:25" }, "SMTP_URL"],
      [{ ALLOW_TEST_PAYMENTS: "" }, "PAYMENT_PROVIDER"],
    ] as const;
    for (const [env, name] of cases) {
      const { code, stderr } = await runServerExpectingExit(env);
      expect(code, `${name} should stop start-up`).toBe(1);
      const lines = stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("Start-up failed: Invalid settings:");
      expect(lines[0]).toContain(name);
    }
  });

  test("a test clock that cannot be read stops start-up instead of running on a wrong time", async () => {
    for (const content of [null, "jutro"]) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-clock-"));
      const file = path.join(dir, "now");
      if (content !== null) fs.writeFileSync(file, content);
      try {
        const { code, stderr } = await runServerExpectingExit({ E2E_CLOCK_FILE: file });
        expect(code).toBe(1);
        expect(stderr).toContain("Start-up failed:");
        expect(stderr).toContain(content === null ? "ENOENT" : "does not hold an ISO instant");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
