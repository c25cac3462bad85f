/**
 * Shared parts of the benchmark scripts: a PostgreSQL database of their own (from BENCH_DATABASE_URL
 * or TEST_DATABASE_URL, else the throwaway cluster of scripts/start-test-postgres.sh), percentiles,
 * and the admin's cookie.
 */
import { spawnSync } from "node:child_process";
import pg from "pg";
import { DEMO_ADMIN } from "../db/seed";

/** The URL of a PostgreSQL server we may create databases on. */
export function postgresAdminUrl(): string {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) return given;
  const started = spawnSync("bash", ["scripts/start-test-postgres.sh"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = started.stdout.trim();
  if (started.status !== 0 || !url) {
    throw new Error("No PostgreSQL: set BENCH_DATABASE_URL (or install Debian's postgresql package)");
  }
  return url;
}

/** Creates a fresh database; returns its URL and a function that drops it. */
export async function freshDatabase(adminUrl: string, label: string) {
  const name = `nokturn_${label}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Signs the demo admin in on `baseUrl`; returns the Cookie header value. */
export async function adminCookie(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
