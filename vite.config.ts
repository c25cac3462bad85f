import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      build: {
        // The server bundle is our Express app (server/app.ts), which mounts React Router.
        rolldownOptions: { input: "./server/app.ts" },
      },
    },
  },
  ssr: {
    // Native modules and big server-only packages stay in node_modules.
    external: ["sharp", "@electric-sql/pglite", "pg", "pino", "pino-http", "pino-pretty", "nodemailer"],
  },
});
