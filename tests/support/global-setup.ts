import { STANDIN_TOKEN, startInpostStandin } from "./inpost-standin";
import { startServer } from "./server";
import { prepareSignedInDataDir } from "./sessions";

/**
 * One production server for the whole e2e run; tests read its address from E2E_BASE_URL. Its database
 * is seeded before it starts, with a session for the demo admin, the demo customer
 * and a test moderator
 * (E2E_ADMIN_COOKIE, E2E_CUSTOMER_COOKIE, E2E_MODERATOR_COOKIE): signed-in tests start signed in (tests/support/sessions.ts).
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  // The parcel-locker map comes from a local stand-in of InPost's Geowidget host.
  const inpost = await startInpostStandin();
  process.env.E2E_INPOST_URL = inpost.url;
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
    },
  }).catch(async (error: unknown) => {
    await inpost.stop();
    throw error;
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_ADMIN_COOKIE = seeded.cookies.admin;
  process.env.E2E_CUSTOMER_COOKIE = seeded.cookies.customer;
  process.env.E2E_MODERATOR_COOKIE = seeded.cookies.moderator;
  return async () => {
    await server.stop();
    await inpost.stop();
  };
}
