import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

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
