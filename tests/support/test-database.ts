/**
 * A fresh, migrated database for one integration test file: PGlite in memory by default, or a new
 * PostgreSQL database (created and dropped around the file) when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../app/lib/db.server";

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
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  await handle.migrate();
  return {
    ...handle,
    name,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
