/**
 * A fresh, migrated database for one integration test file: PGlite in memory by default, or a new
 * PostgreSQL database (created and dropped around the file) when TEST_DATABASE_URL is set.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, MIGRATIONS_DIR, openDatabase } from "../../app/lib/db.server";

export type TestDatabase = DatabaseHandle & { name: string; dispose(): Promise<void> };

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The migrated, empty cluster, made once per test worker: a new PGlite cluster plus the migrations
 * took 2.7–4 s per file (most of the PGlite run); a copy of this dump opens in a fraction of it.
 */
let migratedDump: Promise<Blob> | undefined;

async function makeMigratedDump() {
  const template = await openDatabase({ memory: true });
  await template.migrate();
  const dump = await template.dump!();
  await template.close();
  return dump;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    migratedDump ??= makeMigratedDump();
    const handle = await openDatabase({ memory: true, fromDump: await migratedDump });
    // Nothing to apply: the dump is migrated; this only checks that it is.
    await handle.migrate();
    return { ...handle, name: "pglite:memory", dispose: () => handle.close() };
  }
  const name = `nokturn_test_${randomBytes(6).toString("hex")}`;
  const template = await migratedTemplate(adminUrl);
  await withClient(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), poolSize: 20 });
  // Nothing to apply: the template is migrated; this only checks that it is.
  await handle.migrate();
  return {
    ...handle,
    name,
    async dispose() {
      await handle.close();
      await withClient(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * On PostgreSQL, the migrated empty database every file's database is copied from (`create database …
 * template`), as PGlite's files start from the migrated dump: migrating each file's database took most
 * of its set-up. Named after the migrations' contents, so a changed migration makes a new template; made
 * once per cluster (an advisory lock keeps two workers from making it together) and kept for later runs.
 */
let templateName: Promise<string> | undefined;

function migrationsHash() {
  const hash = createHash("sha256");
  for (const file of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

function migratedTemplate(adminUrl: string) {
  templateName ??= (async () => {
    const name = `nokturn_template_${migrationsHash()}`;
    await withClient(adminUrl, async (admin) => {
      await admin.query("select pg_advisory_lock(7240118)");
      try {
        const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
        if (found.rowCount) return;
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building), poolSize: 1 });
        try {
          await handle.migrate();
        } finally {
          await handle.close();
        }
        // Renamed only when complete: a run stopped half-way leaves no half-migrated template.
        await admin.query(`alter database ${building} rename to ${name}`);
      } finally {
        await admin.query("select pg_advisory_unlock(7240118)");
      }
    });
    return name;
  })();
  return templateName;
}
