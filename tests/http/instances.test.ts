/**
 * Several instances (issue #10): two production servers on different ports share one PostgreSQL
 * database and one S3-compatible bucket (a local s3rver stand-in), like processes behind a load
 * balancer. Nothing that matters may live in a process: a session made on one is valid on the other,
 * a rate limit counts across both, and an image uploaded through one is served by the other. (That
 * several outbox workers deliver every e-mail exactly once is tests/integration/mail-outbox.test.ts's.)
 *
 * Moved from tests/e2e (issue #25). The database is migrated, seeded and given the demo admin's
 * session before the servers start (tests/support/sessions.ts), so both start at once and find it
 * ready; only the session test signs in, since a session made by an instance is what it is about.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase } from "../../app/lib/db.server";
import { DEMO_ADMIN } from "../../db/seed";
import { cookieHeader } from "../support/security";
import { startServer, type TestServer } from "../support/server";
import { SESSION_COOKIE, seedSignedIn } from "../support/sessions";

const BUCKET = "nokturn-uploads";
const AUTH_SECRET = "several-instances-share-this-secret-0123456789";
const adminUrl = process.env.TEST_DATABASE_URL;

let databaseName = "";
let s3: S3rver | undefined;
let s3Dir = "";
let a: TestServer;
let b: TestServer;
/** The seeded admin's session, valid on both instances. */
let adminCookie = "";

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl() {
  const url = new URL(adminUrl ?? "");
  url.pathname = `/${databaseName}`;
  return url.toString();
}

beforeAll(async () => {
  if (!adminUrl) {
    throw new Error(
      "This test needs PostgreSQL: export TEST_DATABASE_URL=$(bash scripts/start-test-postgres.sh) (npm test does it)",
    );
  }
  databaseName = `nokturn_instances_${Date.now().toString(36)}`;
  await adminQuery(`create database ${databaseName}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl() });
  try {
    adminCookie = `${SESSION_COOKIE}=${(await seedSignedIn(handle, AUTH_SECRET)).admin}`;
  } finally {
    await handle.close();
  }

  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-s3-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const s3Address = (await s3.run()) as AddressInfo;

  const shared = {
    DATABASE_URL: databaseUrl(),
    AUTH_SECRET,
    STORAGE_DRIVER: "s3",
    S3_BUCKET: BUCKET,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    MAIL_FROM: "NOKTURN <sklep@nokturn.example>",
  };
  // Both at once, as behind a load balancer: the database is ready, and migrations take turns anyway.
  [a, b] = await Promise.all([startServer({ env: shared }), startServer({ env: shared })]);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.close();
  if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
  if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
});

test("a session made on one instance is valid on the other", async () => {
  const signIn = await fetch(`${a.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: a.url },
    body: JSON.stringify(DEMO_ADMIN),
  });
  expect(signIn.status).toBe(200);
  const cookie = cookieHeader(signIn.headers.getSetCookie());

  const session = await fetch(`${b.url}/api/auth/get-session`, { headers: { cookie } });
  expect(session.status).toBe(200);
  expect(((await session.json()) as { user?: { email: string } }).user?.email).toBe(DEMO_ADMIN.email);
  const panel = await fetch(`${b.url}/admin/orders`, { headers: { cookie }, redirect: "manual" });
  await panel.arrayBuffer();
  expect(panel.status).toBe(200);
});

test("a rate limit counts requests to both instances", async () => {
  const body = {
    intent: "contact",
    name: "Nadawca Dwóch Serwerów",
    email: "dwa@example.com",
    subject: "other",
    message: "Wiadomość wysłana raz tu, raz tam.",
    gdpr: "on",
  };
  // Five per window per client (CONTACT_RATE_LIMIT), wherever they land.
  const statuses: number[] = [];
  for (const server of [a, b, a, b, a, b]) {
    const response = await fetch(`${server.url}/contact`, {
      method: "POST",
      body: new URLSearchParams(body),
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
});

test("an image uploaded through one instance is served by the other", async () => {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#ff2e88" } })
    .jpeg()
    .toBuffer();
  const multipart = new FormData();
  multipart.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "dwa-serwery.jpg");
  const upload = await fetch(`${a.url}/admin/products/images`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: a.url },
    body: multipart,
  });
  const text = await upload.text();
  expect(upload.status, text).toBe(200);
  const { image } = JSON.parse(text) as { image: { src: string; widths: number[]; formats: string[] } };
  const file = `${image.src}-${image.widths[0]}.${image.formats[0]}`;

  const fromB = await fetch(`${b.url}${file}`);
  expect(fromB.status).toBe(200);
  expect(fromB.headers.get("content-type")).toBe(`image/${image.formats[0]}`);
  const fromA = await fetch(`${a.url}${file}`);
  expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  // Nothing was written to either instance's disk: the bucket holds it.
  for (const server of [a, b]) expect(fs.existsSync(path.join(server.dataDir, "uploads"))).toBe(false);
});
