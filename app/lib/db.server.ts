/**
 * The database: PGlite embedded in the process (files under DATA_DIR) by default, PostgreSQL through
 * node-postgres when DATABASE_URL is set. Both speak the same drizzle schema and migrations.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../db/schema";
import { tallyingLogger } from "./query-tally.server";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: domain functions accept either so they compose. */
export type Executor = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole cluster as a tarball, to open copies of it (`fromDump`). */
  dump?(): Promise<Blob>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (delivered when the notifying
   * transaction commits).
   * On PostgreSQL a dedicated connection listens and reconnects by itself; `onGap` is called whenever
   * notifications may have been missed (connection lost, re-established). Resolves to a stop function.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
};

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "db/migrations");
// Any fixed number: instances starting together take turns migrating.
const MIGRATION_LOCK_ID = 7_240_117;

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** An in-memory PGlite starts from this dump (`dumpDatabase`) instead of an empty cluster. */
  fromDump?: Blob;
  poolSize?: number;
};

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(
    options.memory ? undefined : path.join(options.dataDir ?? "./data", "pglite"),
    options.fromDump,
  );
}

async function openPglite(directory: string | undefined, fromDump?: Blob): Promise<DatabaseHandle> {
  if (directory) fs.mkdirSync(directory, { recursive: true });
  const client = directory ? new PGlite(directory) : new PGlite({ loadDataDir: fromDump });
  await client.waitReady;
  const db = drizzlePglite({
    client: withRawTypesOnce(client),
    schema,
    logger: tallyingLogger,
  }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
    async listen(channel, onNotify) {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}

/** The types drizzle reads as PostgreSQL's text (its pglite session's `parsers`): dates, times, intervals. */
const RAW_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

type QueryClient = Pick<PGlite, "query">;

/**
 * drizzle hands PGlite its parsers for those types with every query, and PGlite then copies its whole
 * table of parsers (several hundred array types) to merge them: ~0.2 ms a query, a third of a one-row
 * select (decision 036). Set once on the instance instead (after start-up, which builds the array
 * parsers), the per-query copy is left out by the client drizzle is given.
 */
function withRawTypesOnce<T extends QueryClient>(client: T & { parsers?: PGlite["parsers"] }): T {
  if (client.parsers) for (const type of RAW_TYPES) client.parsers[type] = (value: string) => value;
  return new Proxy(client, {
    get(target, key) {
      if (key === "query") {
        return (query: string, params?: unknown[], options?: Parameters<PGlite["query"]>[2]) => {
          if (!options?.parsers) return target.query(query, params, options);
          const { parsers: _sameAsTheInstance, ...rest } = options;
          return target.query(query, params, rest);
        };
      }
      if (key === "transaction") {
        return (run: (tx: QueryClient) => Promise<unknown>) =>
          (target as unknown as PGlite).transaction((tx) => run(withRawTypesOnce(tx)));
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Fail fast with the driver's reason when the URL is wrong or the server is down.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePostgres({ client: pool, schema, logger: tallyingLogger }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
    listen: (channel, onNotify, onGap) => listenPostgres(url, channel, onNotify, onGap),
  };
}

/** LISTEN on a connection of its own (a pooled one would be handed to other queries). */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onGap: () => void = () => {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async (delayMs: number) => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      onGap();
      next.end().catch(() => {});
      const wait = Math.max(delayMs, 500);
      retry = setTimeout(() => void connect(Math.min(wait * 2, 30_000)), wait);
      retry.unref();
    };
    next.on("error", lost);
    next.on("end", lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      // Whatever happened while we were not listening is unknown.
      if (delayMs > 0) onGap();
    } catch (error) {
      // The first attempt fails loudly (start-up); later ones keep retrying.
      if (delayMs === 0) {
        stopped = true;
        await next.end().catch(() => {});
        throw error;
      }
      if (client === next) lost();
    }
  };

  await connect(0);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
    client = undefined;
  };
}

// The process-wide handle lives on globalThis so development hot reloads reuse one connection.
const holder = globalThis as typeof globalThis & { __nokturnDb?: DatabaseHandle };

/** Installs the handle the app uses (server start-up, tests). */
export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.__nokturnDb = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = holder.__nokturnDb;
  if (!handle) throw new Error("Database not initialised: call initDatabase() at start-up");
  return handle;
}

/** The app's database. */
export function db(): Database {
  return getDatabaseHandle().db;
}

export async function ping(database: Database = db()) {
  await database.execute(sql`select 1`);
}
