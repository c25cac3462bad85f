import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("settings", () => {
  it("has working defaults for the embedded demo", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.paymentProvider).toBe("test");
    expect(env.siteUrl).toBe("http://localhost:3000");
    expect(env.site.name).toBe("NOKTURN");
    expect(env.site.email).toBe("kontakt@nokturn.example");
    expect(env.SMTP_MAX_PER_MINUTE).toBe(120);
  });

  it("stops on a malformed setting with one line naming it", () => {
    for (const [source, setting] of [
      [{ PORT: "abc" }, "PORT"],
      [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
      [{ SMTP_URL: "not a url" }, "SMTP_URL"],
      [{ SMTP_MAX_PER_MINUTE: "0" }, "SMTP_MAX_PER_MINUTE"],
      [{ SMTP_MAX_PER_MINUTE: "dużo" }, "SMTP_MAX_PER_MINUTE"],
      [{ STRIPE_SECRET_KEY: "pk_live_x" }, "STRIPE_SECRET_KEY"],
      [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    ] as const) {
      let error: unknown;
      try {
        parseEnv(source);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain(setting);
      expect(message).not.toContain("\n");
    }
  });

  it("refuses the test payment provider in production unless allowed", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/test payment provider/);
    // An empty ALLOW_TEST_PAYMENTS is not a yes; the one-line reason names the setting at fault.
    expect(() => parseEnv({ NODE_ENV: "production", ALLOW_TEST_PAYMENTS: "" })).toThrow(
      /^Invalid settings:.*PAYMENT_PROVIDER[^\n]*$/,
    );
    expect(parseEnv({ NODE_ENV: "production", ALLOW_TEST_PAYMENTS: "true" }).paymentProvider).toBe("test");
  });

  it("chooses Stripe when its key is set and requires the webhook secret", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_123" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const env = parseEnv({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_abc" });
    expect(env.paymentProvider).toBe("stripe");
  });

  it("takes the brand from settings", () => {
    const env = parseEnv({
      BRAND_NAME: "NOCNA ZMIANA",
      CONTACT_EMAIL: "hej@example.pl",
      SITE_URL: "https://example.pl/",
    });
    expect(env.site.slug).toBe("nocna-zmiana");
    expect(env.site.email).toBe("hej@example.pl");
    expect(env.siteUrl).toBe("https://example.pl");
  });
});
