/**
 * Shared parts of the benchmark scripts: a PostgreSQL database of their own (from BENCH_DATABASE_URL
 * or TEST_DATABASE_URL, else a throwaway cluster of the benches' own, started by
 * scripts/start-test-postgres.sh on another port than the tests'), percentiles,
 * the admin's cookie, and nginx serving the same bytes as the limit to compare with. For a drop
 * (scripts/bench-drop.ts): a round-robin balancer, an SMTP server that keeps what it gets, and a
 * scriptless browser with a cookie jar.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { DEMO_ADMIN } from "../db/seed";

let startedCluster: string | undefined;

/**
 * The URL of a PostgreSQL server we may create databases on. The throwaway cluster is started once per
 * run: the script starts it afresh, which would drop the databases of servers already running. It is
 * the benches' own (BENCH_PG_PORT, 55433, in /tmp/nokturn-bench-pg), never the integration tests'
 * (55432): starting it afresh would wipe a test run's databases, and a bench's load would slow it.
 */
export function postgresAdminUrl(): string {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) return given;
  if (startedCluster) return startedCluster;
  const port = process.env.BENCH_PG_PORT ?? "55433";
  const dir = process.env.BENCH_PG_DIR ?? "/tmp/nokturn-bench-pg";
  const started = spawnSync("bash", ["scripts/start-test-postgres.sh"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, TEST_PG_PORT: port, TEST_PG_DIR: dir },
  });
  const url = started.stdout.trim();
  if (started.status !== 0 || !url) {
    throw new Error("No PostgreSQL: set BENCH_DATABASE_URL (or install Debian's postgresql package)");
  }
  // The cluster runs on this host: its Unix socket, as a deployment with the database beside the site
  // connects (decision 042). BENCH_PG_TCP=1 keeps loopback TCP, for comparison.
  startedCluster = process.env.BENCH_PG_TCP === "1" ? url : socketUrl(url, dir);
  return startedCluster;
}

/** The same server and database through the Unix socket in `dir` (node-postgres: a host that is a path). */
export function socketUrl(tcpUrl: string, dir: string) {
  const url = new URL(tcpUrl);
  url.hostname = encodeURIComponent(dir);
  return url.toString();
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
  const http = `
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    gzip_static on;
    gzip_vary on;
  }`;
  const running = await runNginx(
    nginx,
    prefix,
    { workerConnections: 1024, http },
    `http://127.0.0.1:${port}`,
  );
  return { url: running.url, dir, stop: running.stop };
}

/**
 * Starts nginx in `prefix` (one worker, no access log, its pid, log and temp files there) with the
 * `http` block's own lines; resolves once `url` answers. `stop` also removes `prefix`.
 */
async function runNginx(
  nginx: string,
  prefix: string,
  { workerConnections, http }: { workerConnections: number; http: string },
  url: string,
) {
  const conf = `
daemon off;
master_process on;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;${http}
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

/**
 * nginx as the round-robin balancer in front of `upstreams` (one worker, keep-alive to them, no access
 * log, bodies and answers passed through unbuffered): what a deployment puts before its instances, at
 * a small part of the CPU the bench's own node:http balancer took from the site (decision 042). The
 * client's `X-Forwarded-For` is passed on as it came (a bench client says there which address it
 * plays), else the socket's address; `errors` counts the requests no upstream answered (502, from
 * nginx's error log).
 */
export async function startNginxBalancer(port: number, upstreams: string[]): Promise<Balancer> {
  const nginx = ensureNginx();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-balancer-"));
  const servers = upstreams.map((upstream) => `server ${new URL(upstream).host};`).join(" ");
  const http = `
  keepalive_requests 1000000;
  keepalive_timeout 60s;
  client_max_body_size 0;
  map $http_x_forwarded_for $forwarded_for { "" $remote_addr; default $http_x_forwarded_for; }
  upstream instances { ${servers} keepalive 128; keepalive_requests 1000000; }
  server {
    listen 127.0.0.1:${port} backlog=4096;
    location / {
      proxy_pass http://instances;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $forwarded_for;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 300s;
      proxy_next_upstream off;
    }
  }`;
  const running = await runNginx(
    nginx,
    prefix,
    { workerConnections: 8192, http },
    `http://127.0.0.1:${port}/healthz`,
  );
  return {
    url: `http://127.0.0.1:${port}`,
    upstreams,
    get errors() {
      const log = fs.existsSync(path.join(prefix, "error.log"))
        ? fs.readFileSync(path.join(prefix, "error.log"), "utf8")
        : "";
      return log.split("\n").filter((line) => /\[error\].*upstream/.test(line)).length;
    },
    stop: running.stop,
  };
}

/**
 * A round-robin HTTP balancer on 127.0.0.1 (a few lines of node:http, keep-alive to the upstreams):
 * what stands in front of several instances. It passes every header on as it came, the client's
 * `X-Forwarded-For` included (a bench client says there which address it plays; without one, the
 * socket's address is set), so instances run with TRUST_PROXY=true see each client's own address.
 * `upstreams` may be filled after start (the instances need the balancer's URL as SITE_URL first).
 * `errors` counts requests no upstream answered (sent 502).
 */
export type Balancer = { url: string; upstreams: string[]; errors: number; stop(): Promise<void> };

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"]);

function endToEnd(headers: http.IncomingHttpHeaders) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

export async function startBalancer(port: number): Promise<Balancer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  let next = 0;
  const balancer: Balancer = {
    url: `http://127.0.0.1:${port}`,
    upstreams: [],
    errors: 0,
    stop: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((req, res) => {
    if (balancer.upstreams.length === 0) {
      res.writeHead(503).end();
      return;
    }
    const target = new URL(balancer.upstreams[next++ % balancer.upstreams.length]);
    const headers = endToEnd(req.headers);
    headers["x-forwarded-for"] ??= req.socket.remoteAddress ?? "127.0.0.1";
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      balancer.errors += 1;
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return balancer;
}

/** One message as the mail catcher got it: the envelope's recipients and the headers we check. */
export type CaughtMail = { to: string[]; kind: string | null; listUnsubscribe: boolean; at: number };

/**
 * An SMTP server on 127.0.0.1 that accepts everything (no TLS, no AUTH) and keeps each message's
 * recipients, `X-Mail-Kind`, whether it has `List-Unsubscribe`, and when it arrived
 * (`performance.now()`). Point SMTP_URL at `url`.
 */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw.slice(0, Math.max(0, raw.search(/\r?\n\r?\n/)));
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          kind: /^X-Mail-Kind:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? null,
          listUnsubscribe: /^List-Unsubscribe:/im.test(head),
          at: performance.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An answer as a bench client keeps it (`cache`: the page cache's X-Cache, HIT or MISS). */
export type Answer = {
  status: number;
  location: string | null;
  cache: string | null;
  text: string;
  /** The request's path and the database queries its answer says it made (`Server-Timing`), if said. */
  path: string;
  queries: number | null;
};

/** Where React Router's single fetch sends a route's data requests (`/cart` → `/cart.data`, `/` → `/_.data`). */
function dataUrl(path: string) {
  const url = new URL(path, "http://x");
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return url.pathname + url.search;
}

/**
 * A redirect in a single fetch's answer: 202 with the redirect in its turbo-stream
 * (`…"redirect","/platnosc-testowa/…","status",303…`), or 204 with `X-Remix-Redirect`.
 */
function dataRedirect(response: Response, text: string) {
  const header = response.headers.get("x-remix-redirect");
  if (header) return { location: header, status: Number(response.headers.get("x-remix-status") ?? 302) };
  if (response.status !== 202 || !response.headers.has("x-remix-response")) return null;
  const found = /"redirect","([^"]+)","status",(\d+)/.exec(text);
  return found ? { location: found[1], status: Number(found[2]) } : null;
}

/** The query count a `Server-Timing` header says (`db;desc="3 queries"`), else null. */
function queriesOf(serverTiming: string | null) {
  const count = serverTiming?.match(/db;desc="(\d+) quer/)?.[1];
  return count === undefined ? null : Number(count);
}

/**
 * A browser as far as the server can tell: its own cookie jar, `Origin` and `Sec-Fetch-Site` on form
 * posts, redirects followed by hand (`follow`), and the address it plays in `X-Forwarded-For` (for a
 * balancer in front of instances with TRUST_PROXY=true). `post` sends a form as a page without
 * scripts does (a document request); `submit` as a hydrated page's script does (`submit`'s comment).
 * `onAnswer` sees every answer.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly address: string,
    private readonly onAnswer: (answer: Answer, method: string) => void = () => {},
  ) {}

  get(path: string) {
    return this.send("GET", path);
  }

  post(path: string, fields: Record<string, string>) {
    return this.send("POST", path, new URLSearchParams(fields));
  }

  /**
   * A form sent by the hydrated page's script: a fetcher posts to the route's `.data` URL (React
   * Router's single fetch) with `_enhanced`, and is answered with the action's data alone, no page; a
   * redirect comes inside that answer (202), given here as `location` with its own status. After
   * an answer of 2xx React Router reloads the data of the page the fan is on (`revalidate`: its
   * `.data`, no page either); after a refusal (4xx) it does not.
   */
  async submit(path: string, fields: Record<string, string>, revalidate?: string): Promise<Answer> {
    const answer = await this.send("POST", dataUrl(path), new URLSearchParams({ ...fields, _enhanced: "1" }));
    if (revalidate && answer.status >= 200 && answer.status < 300)
      await this.send("GET", dataUrl(revalidate));
    return answer;
  }

  /** GETs where a redirect points (on this site); the answer itself when it is no redirect. */
  async follow(answer: Answer): Promise<Answer> {
    if (answer.status < 300 || answer.status > 399 || !answer.location) return answer;
    const url = new URL(answer.location, this.baseUrl);
    return this.get(url.pathname + url.search);
  }

  private async send(method: string, path: string, body?: URLSearchParams): Promise<Answer> {
    const headers: Record<string, string> = {
      "accept-encoding": "br, gzip",
      "x-forwarded-for": this.address,
    };
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookie) headers.cookie = cookie;
    if (body) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = this.baseUrl;
      headers["sec-fetch-site"] = "same-origin";
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: "manual" });
    const text = await response.text();
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = pair.trim().split("=");
      if (attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))) this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
    const redirect = dataRedirect(response, text);
    const answer = {
      status: redirect?.status ?? response.status,
      location: redirect?.location ?? response.headers.get("location"),
      cache: response.headers.get("x-cache"),
      text,
      path,
      queries: queriesOf(response.headers.get("server-timing")),
    };
    this.onAnswer(answer, method);
    return answer;
  }
}

/** Resolves at `at` (a `Date.now()` instant); at once when it has passed. */
export function sleepUntil(at: number) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
}

/** A commit built in a git worktree of its own under .bench/ (once; kept for later runs), node_modules linked from here. */
export function baseCheckout(commit: string): string {
  const sha = spawnSync("git", ["rev-parse", "--short", commit], { encoding: "utf8" }).stdout.trim();
  if (!sha) throw new Error(`unknown commit ${commit}`);
  const dir = path.resolve(".bench", `base-${sha}`);
  if (fs.existsSync(path.join(dir, "build/server/index.js"))) return dir;
  console.log(`building the base ${sha} in ${dir}…`);
  if (!fs.existsSync(dir)) {
    const added = spawnSync("git", ["worktree", "add", "--detach", dir, sha], { stdio: "inherit" });
    if (added.status !== 0) throw new Error("git worktree add failed");
  }
  if (!fs.existsSync(path.join(dir, "node_modules"))) {
    fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
  }
  const built = spawnSync("npm", ["run", "build"], {
    cwd: dir,
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: "build" },
  });
  if (built.status !== 0) throw new Error("the base's build failed");
  return dir;
}

/** Every process's CPU time so far (user + system, seconds) and its command line, from /proc. */
function processTimes() {
  const ticks = 100; // USER_HZ on Linux
  const times = new Map<number, { seconds: number; command: string }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      times.set(Number(entry), { seconds: (Number(fields[11]) + Number(fields[12])) / ticks, command });
    } catch {
      // The process ended meanwhile.
    }
  }
  return times;
}

/**
 * Where the machine's CPU went from `at` for `seconds` (a `Date.now()` instant), in cores, by group:
 * each process goes to the first group whose pattern its command line matches, else "other". Says
 * how much of a crowd bench's load is the site's and how much the simulation's own.
 */
export async function cpuByGroup(at: number, seconds: number, groups: [name: string, pattern: RegExp][]) {
  await sleepUntil(at);
  const before = processTimes();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = processTimes();
  const cores = new Map<string, number>();
  for (const [pid, { seconds: end, command }] of after) {
    const group = groups.find(([, pattern]) => pattern.test(command))?.[0] ?? "other";
    const used = end - (before.get(pid)?.seconds ?? 0);
    cores.set(group, (cores.get(group) ?? 0) + used / seconds);
  }
  return [...cores]
    .sort((a, b) => b[1] - a[1])
    .map(([group, used]) => `${group} ${used.toFixed(2)}`)
    .join(", ");
}
