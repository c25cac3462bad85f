/** `npm run db:migrate`: applies committed migrations to the configured database. */
import { openDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";

const settings = env();
const handle = await openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
