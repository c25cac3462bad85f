import { defineConfig, devices } from "@playwright/test";

/**
 * Debian's Chromium headless shell (Playwright cannot download its own browser here): the same engine
 * without the full browser's shell, what Playwright itself runs headless tests in. On the same 65
 * tests it took 103 s where the full browser's new headless mode took 150 s (decision 028).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  globalSetup: "./tests/support/global-setup.ts",
  fullyParallel: true,
  // Three workers on two cores: a test waits on the server and the network part of the time, so two
  // left the cores idle 14% of the run (2 workers: 689 s; 3: 576 s, no flaky test). Playwright's
  // default is half the cores, one worker here; CI does not set CI.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // One retry: a timing race on a loaded 2-core CI machine should not sink a whole run. The list
  // reporter marks a test that passed only on retry as "flaky"; those are fixed, not ignored.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    // Set by the global setup once the server is listening; workers inherit it.
    baseURL: process.env.E2E_BASE_URL,
    // The event site's endless poster zoom, glow and marquee kept a whole core busy while any page with
    // them stayed open (software compositing, no GPU): 10.4 CPU s per 10 s idle on `/`, 0.44 with
    // reduced motion. A test about motion asks for it with test.use({ reducedMotion: "no-preference" }).
    reducedMotion: "reduce",
    locale: "pl-PL",
    timezoneId: "Europe/Warsaw",
    // Recording a trace (DOM snapshots and screenshots at every step) for every test cost CPU the
    // two cores do not have; a failing test is traced on its retry (decision 028).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // The shop's list and product pages are read as seeded, before any panel test adds a product of its
    // own to the same server (they would show in /merch, in its counts and in "related"); nothing in
    // this project writes.
    {
      name: "catalog",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      // security.test.ts reads the page cache's HIT twice: beside the panel's and the checkout's writes,
      // which empty the cache, it saw a MISS (once in three runs).
      testMatch: ["**/shop-catalog.test.ts", "**/security.test.ts"],
    },
    // The test-clock server's specs move one clock: one file after the other, never beside each other,
    // in the order of their names (the landing reads the seeded nights before the others add theirs).
    // One project with one worker, beside "desktop" in the same phase: as a chain of dependent projects
    // the last two ran after everything else, one worker busy and two idle.
    {
      name: "clock",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: "**/*.clock.test.ts",
      fullyParallel: false,
      workers: 1,
      dependencies: ["catalog"],
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: [
        "**/*.mobile.test.ts",
        "**/*.clock.test.ts",
        "**/shop-catalog.test.ts",
        "**/security.test.ts",
      ],
      dependencies: ["catalog"],
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], channel: undefined },
      testMatch: "**/*.mobile.test.ts",
      dependencies: ["catalog"],
    },
  ],
});
