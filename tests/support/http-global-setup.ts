/**
 * The `http` Vitest project's one shared production server (embedded database, seeded, with a session
 * for the demo admin and customer). Files read its address with `inject("baseUrl")`; a file that needs
 * another configuration starts its own server with `startServer`.
 */
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
  }
}

export default async function setup(project: TestProject) {
  const seeded = await prepareSignedInDataDir();
  const server = await startServer({
    dataDir: seeded.dataDir,
    env: { AUTH_SECRET: seeded.authSecret },
  });
  project.provide("baseUrl", server.url);
  project.provide("dataDir", server.dataDir);
  project.provide("adminCookie", `better-auth.session_token=${seeded.cookies.admin}`);
  project.provide("customerCookie", `better-auth.session_token=${seeded.cookies.customer}`);
  project.provide("moderatorCookie", `better-auth.session_token=${seeded.cookies.moderator}`);
  return () => server.stop();
}
