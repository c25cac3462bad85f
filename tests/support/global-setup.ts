import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CLOCK_SEED_DAY } from "./clock-server";
import { STANDIN_TOKEN, startInpostStandin } from "./inpost-standin";
import { startServer } from "./server";
import { prepareSignedInDataDir } from "./sessions";

/**
 * One production server for the whole e2e run; tests read its address from E2E_BASE_URL. Its database
 * is seeded before it starts, with a session for the demo admin, the demo customer
 * and a test moderator
 * (E2E_ADMIN_COOKIE, E2E_CUSTOMER_COOKIE, E2E_MODERATOR_COOKIE): signed-in tests start signed in (tests/support/sessions.ts).
 * Beside it, the one server on the test clock (tests/support/clock-server.ts), started at the same time.
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  // The parcel-locker map comes from a local stand-in of InPost's Geowidget host.
  const inpost = await startInpostStandin();
  process.env.E2E_INPOST_URL = inpost.url;
  const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-clock-"));
  const clockFile = path.join(clockDir, "now");
  fs.writeFileSync(clockFile, CLOCK_SEED_DAY);
  const startMain = async () => {
    const seeded = await prepareSignedInDataDir();
    const server = await startServer({
      dataDir: seeded.dataDir,
      env: {
        AUTH_SECRET: seeded.authSecret,
        INPOST_GEOWIDGET_URL: inpost.url,
        INPOST_GEOWIDGET_TOKEN: STANDIN_TOKEN,
        // Every browser of the suite comes from 127.0.0.1, like buyers behind one venue's Wi-Fi
        // (decision 015); the per-client caps themselves are tested in tests/integration.
        CHECKOUT_OPEN_PER_IP: "200",
        CHECKOUT_STARTS_PER_IP: "2000",
        NEW_CARTS_PER_IP: "2000",
      },
    });
    return { seeded, server };
  };
  const startClock = async () => {
    const seeded = await prepareSignedInDataDir(new Date(CLOCK_SEED_DAY));
    const server = await startServer({
      dataDir: seeded.dataDir,
      env: { AUTH_SECRET: seeded.authSecret, E2E_CLOCK_FILE: clockFile },
    });
    return { seeded, server };
  };
  const [main, clock] = await Promise.allSettled([startMain(), startClock()]);
  if (main.status === "rejected" || clock.status === "rejected") {
    if (main.status === "fulfilled") await main.value.server.stop();
    if (clock.status === "fulfilled") await clock.value.server.stop();
    await inpost.stop();
    throw main.status === "rejected" ? main.reason : (clock as PromiseRejectedResult).reason;
  }
  const { seeded, server } = main.value;
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_ADMIN_COOKIE = seeded.cookies.admin;
  process.env.E2E_CUSTOMER_COOKIE = seeded.cookies.customer;
  process.env.E2E_MODERATOR_COOKIE = seeded.cookies.moderator;
  process.env.E2E_CLOCK_URL = clock.value.server.url;
  process.env.E2E_CLOCK_FILE = clockFile;
  process.env.E2E_CLOCK_DATA_DIR = clock.value.server.dataDir;
  process.env.E2E_CLOCK_ADMIN_COOKIE = clock.value.seeded.cookies.admin;
  return async () => {
    await Promise.all([server.stop(), clock.value.server.stop()]);
    await inpost.stop();
    fs.rmSync(clockDir, { recursive: true, force: true });
  };
}
