import { createRequire } from "node:module";
import pino, { type DestinationStream } from "pino";
import { redactLogFields } from "./log-redaction";

const isProduction = process.env.NODE_ENV === "production";
const isTest = process.env.NODE_ENV === "test" || process.env.VITEST === "true";

/** Readable lines in development; pino-pretty is a dev dependency, so it is only loaded there. */
function developmentStream(): DestinationStream | undefined {
  if (isProduction || isTest) return undefined;
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => DestinationStream;
    return pretty({ colorize: true, translateTime: "HH:MM:ss", ignore: "pid,hostname" });
  } catch {
    return undefined;
  }
}

/** JSON logs in production; readable lines in development. */
export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? (isTest ? "silent" : "info"),
    base: undefined,
    redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
    // URLs and paths in any line lose their tokens and payment session ids (log-redaction.ts).
    formatters: { log: redactLogFields },
  },
  developmentStream(),
);
