/**
 * Every setting of the site, validated once at start-up. A missing or malformed setting stops the
 * server with one clear line (see server/index.ts) instead of failing later on a request.
 */
import { createPrivateKey } from "node:crypto";
import { z } from "zod";
import { demoSite, type SiteConfig } from "./site";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** PKCS#8 PEM; env files often carry it on one line with literal `\n`, which become line breaks here. */
const ed25519PrivateKeyPem = z
  .string()
  .transform((value) => value.replaceAll("\\n", "\n"))
  .refine(
    (pem) => {
      try {
        return createPrivateKey(pem).asymmetricKeyType === "ed25519";
      } catch {
        return false;
      }
    },
    { error: "must be a PKCS#8 PEM of an Ed25519 private key (openssl genpkey -algorithm ed25519)" },
  );

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((value) => value === "true" || value === "1" || value === "yes");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    SITE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalString.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional(),
    ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    /** Signs the e-tickets' QR codes (decision 038); generated into DATA_DIR when unset. */
    TICKET_SIGNING_KEY: optionalString.pipe(ed25519PrivateKeyPem.optional()),
    TRUST_PROXY: booleanFlag,

    SMTP_URL: optionalString.pipe(
      z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    ),
    MAIL_FROM: optionalString,
    /**
     * Messages handed to SMTP per minute by all instances together (the outbox's cap): a drop's notices
     * go out in batches at the rate the provider allows, never as one burst it throttles or refuses.
     */
    SMTP_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),

    PAYMENT_PROVIDER: z.enum(["test", "stripe"]).optional(),
    ALLOW_TEST_PAYMENTS: booleanFlag,
    STRIPE_SECRET_KEY: optionalString.pipe(z.string().startsWith("sk_", "must start with sk_").optional()),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z.string().startsWith("whsec_", "must start with whsec_").optional(),
    ),
    /** Another Stripe API endpoint (a local double in tests, stripe-mock). */
    STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),

    BRAND_NAME: optionalString,
    CONTACT_EMAIL: optionalString.pipe(z.email().optional()),
    INPOST_GEOWIDGET_TOKEN: optionalString,
    INPOST_GEOWIDGET_URL: optionalString.pipe(z.url().optional()),

    /** Where uploaded images live: the local disk under DATA_DIR (default) or an S3-compatible bucket. */
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: optionalString,
    S3_REGION: optionalString,
    /** Another S3-compatible endpoint (MinIO, Cloudflare R2, a local stand-in); AWS when empty. */
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Path-style URLs (bucket in the path), which most non-AWS endpoints need. */
    S3_FORCE_PATH_STYLE: booleanFlag,

    /** How long an instance keeps an anonymous page (server/page-cache.ts); 0 turns the cache off. */
    PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),

    /**
     * Per-client checkout caps (decision 015): unpaid checkouts open at once from one IP address, and
     * checkout starts per IP in 10 minutes. Raise them where many buyers share one address (a venue's
     * Wi-Fi during a drop).
     */
    CHECKOUT_OPEN_PER_IP: z.coerce.number().int().min(1).max(10_000).default(3),
    CHECKOUT_STARTS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(60),
    /** New guest carts per IP address in 10 minutes: a shopper makes one; a script making thousands is stopped. */
    NEW_CARTS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),

    /**
     * Pages made per request at once in one process, how many more may wait their turn and for how long
     * (server/admission.ts, decision 039); kept pages and static files never wait.
     */
    PAGES_AT_ONCE: z.coerce.number().int().min(1).max(1000).default(4),
    PAGES_WAITING: z.coerce.number().int().min(1).max(100_000).default(1000),
    PAGE_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),

    SEED_DEMO: z.enum(["auto", "never"]).default("auto"),
    /** Lifetime of password-reset links; may only be shorter than SPEC's hour (tests use seconds). */
    PASSWORD_RESET_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(3600),
  })
  .superRefine((env, ctx) => {
    const provider = env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? "stripe" : "test");
    if (provider === "stripe" && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "is required when PAYMENT_PROVIDER=stripe",
      });
    }
    if (provider === "stripe" && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "is required with Stripe payments",
      });
    }
    if (env.STORAGE_DRIVER === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when STORAGE_DRIVER=s3" });
    }
    if (provider === "test" && env.NODE_ENV === "production" && !env.ALLOW_TEST_PAYMENTS) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message:
          "the test payment provider is refused in production; set STRIPE_SECRET_KEY or ALLOW_TEST_PAYMENTS=true",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & {
  paymentProvider: "test" | "stripe";
  siteUrl: string;
  site: SiteConfig;
};

export class ConfigError extends Error {}

/** Parses settings; throws a ConfigError whose message is one line naming every bad setting. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join(".") || "settings"} ${issue.message}`,
    );
    throw new ConfigError(`Invalid settings: ${problems.join("; ")}`);
  }
  const env = result.data;
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const name = env.BRAND_NAME ?? demoSite.name;
  const site: SiteConfig = {
    ...demoSite,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    email: env.CONTACT_EMAIL ?? demoSite.email,
    url: siteUrl,
    inpostToken: env.INPOST_GEOWIDGET_TOKEN ?? "",
    inpostWidgetUrl: env.INPOST_GEOWIDGET_URL ?? demoSite.inpostWidgetUrl,
  };
  return {
    ...env,
    paymentProvider: env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? "stripe" : "test"),
    siteUrl,
    site,
  };
}

let cached: Env | undefined;

/** The validated settings of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change settings between cases. */
export function resetEnvCache() {
  cached = undefined;
}
