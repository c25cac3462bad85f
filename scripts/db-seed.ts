/** `npm run db:seed`: migrates, then adds the demo content (idempotent: existing rows are kept). */
import { openDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";
import { seedDemo } from "../db/seed";

const settings = env();
const handle = await openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
await handle.migrate();
await seedDemo(handle.db);
await handle.close();
console.log(`Demo content seeded (${handle.kind}).`);
