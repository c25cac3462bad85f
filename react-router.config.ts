import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts (or helpers) build without overwriting each other's bundle.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The whole route manifest ships with the first page (one cached, compressed file). With lazy
  // discovery, the manifest patch fetched after hydration re-rendered every route on the page: one
  // more long task right when the page becomes interactive (decision 014).
  routeDiscovery: { mode: "initial" },
  future: {
    // `npm run dev`: Vite pre-bundles the dependencies of every route when it starts, instead of
    // finding them page by page (each find answered "504 Outdated Optimize Dep" and reloaded the page).
    unstable_optimizeDeps: true,
  },
} satisfies Config;
