import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimit } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { checkRateLimit, clientKey, enforceRateLimit, pruneRateLimits } from "./rate-limit.server";

describe("clientKey", () => {
  it("counts IPv4 addresses as they are, also when IPv4-mapped", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("counts IPv6 addresses by their /64 network", () => {
    expect(clientKey("2001:db8:abcd:12:1::1")).toBe("2001:db8:abcd:12::/64");
    expect(clientKey("2001:0db8:abcd:0012:ffff:ffff:ffff:ffff")).toBe("2001:db8:abcd:12::/64");
    expect(clientKey("[2001:db8::1]")).toBe("2001:db8:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("groups what is not an address under one key", () => {
    expect(clientKey("")).toBe("unknown");
    expect(clientKey("unknown")).toBe("unknown");
    expect(clientKey("not-an-ip")).toBe("unknown");
  });
});

describe("checkRateLimit", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const rule = { limit: 3, windowMs: 60_000 };

  it("allows `limit` requests per fixed window, then answers with the time left", async () => {
    const t0 = 1_800_000_000_000;
    const results = [];
    for (let i = 0; i < 5; i++) {
      results.push(await checkRateLimit("test:a", rule, { database: database.db, now: t0 + i * 1000 }));
    }
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5]);
    expect(results[3].retryAfterSeconds).toBe(57);
    expect(results[4].retryAfterSeconds).toBe(56);
    expect(results[0].retryAfterSeconds).toBe(0);
    // Another key has its own window.
    expect((await checkRateLimit("test:b", rule, { database: database.db, now: t0 + 5000 })).allowed).toBe(
      true,
    );
    // A new window starts once the old one has passed.
    const next = await checkRateLimit("test:a", rule, { database: database.db, now: t0 + 60_000 });
    expect(next).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it("enforceRateLimit refuses over the limit with 429 and the whole minutes to wait", async () => {
    const t0 = 1_900_000_000_000;
    const one = { limit: 1, windowMs: 15 * 60_000 };
    await enforceRateLimit("test:enforce", one, { database: database.db, now: t0 });
    await expect(
      enforceRateLimit("test:enforce", one, { database: database.db, now: t0 + 61_000 }),
    ).rejects.toMatchObject({
      status: 429,
      message: "Za dużo prób w krótkim czasie. Spróbuj ponownie za 14 min.",
    });
    // Under a minute left: "1 min", never "0 min".
    await expect(
      enforceRateLimit("test:enforce", one, { database: database.db, now: t0 + 15 * 60_000 - 5000 }),
    ).rejects.toMatchObject({ message: "Za dużo prób w krótkim czasie. Spróbuj ponownie za 1 min." });
  });

  it("counts concurrent requests exactly (one atomic upsert)", async () => {
    const now = 1_900_000_000_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        checkRateLimit("test:burst", { limit: 5, windowMs: 60_000 }, { database: database.db, now }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it("prunes only old windows of its own prefix", async () => {
    await database.db.delete(rateLimit);
    await checkRateLimit("test:old", rule, { database: database.db, now: 1000 });
    await checkRateLimit("test:new", rule, { database: database.db, now: 100_000 });
    await checkRateLimit("other:old", rule, { database: database.db, now: 1000 });
    await pruneRateLimits("test:", 50_000, database.db);
    const keys = (await database.db.select({ key: rateLimit.key }).from(rateLimit))
      .map((row) => row.key)
      .sort();
    expect(keys).toEqual(["other:old", "test:new"]);
  });

  it("refuses a meaningless rule", async () => {
    await expect(
      checkRateLimit("test:x", { limit: 0, windowMs: 1000 }, { database: database.db }),
    ).rejects.toThrow();
    await expect(
      checkRateLimit("test:x", { limit: 1, windowMs: 0 }, { database: database.db }),
    ).rejects.toThrow();
  });
});
