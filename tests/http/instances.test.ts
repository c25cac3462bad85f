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
import { DEMO_ADMIN, DEMO_CUSTOMER, demoProductId } from "../../db/seed";
import { cookieHeader } from "../support/security";
import { startServer, type TestServer } from "../support/server";
import { SESSION_COOKIE, seedSignedIn } from "../support/sessions";
import { totePriceForm } from "../support/tote-price";

const BUCKET = "nokturn-uploads";
const AUTH_SECRET = "several-instances-share-this-secret-0123456789";
const adminUrl = process.env.TEST_DATABASE_URL;

let databaseName = "";
let s3: S3rver | undefined;
let s3Dir = "";
let a: TestServer;
let b: TestServer;
/** The seeded admin's and customer's sessions, valid on both instances. */
let adminCookie = "";
let customerCookie = "";

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
    const sessions = await seedSignedIn(handle, AUTH_SECRET);
    adminCookie = `${SESSION_COOKIE}=${sessions.admin}`;
    customerCookie = `${SESSION_COOKIE}=${sessions.customer}`;
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

// ---------------------------------------------------------------------------------------------------
// What each instance keeps in memory (decision 036) is dropped on every instance when the database
// changes: the notifications arrive a moment after the commit, so the other instance is polled.
// ---------------------------------------------------------------------------------------------------

async function signIn(server: TestServer, account: { email: string; password: string }) {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify(account),
  });
  expect(response.status).toBe(200);
  return cookieHeader(response.headers.getSetCookie());
}

/** Polls `check` every 20 ms for up to 3 s; true as soon as it holds. */
async function within3s(check: () => Promise<boolean>) {
  const deadline = Date.now() + 3_000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/** How many queries a page made (the `Server-Timing` the request handler adds). */
async function queriesOf(server: TestServer, pathname: string, cookie: string) {
  const response = await fetch(`${server.url}${pathname}`, { headers: { cookie }, redirect: "manual" });
  const html = await response.text();
  expect(response.status, `${pathname}: ${html.slice(0, 300)}`).toBe(200);
  const timing = response.headers.get("server-timing") ?? "";
  const count = /db;desc="(\d+) quer/.exec(timing)?.[1];
  expect(count, `${pathname} Server-Timing: ${timing}`).toBeDefined();
  return { queries: Number(count), html };
}

test("a session signed out on one instance ends on the other", async () => {
  const cookie = await signIn(a, DEMO_CUSTOMER);
  // Read twice on B: the second is from what B keeps.
  for (let i = 0; i < 2; i++)
    expect((await queriesOf(b, "/account", cookie)).html).toContain(DEMO_CUSTOMER.email);
  const signOut = await fetch(`${a.url}/api/auth/sign-out`, {
    method: "POST",
    headers: { cookie, origin: a.url, "content-type": "application/json" },
    body: "{}",
  });
  await signOut.arrayBuffer();
  expect(signOut.status).toBe(200);
  const ended = await within3s(async () => {
    const account = await fetch(`${b.url}/account`, { headers: { cookie }, redirect: "manual" });
    await account.arrayBuffer();
    return account.status >= 300 && account.status < 400;
  });
  expect(ended).toBe(true);
});

/** Saves the tote's price through the panel of A (every instance drops what it keeps). */
async function changeTotePrice(price: string) {
  const form = totePriceForm(price);
  const saved = await fetch(`${a.url}/admin/products/${demoProductId(TOTE)}/edit`, {
    method: "POST",
    headers: { cookie: adminCookie, "content-type": "application/x-www-form-urlencoded", origin: a.url },
    body: form,
    redirect: "manual",
  });
  await saved.arrayBuffer();
  expect(saved.status).toBe(303);
}

const TOTE = "torba-nokturn-tote";

test("a role given or taken on the database is what the account's menu shows on the other instance", async () => {
  const hasPanelLink = async () =>
    (await queriesOf(b, "/account", customerCookie)).html.includes("Panel Admina");
  // Read twice: the second from what B keeps.
  for (let i = 0; i < 2; i++) expect(await hasPanelLink()).toBe(false);
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  const customer = `(select id from "user" where email = '${DEMO_CUSTOMER.email}')`;
  try {
    await client.query(`insert into user_roles (user_id, role) select ${customer}, 'admin'`);
    expect(await within3s(hasPanelLink)).toBe(true);
    await client.query(`delete from user_roles where user_id = ${customer} and role = 'admin'`);
    expect(await within3s(async () => !(await hasPanelLink()))).toBe(true);
  } finally {
    await client.end();
  }
});

test("a price changed through one instance is what a signed-in fan sees on the other, in the cart too", async () => {
  const added = await fetch(`${b.url}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: customerCookie, origin: b.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "add",
      productId: demoProductId(TOTE),
      variantId: "",
      quantity: "1",
    }),
  });
  await added.arrayBuffer();
  expect(added.status).toBe(303);
  // Read twice on B: the second from what B keeps.
  for (let i = 0; i < 2; i++) {
    await queriesOf(b, `/merch/${TOTE}`, customerCookie);
    await queriesOf(b, "/cart", customerCookie);
  }
  await changeTotePrice("71,37");
  for (const pathname of [`/merch/${TOTE}`, "/cart"]) {
    const shown = await within3s(async () =>
      (await queriesOf(b, pathname, customerCookie)).html.includes("71,37"),
    );
    expect(shown, pathname).toBe(true);
  }
});

/**
 * The README's counts ("How fast the pages are"): a page right after sign-in, a content change or a
 * cart change (its session and content read once), and then (kept).
 */
const QUERY_COUNTS: Record<string, { first: number; kept: number }> = {
  "/merch/torba-nokturn-tote": { first: 9, kept: 0 },
  "/merch": { first: 4, kept: 0 },
  "/cart": { first: 5, kept: 1 },
  "/account/orders": { first: 3, kept: 2 },
};

test("a signed-in customer's pages make at most the README's number of queries", async () => {
  // A new session, and the catalogue just changed: the first reads are the cold ones.
  const cookie = await signIn(b, DEMO_CUSTOMER);
  const added = await fetch(`${b.url}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: b.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "add",
      productId: demoProductId(TOTE),
      variantId: "",
      quantity: "1",
      _enhanced: "1",
    }),
  });
  await added.arrayBuffer();
  expect(added.status).toBeLessThan(400);
  // A form's answer says nothing of the queries it made (which branch it took).
  expect(added.headers.get("server-timing")).toBeNull();
  // Its notification drops what both instances keep a moment later; a late one could only make the
  // first counts smaller, never larger than the bounds.
  await changeTotePrice("72,48");
  await new Promise((resolve) => setTimeout(resolve, 300));
  const counted: Record<string, [number, number]> = {};
  for (const pathname of Object.keys(QUERY_COUNTS)) {
    counted[pathname] = [
      (await queriesOf(b, pathname, cookie)).queries,
      (await queriesOf(b, pathname, cookie)).queries,
    ];
  }
  for (const [pathname, [first, kept]] of Object.entries(counted)) {
    expect(first, `${pathname} first (all: ${JSON.stringify(counted)})`).toBeLessThanOrEqual(
      QUERY_COUNTS[pathname].first,
    );
    expect(kept, `${pathname} kept (all: ${JSON.stringify(counted)})`).toBeLessThanOrEqual(
      QUERY_COUNTS[pathname].kept,
    );
  }
  console.log("queries per page (first, kept):", JSON.stringify(counted));
});
