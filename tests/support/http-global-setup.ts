/**
 * The `http` Vitest project's one shared production server (embedded database, seeded, with a session
 * for the demo admin and customer). Files read its address with `inject("baseUrl")`; a file that needs
 * another configuration starts its own server with `startServer`.
 *
 * The server logs at info level (one line per request, as in production) and everything it prints
 * is appended to `inject("serverLog")` (a file in its data dir), so a test can read the log, e.g. that
 * a token in a URL is redacted (tests/http/security-limits.test.ts).
 */
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "./server";
import { prepareSignedInDataDir } from "./sessions";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    adminCookie: string;
    customerCookie: string;
    moderatorCookie: string;
    /** Path of a file holding the shared server's output (stdout and stderr), appended as it comes. */
    serverLog: string;
  }
}

export default async function setup(project: TestProject) {
  const seeded = await prepareSignedInDataDir();
  const server = await startServer({
    dataDir: seeded.dataDir,
    env: {
      AUTH_SECRET: seeded.authSecret,
      LOG_LEVEL: "info",
      // Every test comes from 127.0.0.1, as the e2e run's browsers do (tests/support/global-setup.ts):
      // the no-script form tests and the checkouts of several files make carts and open checkouts
      // beside each other. The per-client caps themselves are tested in tests/integration.
      CHECKOUT_OPEN_PER_IP: "200",
      CHECKOUT_STARTS_PER_IP: "2000",
      NEW_CARTS_PER_IP: "2000",
    },
  });
  const serverLog = path.join(server.dataDir, "server.log");
  // What it printed while starting, then every chunk as it comes (no await between: nothing is missed).
  fs.writeFileSync(serverLog, server.output());
  const append = (chunk: Buffer) => fs.appendFileSync(serverLog, chunk);
  server.process.stdout?.on("data", append);
  server.process.stderr?.on("data", append);
  project.provide("baseUrl", server.url);
  project.provide("dataDir", server.dataDir);
  project.provide("adminCookie", `better-auth.session_token=${seeded.cookies.admin}`);
  project.provide("customerCookie", `better-auth.session_token=${seeded.cookies.customer}`);
  project.provide("moderatorCookie", `better-auth.session_token=${seeded.cookies.moderator}`);
  project.provide("serverLog", serverLog);
  return () => server.stop();
}
