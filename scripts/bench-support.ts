/**
 * Shared parts of the benchmark scripts: a PostgreSQL database of their own (from BENCH_DATABASE_URL
 * or TEST_DATABASE_URL, else the throwaway cluster of scripts/start-test-postgres.sh), percentiles,
 * the admin's cookie, and nginx serving the same bytes as the limit to compare with.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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

const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/**
 * The path of Debian's nginx, installing `nginx-light` with apt-get when it is missing and we are root
 * (like scripts/test.ts does for Chromium); exits with a clear message otherwise.
 */
export function ensureNginx(): string {
  if (fs.existsSync(NGINX_PATH)) return NGINX_PATH;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `nginx not found at ${NGINX_PATH}: the benchmark compares with it. Install Debian's nginx-light (sudo apt-get install nginx-light) or set NGINX_PATH.`,
    );
    process.exit(1);
  }
  console.log("installing Debian's nginx-light…");
  const installed = spawnSync(
    "sh",
    [
      "-c",
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light >/dev/null",
    ],
    { stdio: "inherit" },
  );
  if (installed.status !== 0 || !fs.existsSync(NGINX_PATH)) {
    console.error(`Installing nginx-light failed; nginx still not found at ${NGINX_PATH}.`);
    process.exit(1);
  }
  return NGINX_PATH;
}

export type StaticServer = { url: string; dir: string; stop(): Promise<void> };

/**
 * nginx serving the files of `dir` (each with its `.gz` twin beside it) with one worker process and
 * `gzip_static on`: what the machine can do with the very same bytes. No access log, like the
 * benchmarked server with LOG_LEVEL=warn.
 */
export async function startNginx(dir: string, port: number): Promise<StaticServer> {
  const nginx = ensureNginx();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-nginx-"));
  // Workers may run as nobody when we are root: they must be able to read the files.
  fs.chmodSync(dir, 0o755);
  const conf = `
daemon off;
master_process on;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    gzip_static on;
    gzip_vary on;
  }
}
`;
  fs.writeFileSync(path.join(prefix, "nginx.conf"), conf);
  const child = spawn(
    nginx,
    ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", `${prefix}/error.log`],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    try {
      await fetch(url);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    dir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
