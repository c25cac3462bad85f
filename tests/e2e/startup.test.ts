import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { runServerExpectingExit, startServer } from "../support/server";

// These start their own servers: keep them serial and off the shared one.
test.describe.configure({ mode: "serial", timeout: 90_000 });

test.describe("start-up", () => {
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
    for (const [env, name] of [
      [{ DATABASE_URL: "mysql://localhost/shop" }, "DATABASE_URL"],
      [{ SMTP_URL: "mail.example.com:25" }, "SMTP_URL"],
      [{ ALLOW_TEST_PAYMENTS: "" }, "PAYMENT_PROVIDER"],
    ] as const) {
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

  test("a restart keeps the data and does not seed again", async ({ request }) => {
    const first = await startServer({ keepData: true, env: { LOG_LEVEL: "info" } });
    try {
      expect(first.output()).toContain("empty database: adding demo content");
      // The landing page leads with the first upcoming seeded night (issue #17: SPEC's 17.01.2026 is over).
      const page = await request.get(`${first.url}/`);
      expect(await page.text()).toContain("NOKTURN: Hangar");
    } finally {
      await first.stop();
    }
    const second = await startServer({ dataDir: first.dataDir, env: { LOG_LEVEL: "info" } });
    try {
      expect(second.output()).not.toContain("adding demo content");
      const page = await request.get(`${second.url}/`);
      expect(await page.text()).toContain("NOKTURN: Hangar");
    } finally {
      await second.stop();
    }
  });
});
