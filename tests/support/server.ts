/**
 * Starts the production build (or the development server) on a free 127.0.0.1 port with a fresh data
 * directory (embedded database, file e-mail). The server exits by itself when this process goes away.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type TestServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
  output(): string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function assertBuilt() {
  if (!fs.existsSync(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js"))) {
    throw new Error("No production build: run `npm run build` first (npm test does it for you).");
  }
}

export type StartOptions = {
  env?: Record<string, string>;
  dataDir?: string;
  keepData?: boolean;
  /** Another checkout to run the server of (a benchmark's baseline commit); its own build. */
  cwd?: string;
};

export async function startServer({
  env: extraEnv = {},
  dataDir: reuse,
  keepData = false,
  cwd,
}: StartOptions = {}): Promise<TestServer> {
  if (!cwd) assertBuilt();
  return launch({
    cwd,
    env: { NODE_ENV: "production", ALLOW_TEST_PAYMENTS: "true", ...extraEnv },
    dataDir: reuse,
    keepData,
    startUpMs: 180_000,
  });
}

/**
 * Starts `npm run dev`'s server (Vite in middleware mode, hot reload) the same way: a free 127.0.0.1
 * port, a fresh data directory, stopping with this process. Its first start can take a minute or two
 * (Vite pre-bundles the dependencies when its cache is empty), and its first page compiles the app.
 */
export async function startDevServer({ env: extraEnv = {} }: { env?: Record<string, string> } = {}) {
  return launch({
    env: { NODE_ENV: "development", ...extraEnv },
    keepData: false,
    startUpMs: 300_000,
    // Vite runs the app's modules from code it transformed in memory, which V8's coverage of the files
    // on disk cannot be mapped to: the dev server is left out of the coverage figures.
    v8Coverage: false,
  });
}

/**
 * The server's environment: this process's, without NODE_V8_COVERAGE, plus the given settings. When
 * SERVER_V8_COVERAGE names a directory (scripts/coverage.ts), the server writes its V8 coverage there as
 * it exits; the test runner itself writes none.
 */
function serverEnv(env: NodeJS.ProcessEnv, v8Coverage = true): NodeJS.ProcessEnv {
  const { NODE_V8_COVERAGE: _, ...rest } = env;
  const directory = process.env.SERVER_V8_COVERAGE;
  return v8Coverage && directory ? { ...rest, NODE_V8_COVERAGE: directory } : rest;
}

async function launch({
  env: extraEnv,
  dataDir: reuse,
  keepData,
  startUpMs,
  v8Coverage = true,
  cwd,
}: {
  cwd?: string;
  env: Record<string, string>;
  dataDir?: string;
  keepData: boolean;
  startUpMs: number;
  v8Coverage?: boolean;
}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd,
    env: serverEnv(
      {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: String(port),
        SITE_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
        STOP_WITH_PARENT: "1",
        DATABASE_URL: "",
        SMTP_URL: "",
        ...extraEnv,
      },
      v8Coverage,
    ),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });

  const deadline = Date.now() + startUpMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Test server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (Date.now() >= deadline) {
    child.kill("SIGKILL");
    throw new Error(`Test server did not become healthy:\n${output}`);
  }

  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the production server with the given settings and waits for it to exit (start-up failures). */
export async function runServerExpectingExit(extraEnv: Record<string, string>) {
  assertBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-e2e-"));
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: serverEnv({
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      ALLOW_TEST_PAYMENTS: "true",
      STOP_WITH_PARENT: "1",
      ...extraEnv,
    }),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | null>((resolve) =>
    child.once("exit", (exitCode) => resolve(exitCode)),
  );
  clearTimeout(timer);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { code, stdout, stderr };
}
