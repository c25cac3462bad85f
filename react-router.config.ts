import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts (or helpers) build without overwriting each other's bundle.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
