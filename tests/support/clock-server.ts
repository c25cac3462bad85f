/**
 * The suite's one server on the test clock (E2E_CLOCK_FILE, decision 022), started by the global setup
 * beside the main one and seeded on CLOCK_SEED_DAY (Hangar on 26.01 and Zajezdnia on 23.02: seed day
 * + 21 and + 49 days). The specs that use it move its clock, so they run one file after another in the
 * Playwright projects `clock-*` (playwright.config.ts), never beside each other. `page.goto("/")` and
 * `request` go to it through `baseURL`; pages start signed in as nobody unless a test asks.
 */
import fs from "node:fs";
import { test as base } from "@playwright/test";
import { storageStateFor } from "./session-cookie";

export const CLOCK_SEED_DAY = "2026-01-05T12:00:00Z";
/** A week before SPEC's night (17.01.2026, 23:00 Warsaw): the landing page leads with it and sells it. */
export const SPEC_NIGHT_CLOCK = "2026-01-10T12:00:00Z";

export const clockUrl = () => process.env.E2E_CLOCK_URL ?? "";

/** Sets the clock server's "now" (it re-reads the file on every use). */
export function setClock(iso: string) {
  const file = process.env.E2E_CLOCK_FILE;
  if (!file) throw new Error("no clock server: the e2e global setup did not run");
  fs.writeFileSync(file, iso);
}

/** The clock server's admin session, for `browser.newContext({ storageState })`. */
export const clockAdmin = () => storageStateFor(clockUrl(), process.env.E2E_CLOCK_ADMIN_COOKIE ?? "");

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from its first parameter.
  baseURL: async ({}, use) => use(clockUrl()),
});
