import { startServer } from "./server";

/** One production server for the whole e2e run; tests read its address from E2E_BASE_URL. */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
