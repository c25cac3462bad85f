import { defineConfig } from "vitest/config";

/**
 * Three projects (decision 028):
 * - unit: pure logic and in-process server pieces beside the code;
 * - integration: server modules against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL);
 * - http: the production build answering real HTTP requests, without a browser (limits, start-up,
 *   several instances, page cache, headers, the fuzz); needs `npm run build` first.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "server/**/*.test.ts"],
          // Pure logic keeps no state between files; importing the app's modules once per worker
          // instead of once per file took the project from 129 s to 29 s (decision 028).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Each file opens its own database (tests/support/test-database.ts) and sets it as the app's;
          // sharing the imported modules and PGlite's compiled WebAssembly between files saves seconds
          // per file (decision 028).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          globalSetup: ["tests/support/http-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
