import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSessions, keepSessions, keptRoles, keptSession, sessionCookieOf } from "./session-cache.server";

const user = { id: "u1", email: "klient@nokturn.example" };
const found = (expiresAt = new Date("2026-12-30T00:00:00Z")) => vi.fn(async () => ({ user, expiresAt }));

describe("sessionCookieOf", () => {
  it.each([
    ["better-auth.session_token=abc.def%3D; nokturn_cart_count=1", "abc.def%3D"],
    ["a=1; __Secure-better-auth.session_token=tok", "tok"],
    ["xbetter-auth.session_token=nope", null],
    ["nokturn_cart_id=1", null],
    [null, null],
  ])("%s → %s", (header, expected) => {
    expect(sessionCookieOf(header)).toBe(expected);
  });
});

describe("keptSession", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T12:00:00Z"));
    keepSessions(true);
  });
  afterEach(() => {
    keepSessions(false);
    vi.useRealTimers();
  });

  it("looks a session up once until sessions change", async () => {
    const lookup = found();
    expect(await keptSession("cookie", lookup)).toEqual(user);
    expect(await keptSession("cookie", lookup)).toEqual(user);
    expect(lookup).toHaveBeenCalledTimes(1);
    clearSessions();
    await keptSession("cookie", lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it("keeps a lookup five minutes at most, and never past the session's expiry", async () => {
    const lookup = found();
    await keptSession("cookie", lookup);
    vi.setSystemTime(new Date("2026-12-01T12:05:00Z"));
    await keptSession("cookie", lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
    const ending = found(new Date("2026-12-01T12:06:00Z"));
    await keptSession("ending", ending);
    vi.setSystemTime(new Date("2026-12-01T12:06:00Z"));
    await keptSession("ending", ending);
    expect(ending).toHaveBeenCalledTimes(2);
  });

  it("keeps no invalid cookie: a forged one is looked up every time", async () => {
    const none = vi.fn(async () => null);
    expect(await keptSession("forged", none)).toBeNull();
    expect(await keptSession("forged", none)).toBeNull();
    expect(none).toHaveBeenCalledTimes(2);
  });

  it("does not keep a lookup that was under way when a session ended (it may have read the ended row)", async () => {
    let answer: (value: { user: typeof user; expiresAt: Date }) => void = () => {};
    const slow = vi.fn(
      () => new Promise<{ user: typeof user; expiresAt: Date }>((resolve) => (answer = resolve)),
    );
    const pending = keptSession("cookie", slow);
    clearSessions();
    answer({ user, expiresAt: new Date("2026-12-30T00:00:00Z") });
    await pending;
    const after = vi.fn(async () => null);
    expect(await keptSession("cookie", after)).toBeNull();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it("asks every time while off", async () => {
    keepSessions(false);
    const lookup = found();
    await keptSession("cookie", lookup);
    await keptSession("cookie", lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
  });
});

describe("keptRoles", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T12:00:00Z"));
    keepSessions(true);
  });
  afterEach(() => {
    keepSessions(false);
    vi.useRealTimers();
  });

  it("reads a user's roles once until sessions or roles change, and five minutes at most", async () => {
    const lookup = vi.fn(async () => ["admin"]);
    expect(await keptRoles("u1", lookup)).toEqual(["admin"]);
    expect(await keptRoles("u1", lookup)).toEqual(["admin"]);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(await keptRoles("u2", async () => [])).toEqual([]);
    clearSessions();
    await keptRoles("u1", lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
    vi.setSystemTime(new Date("2026-12-01T12:05:00Z"));
    await keptRoles("u1", lookup);
    expect(lookup).toHaveBeenCalledTimes(3);
  });

  it("does not keep roles read while they changed, and asks every time while off", async () => {
    let answer: (roles: string[]) => void = () => {};
    const pending = keptRoles("u1", () => new Promise<string[]>((resolve) => (answer = resolve)));
    clearSessions();
    answer(["admin"]);
    expect(await pending).toEqual(["admin"]);
    const after = vi.fn(async () => []);
    expect(await keptRoles("u1", after)).toEqual([]);
    expect(after).toHaveBeenCalledTimes(1);
    keepSessions(false);
    await keptRoles("u1", after);
    await keptRoles("u1", after);
    expect(after).toHaveBeenCalledTimes(3);
  });
});
