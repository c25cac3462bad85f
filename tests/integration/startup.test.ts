/**
 * Start-up on the embedded database (moved from tests/e2e/startup.test.ts, issue #25): the server's
 * own `prepare` run twice in-process on one PGlite data directory, with `shutdown` between, as a
 * restart does. The first start migrates and seeds the empty database; the second finds the data and
 * seeds nothing. (The start-up failures that exit the process stay in tests/http/startup.test.ts.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDatabaseHandle } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import { logger } from "../../app/lib/logger.server";
import { loader as landingLoader } from "../../app/routes/home";
import * as s from "../../db/schema";
import { prepare, shutdown } from "../../server/app";

const SETTINGS = ["DATA_DIR", "DATABASE_URL", "SMTP_URL", "STORAGE_DRIVER", "SEED_DEMO"] as const;
const saved = new Map<string, string | undefined>();
let dataDir = "";

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-startup-"));
  for (const name of SETTINGS) saved.set(name, process.env[name]);
  // The embedded default: PGlite under DATA_DIR, file e-mail, uploads on disk, demo seed on an empty database.
  process.env.DATA_DIR = dataDir;
  for (const name of SETTINGS.slice(1)) delete process.env[name];
  resetEnvCache();
});

afterAll(async () => {
  await shutdown();
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One start of the server's start-up on the data dir: what it logged at info level, and the landing page's data. */
async function start() {
  const info = vi.spyOn(logger, "info");
  try {
    await prepare();
    const messages = info.mock.calls.map((call) => call.map((part) => String(part)).join(" "));
    const [products] = await getDatabaseHandle().db.select({ n: count() }).from(s.products);
    const landing = await landingLoader({ params: {} } as Parameters<typeof landingLoader>[0]);
    return { messages, products: products.n, landing: JSON.stringify(landing) };
  } finally {
    info.mockRestore();
  }
}

describe("start-up on the embedded database", () => {
  it("a restart keeps the data and does not seed again", async () => {
    const first = await start();
    expect(first.messages).toContain("empty database: adding demo content");
    // The landing page leads with the first upcoming seeded night (issue #17: SPEC's 17.01.2026 is over).
    expect(first.landing).toContain("NOKTURN: Hangar");
    expect(first.products).toBeGreaterThan(0);
    await shutdown();

    const second = await start();
    expect(second.messages.join("\n")).not.toContain("adding demo content");
    expect(second.landing).toContain("NOKTURN: Hangar");
    // The same data, nothing added twice.
    expect(second.products).toBe(first.products);
  });
});
