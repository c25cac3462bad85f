import { STANDIN_TOKEN, startInpostStandin } from "./inpost-standin";
import { startServer } from "./server";

/** One production server for the whole e2e run; tests read its address from E2E_BASE_URL. */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  // The parcel-locker map comes from a local stand-in of InPost's Geowidget host.
  const inpost = await startInpostStandin();
  process.env.E2E_INPOST_URL = inpost.url;
  const server = await startServer({
    env: { INPOST_GEOWIDGET_URL: inpost.url, INPOST_GEOWIDGET_TOKEN: STANDIN_TOKEN },
  }).catch(async (error: unknown) => {
    await inpost.stop();
    throw error;
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    await inpost.stop();
  };
}
