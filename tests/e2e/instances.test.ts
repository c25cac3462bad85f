/**
 * Several instances (issue #10): two production servers on different ports share one PostgreSQL
 * database and one S3-compatible bucket (a local s3rver stand-in), like processes behind a load
 * balancer. Nothing that matters may live in a process: a session made on one is valid on the other,
 * a rate limit counts across both, an image uploaded through one is served by the other, and the two
 * outbox workers deliver every e-mail exactly once.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import S3rver from "s3rver";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { DEMO_ADMIN } from "../../db/seed";
import { startServer, type TestServer } from "../support/server";

const BUCKET = "nokturn-uploads";
const adminUrl = process.env.TEST_DATABASE_URL;

let databaseName = "";
let s3: S3rver;
let s3Dir = "";
let smtp: SMTPServer;
const delivered: string[] = [];
let a: TestServer;
let b: TestServer;

test.describe.configure({ mode: "serial" });

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

test.beforeAll(async () => {
  test.setTimeout(420_000);
  if (!adminUrl) {
    throw new Error(
      "This test needs PostgreSQL: export TEST_DATABASE_URL=$(bash scripts/start-test-postgres.sh) (npm test does it)",
    );
  }
  databaseName = `nokturn_instances_${Date.now().toString(36)}`;
  await adminQuery(`create database ${databaseName}`);

  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-s3-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const s3Address = (await s3.run()) as AddressInfo;

  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const shared = {
    DATABASE_URL: databaseUrl(),
    AUTH_SECRET: "several-instances-share-this-secret-0123456789",
    STORAGE_DRIVER: "s3",
    S3_BUCKET: BUCKET,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "NOKTURN <sklep@nokturn.example>",
  };
  // One after the other: the first migrates and seeds the empty database, the second finds it ready.
  a = await startServer({ env: shared });
  b = await startServer({ env: shared });
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await s3?.close();
  if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
  if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
});

test("a session made on one instance is valid on the other", async ({ playwright }) => {
  const onA = await playwright.request.newContext({ baseURL: a.url });
  const signIn = await onA.post("/api/auth/sign-in/email", { data: DEMO_ADMIN, headers: { origin: a.url } });
  expect(signIn.status()).toBe(200);
  const { cookies } = await onA.storageState();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");

  const onB = await playwright.request.newContext({ baseURL: b.url });
  const session = await onB.get("/api/auth/get-session", { headers: { cookie } });
  expect(session.status()).toBe(200);
  expect(((await session.json()) as { user?: { email: string } }).user?.email).toBe(DEMO_ADMIN.email);
  const panel = await onB.get("/admin/orders", { headers: { cookie }, maxRedirects: 0 });
  expect(panel.status()).toBe(200);
  await onA.dispose();
  await onB.dispose();
});

test("a rate limit counts requests to both instances", async ({ request }) => {
  const body = {
    name: "Nadawca Dwóch Serwerów",
    email: "dwa@example.com",
    subject: "other",
    message: "Wiadomość wysłana raz tu, raz tam.",
    gdpr: "on",
  };
  // Five per window per client (CONTACT_RATE_LIMIT), wherever they land.
  const statuses: number[] = [];
  for (const server of [a, b, a, b, a, b]) {
    statuses.push((await request.post(`${server.url}/contact`, { form: body })).status());
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
});

test("an image uploaded through one instance is served by the other", async ({ playwright }) => {
  const onA = await playwright.request.newContext({ baseURL: a.url });
  expect(
    (await onA.post("/api/auth/sign-in/email", { data: DEMO_ADMIN, headers: { origin: a.url } })).status(),
  ).toBe(200);
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#ff2e88" } })
    .jpeg()
    .toBuffer();
  const upload = await onA.post("/admin/products/images", {
    multipart: { file: { name: "dwa-serwery.jpg", mimeType: "image/jpeg", buffer: bytes } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { image } = (await upload.json()) as { image: { src: string; widths: number[]; formats: string[] } };
  const file = `${image.src}-${image.widths[0]}.${image.formats[0]}`;

  const fromB = await fetch(`${b.url}${file}`);
  expect(fromB.status).toBe(200);
  expect(fromB.headers.get("content-type")).toBe(`image/${image.formats[0]}`);
  const fromA = await fetch(`${a.url}${file}`);
  expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  // Nothing was written to either instance's disk: the bucket holds it.
  for (const server of [a, b]) expect(fs.existsSync(path.join(server.dataDir, "uploads"))).toBe(false);
  await onA.dispose();
});

test("two outbox workers deliver every queued e-mail exactly once", async () => {
  test.setTimeout(120_000);
  const recipients = Array.from({ length: 30 }, (_, i) => `odbiorca-${i}@example.com`);
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    for (const to of recipients) {
      await client.query(
        `insert into mail_outbox (kind, "to", subject, html, text) values ('test', $1, 'Raz', '<p>Raz</p>', 'Raz')`,
        [to],
      );
    }
    // Both workers poll the table (every 15 s) and claim rows with FOR UPDATE SKIP LOCKED.
    await expect
      .poll(
        async () =>
          (
            await client.query(
              `select count(*)::int as n from mail_outbox where status = 'sent' and kind = 'test'`,
            )
          ).rows[0].n,
        {
          timeout: 90_000,
        },
      )
      .toBe(recipients.length);
  } finally {
    await client.end();
  }
  const counts = new Map<string, number>();
  for (const to of delivered.filter((address) => address.startsWith("odbiorca-"))) {
    counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  expect(counts.size).toBe(recipients.length);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
});
