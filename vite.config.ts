import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { importers: readonly string[]; importedIds: readonly string[]; code: string | null } | null;
};

const ROOT_MODULE = /[\\/]app[\\/]root\.tsx(\?.*)?$/;

/**
 * Whether a module is part of the site shell: the root route or anything it imports statically.
 * Every page loads these, so they go into one `shell` chunk instead of dozens of tiny shared chunks
 * (each a request with its own headers). Dynamic imports (toaster, mobile menu, account menu) stay
 * separate, and code that only routes import (admin, forms, zod) never enters the shell.
 */
function inShell(id: string, graph: ModuleGraph, memo: Map<string, boolean>): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false); // cycle guard
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  const result = ROOT_MODULE.test(id) || importers.some((importer) => inShell(importer, graph, memo));
  memo.set(id, result);
  return result;
}

/** The routes a first visit lands on: the pages of the shop window (issue #10's templates). */
const SHOP_WINDOW = /[\\/]app[\\/]routes[\\/](home|merch|product|cart|residents|artist|gallery)\.tsx$/;
/** Our own client modules, not routes (entries of their own) and not the panel's or the door's. */
const KIT_CANDIDATE = /[\\/]app[\\/](components|lib|modules)[\\/].*\.tsx?$/;
const NOT_IN_KIT = /\.server\.|[\\/](admin|door|panel)[\\/]/;
/** A kit module's own size (characters of transformed code); what it imports comes with it. */
const KIT_MODULE_LIMIT = 8_000;

/**
 * The shop window's routes that import a module, directly or through other modules. A module inside an
 * import cycle may be counted with fewer routes than it has (the cycle guard's set is still filling):
 * it then stays out of the kit, which costs a request, never a wrong import.
 */
function windowRoutesOf(id: string, graph: ModuleGraph, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const routes = new Set<string>();
  memo.set(id, routes); // cycle guard
  if (SHOP_WINDOW.test(id)) routes.add(id);
  for (const importer of graph.getModuleInfo(id)?.importers ?? []) {
    for (const route of windowRoutesOf(importer, graph, memo)) routes.add(route);
  }
  return routes;
}

/**
 * Whether a module is one of the storefront's small building blocks (a button, a price, a label, the
 * delivery texts): our own, small, outside the shell and used by two or more of the shop window's
 * routes. These go into one `kit` chunk with what they use: a page asks for one file instead of one
 * per component, and each request costs a slow phone's main thread more than its bytes do (decision
 * 045). `tests/http/static-assets.test.ts` keeps each shop window page at 16 files or fewer, sharing
 * one kit; `tests/e2e/front-end-budget.test.ts` keeps the landing page within 150 KB of JavaScript.
 */
function inKit(
  id: string,
  graph: ModuleGraph,
  shellMemo: Map<string, boolean>,
  routesMemo: Map<string, Set<string>>,
): boolean {
  if (!KIT_CANDIDATE.test(id) || NOT_IN_KIT.test(id) || inShell(id, graph, shellMemo)) return false;
  const info = graph.getModuleInfo(id);
  if ((info?.code?.length ?? 0) > KIT_MODULE_LIMIT) return false;
  // A stylesheet blocks the first paint: it stays with the pages whose components import it.
  if (info?.importedIds.some((dependency) => /\.css(\?|$)/.test(dependency))) return false;
  return windowRoutesOf(id, graph, routesMemo).size >= 2;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) twins of the client's scripts, styles and SVGs, served
 * by server/precompressed.ts: smaller than on-the-fly compression and no CPU per request.
 */
function precompress(): Plugin {
  return {
    name: "nokturn:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? "";
      const files = Object.keys(bundle).filter((file) => /\.(m?js|css|svg|json|wasm)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await fs.readFile(path.join(outDir, file));
          if (source.length < 1024) return; // headers would outweigh the saving
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: 9 }),
          ]);
          await fs.writeFile(path.join(outDir, `${file}.br`), br);
          await fs.writeFile(path.join(outDir, `${file}.gz`), gz);
        }),
      );
    },
  };
}

export default defineConfig(() => {
  const shellMemo = new Map<string, boolean>();
  const routesMemo = new Map<string, Set<string>>();
  return {
    plugins: [tailwindcss(), reactRouter(), precompress()],
    resolve: { tsconfigPaths: true },
    // The door's QR decoder runs in a module worker (issue #41): ES modules, as its loader imports.
    worker: { format: "es" as const },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (id: string, graph: ModuleGraph) =>
                      inShell(id, graph, shellMemo) ? "shell" : null,
                  },
                  {
                    name: (id: string, graph: ModuleGraph) =>
                      inKit(id, graph, shellMemo, routesMemo) ? "kit" : null,
                  },
                ],
              },
            },
          },
        },
      },
      ssr: {
        build: {
          // The server bundle is our Express app (server/app.ts), which mounts React Router.
          rolldownOptions: { input: "./server/app.ts" },
          // Source maps only for the coverage figures (scripts/coverage.ts), never in a normal build.
          sourcemap: process.env.COVERAGE_SOURCEMAPS === "1",
        },
      },
    },
    ssr: {
      // Native modules and big server-only packages stay in node_modules.
      external: [
        "sharp",
        "@electric-sql/pglite",
        "pg",
        "pino",
        "pino-http",
        "pino-pretty",
        "nodemailer",
        "@aws-sdk/client-s3",
      ],
    },
  };
});
