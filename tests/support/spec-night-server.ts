/**
 * A Playwright `test` whose pages come from a production server of its own, seeded and run on the test
 * clock (E2E_CLOCK_FILE, decision 022) at 10.01.2026 12:00 UTC: a week before SPEC's night
 * (17.01.2026, 23:00 Warsaw), so the landing page leads with that night and sells it, as SPEC
 * describes it. The shared suite server runs on the real clock, where that night is over.
 * One server per worker; `page.goto("/")` and `request` go to it through `baseURL`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test as base } from "@playwright/test";
import { startServer, type TestServer } from "./server";

export const SPEC_NIGHT_CLOCK = "2026-01-10T12:00:00Z";

export const test = base.extend<object, { specNightServer: TestServer }>({
  specNightServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from its first parameter.
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-clock-"));
      const clockFile = path.join(dir, "now");
      fs.writeFileSync(clockFile, SPEC_NIGHT_CLOCK);
      const server = await startServer({ env: { E2E_CLOCK_FILE: clockFile } });
      await use(server);
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ specNightServer }, use) => use(specNightServer.url),
});
