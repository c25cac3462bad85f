import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cachedContent, clearContent, keepContent } from "./content-cache.server";

function counter<T>(value: T, until?: Date | null) {
  const load = vi.fn(async () => ({ value, until }));
  return load;
}

describe("cachedContent", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T12:00:00Z"));
    keepContent(true);
  });
  afterEach(() => {
    keepContent(false);
    vi.useRealTimers();
  });

  it("loads once and serves what it kept until the database says it changed", async () => {
    const load = counter(["noc"]);
    expect(await cachedContent("events", load)).toEqual(["noc"]);
    expect(await cachedContent("events", load)).toEqual(["noc"]);
    expect(load).toHaveBeenCalledTimes(1);
    clearContent();
    await cachedContent("events", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one load between the requests that ask meanwhile", async () => {
    const load = counter({ name: "Tote" });
    const [first, second] = await Promise.all([cachedContent("p", load), cachedContent("p", load)]);
    expect(first).toBe(second);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("goes stale at the instant the content named (a sale starting)", async () => {
    const load = counter("cena", new Date("2026-12-01T18:00:00Z"));
    await cachedContent("sale", load);
    vi.setSystemTime(new Date("2026-12-01T17:59:59Z"));
    await cachedContent("sale", load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date("2026-12-01T18:00:00Z"));
    await cachedContent("sale", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("never serves a clock set back what it computed for later", async () => {
    const load = counter("jutro");
    await cachedContent("k", load);
    vi.setSystemTime(new Date("2026-11-30T12:00:00Z"));
    await cachedContent("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps no unknown slug and no failure", async () => {
    const missing = counter(null);
    await cachedContent("product:nie-ma", missing);
    await cachedContent("product:nie-ma", missing);
    expect(missing).toHaveBeenCalledTimes(2);
    const failing = vi.fn(async () => {
      throw new Error("database down");
    });
    await expect(cachedContent("x", failing)).rejects.toThrow("database down");
    await expect(cachedContent("x", failing)).rejects.toThrow("database down");
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("keeps nothing a change interrupted: a load in flight when the database changed is not served later", async () => {
    let release: (value: { value: string }) => void = () => {};
    const slow = vi.fn(() => new Promise<{ value: string }>((resolve) => (release = resolve)));
    const pending = cachedContent("events", slow);
    clearContent();
    release({ value: "stare" });
    expect(await pending).toBe("stare");
    const fresh = counter("nowe");
    expect(await cachedContent("events", fresh)).toBe("nowe");
  });

  it("asks the database every time while off (tests, scripts: nobody hears the notifications)", async () => {
    keepContent(false);
    const load = counter("x");
    await cachedContent("k", load);
    await cachedContent("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
