/**
 * Accounts on a real (in-memory) database: sign-up with the welcome e-mail, login with sessions and
 * safe redirects, the rate limits (429 with a Polish message, and recovery once the window passes),
 * password reset (single use, expiry), e-mail verification joining guest orders, and the role helpers.
 */

import type { SubmissionResult } from "@conform-to/react";
import { desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import type { FormActionResult } from "../../app/lib/form-contract";
import { requestContext } from "../../app/lib/request-context";
import { auth, resetAuth, sessionUser } from "../../app/modules/accounts/auth.server";
import { isResetTokenUsable } from "../../app/modules/accounts/auth-actions.server";
import { withAuthRequest } from "../../app/modules/accounts/auth-request.server";
import { KNOWN_DEVICE_COOKIE } from "../../app/modules/accounts/known-device.server";
import {
  ACCOUNT_RATE_LIMITS,
  consumeLoginAttempt,
  LOGIN_BACKOFF,
} from "../../app/modules/accounts/rate-limits.server";
import { getUserRoles, requireRole, requireUser } from "../../app/modules/accounts/roles.server";
import { verifyEmailToken } from "../../app/modules/accounts/verification.server";
import { listOrdersForUser } from "../../app/modules/orders/orders.server";
import { action as authApiAction, loader as authApiLoader } from "../../app/routes/api/auth";
import { action as authAction } from "../../app/routes/auth";
import { action as logoutAction } from "../../app/routes/logout";
import { action as resetAction } from "../../app/routes/reset-password";
import { action as updateAction } from "../../app/routes/update-password";
import { mailOutbox, orders, session, user } from "../../db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemo } from "../../db/seed";
import { flashIn } from "../support/flash";
import { requestArgs } from "../support/request-args";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const origin = "http://localhost:3000";
let database: TestDatabase;
let ipCounter = 10;

/** A fresh client address per test, so one test's limits never touch another's. */
function nextIp() {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

beforeAll(async () => {
  process.env.AUTH_SECRET = "integration-test-secret-0123456789abcdef";
  process.env.SITE_URL = origin;
  resetEnvCache();
  resetAuth();
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
});

afterAll(async () => {
  setDatabase(undefined);
  resetAuth();
  await database?.dispose();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A route action's answer as the browser gets it: a redirect (no data) or data with a status. */
type AnswerData = FormActionResult & { sentTo?: string; result: SubmissionResult<string[]> };
/** `data` is null for a redirect. */
type Answer = { status: number; headers: Headers; data: AnswerData };

async function settle(value: unknown): Promise<Answer> {
  if (value instanceof Response) {
    return { status: value.status, headers: value.headers, data: null as unknown as AnswerData };
  }
  const { data, init } = value as { data: Answer["data"]; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
}

const ACTIONS: Record<string, (args: never) => Promise<unknown>> = {
  "/auth": authAction as never,
  "/reset-password": resetAction as never,
  "/update-password": updateAction as never,
  "/logout": logoutAction as never,
};
/** The intent each page's form names. */
const INTENTS: Record<string, string> = {
  "/reset-password": "reset-request",
  "/update-password": "update-password",
  "/logout": "logout",
};

/** Sends a request to its route's action from the client address `ip` (the request context's). */
async function send(request: Request, ip = "unknown") {
  const action = ACTIONS[new URL(request.url).pathname];
  return settle(await action({ request, params: {}, context: requestContext({ clientIp: ip }) } as never));
}

/** A form as the page sends it, from the address `ip`. */
function post(path: string, fields: Record<string, string>, ip: string, extra: Record<string, string> = {}) {
  const intent = INTENTS[new URL(path, origin).pathname];
  const body = new URLSearchParams(intent && !("intent" in fields) ? { intent, ...fields } : fields);
  const request = new Request(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...extra },
    body,
  });
  return send(request, ip);
}

async function login(email: string, password: string, ip: string, path = "/auth") {
  return post(path, { intent: "login", email, password }, ip);
}

async function signup(email: string, password: string, ip: string) {
  return post("/auth", { intent: "signup", email, password, confirmPassword: password }, ip);
}

async function mailsTo(address: string) {
  return database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, address))
    .orderBy(desc(mailOutbox.createdAt));
}

function tokenFrom(text: string, path: string) {
  const match = new RegExp(`${path}\\?token=([^\\s&"]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return decodeURIComponent(match[1]);
}

/** The message a redirect leaves for the next page (the one flash), or null. */
function flashOf(answer: Answer) {
  return flashIn(new Response(null, { headers: answer.headers }));
}

function cookieOf(response: Pick<Answer, "headers">) {
  const cookies = response.headers.getSetCookie();
  const sessionCookie = cookies.find((cookie) => cookie.includes("session_token="));
  return sessionCookie?.split(";")[0] ?? "";
}

/** Advances the clock (Date only: the database keeps its own timers). */
function travel(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now + ms);
}

describe("sign-up", () => {
  it("creates the account, queues the welcome e-mail with a verification link, and clears the form", async () => {
    const email = "nowa.osoba@example.pl";
    const outcome = await signup(email, "sekret1", nextIp());
    expect(outcome.status).toBe(200);
    expect(outcome.data.title).toBe("Konto utworzone! Możesz się teraz zalogować.");
    expect(outcome.data.result.initialValue).toBeNull();
    const [welcome] = await mailsTo(email);
    expect(welcome.kind).toBe("welcome");
    expect(welcome.subject).toContain("Witaj w NOKTURN");
    expect(welcome.text).toContain("Witaj na pokładzie, nowa.osoba!");
    expect(welcome.html).toContain(`${origin}/verify-email?token=`);
    tokenFrom(welcome.text, "/verify-email");
  });

  it("answers a taken address exactly like a new one, and tells its owner by e-mail instead", async () => {
    const outcome = await signup(DEMO_CUSTOMER.email, "cokolwiek", nextIp());
    expect(outcome.status).toBe(200);
    expect(outcome.data.title).toBe("Konto utworzone! Możesz się teraz zalogować.");
    const [notice] = await mailsTo(DEMO_CUSTOMER.email);
    expect(notice.kind).toBe("account-exists");
    expect(notice.text).toContain("To konto już istnieje");
  });

  it("refuses invalid input with 400 and Polish messages, keeping the e-mail and never echoing passwords", async () => {
    const outcome = await post(
      "/auth",
      { intent: "signup", email: "zly-adres", password: "abc", confirmPassword: "abd" },
      nextIp(),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.data.result.error).toMatchObject({
      email: ["Nieprawidłowy adres email"],
      password: ["Hasło musi mieć minimum 6 znaków"],
    });
    expect(outcome.data.result.initialValue).toMatchObject({ email: "zly-adres" });
    expect(outcome.data.result.initialValue).not.toHaveProperty("password");
    expect(outcome.data.result.initialValue).not.toHaveProperty("confirmPassword");

    const second = await post(
      "/auth",
      { intent: "signup", email: "ok@example.pl", password: "abcdef", confirmPassword: "abcdeg" },
      nextIp(),
    );
    expect(second.data.result.error).toMatchObject({ confirmPassword: ["Hasła nie są identyczne"] });
  });
});

describe("control characters (issue 14, observation 6)", () => {
  const controlChars = "Pole zawiera niedozwolone znaki sterujące";

  it("a NUL in the login or sign-up form is a 400 with the form's Polish message, the e-mail kept", async () => {
    const badLogin = await login(DEMO_CUSTOMER.email, `${DEMO_CUSTOMER.password}\u0000`, nextIp());
    expect(badLogin.data).not.toBeNull();
    expect(badLogin.status).toBe(400);
    expect(badLogin.data.result.error).toMatchObject({ password: [controlChars] });
    expect(badLogin.data.result.initialValue).toMatchObject({ email: DEMO_CUSTOMER.email });

    const badEmail = await login("kli\u0000ent@nokturn.example", "cokolwiek", nextIp());
    expect((badEmail as { status: number }).status).toBe(400);

    const signupOutcome = await post(
      "/auth",
      {
        intent: "signup",
        email: "nul@example.pl",
        password: "sek\u0000ret",
        confirmPassword: "sek\u0000ret",
      },
      nextIp(),
    );
    expect(signupOutcome.status).toBe(400);
    expect(signupOutcome.data.result.error).toMatchObject({ password: [controlChars] });
    expect(signupOutcome.data.result.initialValue).toMatchObject({ email: "nul@example.pl" });
    expect(await database.db.select().from(user).where(eq(user.email, "nul@example.pl"))).toEqual([]);
  });

  it("a NUL in the password screens is a 400 in Polish", async () => {
    const reset = await post("/reset-password", { email: "a\u0000b@example.pl" }, nextIp());
    expect(reset.status).toBe(400);
    expect(reset.data.result.error).toMatchObject({ email: [controlChars] });
    const update = await post(
      "/update-password",
      { token: "abc", password: "nowe\u0000haslo", confirmPassword: "nowe\u0000haslo" },
      nextIp(),
    );
    expect((update as { status: number }).status).toBe(400);
  });
});

describe("login", () => {
  it("starts a new session (httpOnly, SameSite=Lax) and redirects to a same-site path only", async () => {
    const ip = nextIp();
    const response = await post(
      "/auth?redirect=%2Fcart",
      { intent: "login", email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
      ip,
    );
    const first = response;
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/cart");
    const setCookie = first.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/session_token=.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(await flashOf(first)).toMatchObject({ kind: "success", title: "Zalogowano pomyślnie!" });

    const again = await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, ip);
    expect(cookieOf(again)).not.toBe(cookieOf(first));

    for (const evil of [
      "//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "/auth",
      // Observation 3 of issue 14: normalised after the check, this became "Location: //evil.example".
      "/.//evil.example",
      "/a/..//evil.example",
      "/%2F/evil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      "https:evil.example",
    ]) {
      const answer = await post(
        `/auth?redirect=${encodeURIComponent(evil)}`,
        { intent: "login", email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
        ip,
      );
      expect(answer.headers.get("location"), evil).toBe("/account");
    }
    // The exact request of the attack review, and the same trick in the form's hidden field.
    const raw = new Request(`${origin}/auth?redirect=%2F.%2F%2Fevil.example`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "login",
        email: DEMO_CUSTOMER.email,
        password: DEMO_CUSTOMER.password,
        redirectTo: "/.//evil.example",
      }),
    });
    const answer = await send(raw, ip);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/account");
  });

  it("logout goes back only to a same-site path, however the redirectTo is written", async () => {
    for (const [redirectTo, expected] of [
      ["/merch?category=clothing", "/merch?category=clothing"],
      ["/.//evil.example", "/"],
      ["//evil.example", "/"],
      ["/\\evil.example", "/"],
      ["/%2F/evil.example", "/"],
      ["/\t/evil.example", "/"],
      ["https://evil.example/", "/"],
      ["javascript:alert(1)", "/"],
    ]) {
      const response = await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, nextIp());
      const logout = await send(
        new Request(`${origin}/logout`, {
          method: "POST",
          headers: { cookie: cookieOf(response), "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "logout", redirectTo }),
        }),
      );
      expect(logout.status).toBe(303);
      expect(logout.headers.get("location"), redirectTo).toBe(expected);
    }
  });

  it("answers a wrong password with 401 and one Polish message, keeping the e-mail", async () => {
    const outcome = await login(DEMO_CUSTOMER.email, "zle-haslo", nextIp());
    expect(outcome.status).toBe(401);
    expect(outcome.data.result.error?.[""]).toEqual(["Nieprawidłowy email lub hasło"]);
    expect(outcome.data.result.initialValue).toMatchObject({ email: DEMO_CUSTOMER.email });
  });

  it("logout deletes the session on the server and clears the cookie", async () => {
    const response = await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, nextIp());
    const cookie = cookieOf(response);
    const page = new Request(`${origin}/account`, { headers: { cookie } });
    expect(await sessionUser({ request: page, context: requestContext() })).not.toBeNull();
    const before = await database.db.select().from(session);

    const logout = await send(
      new Request(`${origin}/logout`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "logout", redirectTo: "/account/orders" }),
      }),
    );
    expect(logout.status).toBe(303);
    expect(logout.headers.get("location")).toBe("/");
    expect(logout.headers.getSetCookie().join("\n")).toMatch(/session_token=;/);
    expect(await flashOf(logout)).toMatchObject({ title: "Wylogowano pomyślnie!" });
    const after = await database.db.select().from(session);
    expect(after.length).toBe(before.length - 1);
    expect(await sessionUser(requestArgs(`${origin}/account`, { headers: { cookie } }))).toBeNull();
  });
});

describe("names (issue 14, observation 7)", () => {
  async function api(path: string, body: unknown, cookie = "") {
    const response = await withAuthRequest({ ip: nextIp() }, () =>
      auth().handler(
        new Request(`${origin}/api/auth${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        }),
      ),
    );
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as { message?: string },
    };
  }
  async function storedName(email: string) {
    const [row] = await database.db.select().from(user).where(eq(user.email, email));
    return row;
  }

  it("update-user refuses a 100,000-character name, the brand's name and any image, in Polish", async () => {
    const email = "imie@example.pl";
    await signup(email, "dobre-haslo", nextIp());
    const cookie = cookieOf(await login(email, "dobre-haslo", nextIp()));
    expect(cookie).not.toBe("");
    const before = await storedName(email);

    const huge = await api("/update-user", { name: "x".repeat(100_000) }, cookie);
    expect(huge).toEqual({
      status: 400,
      body: expect.objectContaining({ message: "Imię może mieć maksymalnie 80 znaków" }),
    });
    for (const name of ["NOKTURN Oficjalnie", "N0KTURN", "Sklep n o k t u r n"]) {
      const answer = await api("/update-user", { name }, cookie);
      expect(answer.status, name).toBe(400);
      expect(answer.body.message).toBe("Imię nie może zawierać nazwy NOKTURN");
    }
    const nul = await api("/update-user", { name: "Ola\u0000Nowak" }, cookie);
    expect(nul).toEqual({
      status: 400,
      body: expect.objectContaining({ message: "Imię zawiera niedozwolone znaki" }),
    });
    for (const image of [
      "https://evil.example/x.png",
      "javascript:alert(1)",
      "/media/x.webp",
      "x".repeat(5000),
    ]) {
      const answer = await api("/update-user", { image }, cookie);
      expect(answer.status, image).toBe(400);
      expect(answer.body.message).toBe("Nie można ustawić zdjęcia profilu");
    }
    const after = await storedName(email);
    expect({ name: after.name, image: after.image }).toEqual({ name: before.name, image: before.image });

    expect((await api("/update-user", { name: "  Ola   Nowak " }, cookie)).status).toBe(200);
    expect((await storedName(email)).name).toBe("Ola Nowak");
  });

  it("sign-up through the API refuses a bad name; our forms name the account safely", async () => {
    const refused = await api("/sign-up/email", {
      email: "podszywacz@example.pl",
      password: "dobre-haslo",
      name: "NOKTURN Oficjalnie",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Imię nie może zawierać nazwy NOKTURN");
    expect(await storedName("podszywacz@example.pl")).toBeUndefined();
    const withImage = await api("/sign-up/email", {
      email: "obrazek@example.pl",
      password: "dobre-haslo",
      name: "Ola",
      image: "https://evil.example/x.png",
    });
    expect(withImage.status).toBe(400);

    // The form asks only for an e-mail: its local part becomes the name unless it is the brand's.
    await signup("nokturn.oficjalnie@example.pl", "dobre-haslo", nextIp());
    expect((await storedName("nokturn.oficjalnie@example.pl")).name).toBe("Klient");
    await signup("ola.nowak@example.pl", "dobre-haslo", nextIp());
    expect((await storedName("ola.nowak@example.pl")).name).toBe("ola.nowak");
  });
});

describe("better-auth's HTTP endpoints answer refusals in Polish (issue 14)", () => {
  async function viaRoute(path: string, body: string, cookie = "") {
    const response = await authApiAction({
      request: new Request(`${origin}/api/auth${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie },
        body,
      }),
      params: {},
      context: requestContext({ clientIp: nextIp() }),
    } as never);
    return { status: response.status, body: (await response.json()) as { code: string; message: string } };
  }

  it("its links never redirect off the site, whatever callbackURL says (issue 14, observation 3)", async () => {
    const get = (path: string) =>
      authApiLoader({
        request: new Request(`${origin}/api/auth${path}`),
        params: {},
        context: requestContext({ clientIp: nextIp() }),
      } as never);
    for (const callback of [
      "https://evil.example",
      "//evil.example",
      "/.//evil.example",
      "/\\evil.example",
      "/%2F/evil.example",
      `${origin}//evil.example`,
    ]) {
      for (const path of [
        `/verify-email?token=zly&callbackURL=${encodeURIComponent(callback)}`,
        `/reset-password/zly-token?callbackURL=${encodeURIComponent(callback)}`,
      ]) {
        const response = await get(path);
        expect(response.status, path).toBe(400);
        expect(response.headers.get("location")).toBeNull();
        expect(((await response.json()) as { message: string }).message).toBe(
          "Nieprawidłowy adres powrotu: dozwolone są tylko strony tego sklepu.",
        );
      }
    }
    const ours = await get(`/reset-password/zly-token?callbackURL=${encodeURIComponent("/update-password")}`);
    expect(ours.status).toBe(302);
    expect(new URL(ours.headers.get("location") ?? "", origin).origin).toBe(origin);
    // In a JSON body too.
    const body = await viaRoute(
      "/request-password-reset",
      JSON.stringify({ email: DEMO_CUSTOMER.email, redirectTo: "https://evil.example/reset" }),
    );
    expect(body.status).toBe(400);
  });

  it("never passes on better-auth's English texts for tampered bodies", async () => {
    const cookie = cookieOf(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, nextIp()));
    const generic = "Nieprawidłowe żądanie. Sprawdź dane i spróbuj ponownie.";
    expect(await viaRoute("/update-user", "{}", cookie)).toEqual({
      status: 400,
      body: { code: "BAD_REQUEST", message: generic },
    });
    expect((await viaRoute("/update-user", "nie json", cookie)).body.message).toBe(generic);
    expect((await viaRoute("/sign-in/email", '{"email":"x"}')).body.message).toBe(generic);
    expect((await viaRoute("/sign-up/email", '{"email":"a@b.pl","password":"x"}')).body.message).toBe(
      generic,
    );
    expect((await viaRoute("/sign-in/email", '{"email":"a\\u0000@b.pl","password":"xxxxxx"}')).body).toEqual({
      code: "INVALID_EMAIL",
      message: "Nieprawidłowy adres email",
    });
    expect(
      (
        await viaRoute(
          "/sign-in/email",
          JSON.stringify({ email: DEMO_CUSTOMER.email, password: "zle-haslo" }),
        )
      ).body.message,
    ).toBe("Nieprawidłowy email lub hasło");
    // Our own Polish messages pass as they are.
    expect((await viaRoute("/update-user", JSON.stringify({ name: "N0KTURN" }), cookie)).body).toEqual({
      code: "INVALID_NAME",
      message: "Imię nie może zawierać nazwy NOKTURN",
    });
  });
});

describe("rate limits", () => {
  const status = (outcome: unknown) => (outcome as { status: number }).status;
  const retryAfter = (outcome: unknown) =>
    Number(new Headers((outcome as { headers?: HeadersInit }).headers).get("Retry-After"));

  it("slows a guesser with a growing wait, in Polish, without locking the owner out (issue 14, observation 8)", async () => {
    const email = "wlasciciel@example.pl";
    await signup(email, "dobre-haslo", nextIp());
    const attacker = nextIp();
    for (let attempt = 0; attempt < LOGIN_BACKOFF.freeFailures; attempt += 1) {
      expect(status(await login(email, `zle-${attempt}`, attacker))).toBe(401);
    }
    // The guesser must now wait, even with the right password...
    const refused = await login(email, "dobre-haslo", attacker);
    expect(status(refused)).toBe(429);
    expect(refused.data.result.error?.[""]?.[0]).toMatch(
      /^Zbyt wiele nieudanych prób logowania\. Spróbuj ponownie za \d+ min\.$/,
    );
    const firstWait = retryAfter(refused);
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(LOGIN_BACKOFF.baseMs / 1000);
    // ...while the owner, from another connection, logs straight in (before: 429 for 5 minutes).
    expect(status(await login(email, "dobre-haslo", nextIp()))).toBe(303);

    // Each further failure doubles the wait; attempts during a wait change nothing.
    const waits = [firstWait];
    for (let round = 0; round < 4; round += 1) {
      travel(waits.at(-1)! * 1000 + 1_000);
      expect(status(await login(email, "znowu-zle", attacker))).toBe(401);
      const next = await login(email, "znowu-zle", attacker);
      expect(status(next)).toBe(429);
      waits.push(retryAfter(next));
      expect(status(await login(email, "dobre-haslo", attacker))).toBe(429);
    }
    for (let index = 1; index < waits.length; index += 1) {
      expect(waits[index]).toBeGreaterThan(waits[index - 1] * 1.5);
    }
    expect(Math.max(...waits)).toBeLessThanOrEqual(LOGIN_BACKOFF.maxMs / 1000);
    // The owner is still never kept out from elsewhere.
    expect(status(await login(email, "dobre-haslo", nextIp()))).toBe(303);
  });

  it("the wait ends: the client may try again, and the right password clears its back-off", async () => {
    const email = "cierpliwy@example.pl";
    await signup(email, "dobre-haslo", nextIp());
    const ip = nextIp();
    for (let attempt = 0; attempt < LOGIN_BACKOFF.freeFailures; attempt += 1) {
      expect(status(await login(email, "zle", ip))).toBe(401);
    }
    const refused = await login(email, "dobre-haslo", ip);
    expect(status(refused)).toBe(429);
    travel(retryAfter(refused) * 1000 + 1_000);
    expect(status(await login(email, "dobre-haslo", ip))).toBe(303);
    // Forgiven: the next typos are free again.
    for (let attempt = 0; attempt < LOGIN_BACKOFF.freeFailures; attempt += 1) {
      expect(status(await login(email, "zle", ip))).toBe(401);
    }
  });

  it("many clients guessing one address hit the last-resort limit; the owner's known device still gets in", async () => {
    const email = "oblezony@example.pl";
    await signup(email, "dobre-haslo", nextIp());
    // The owner logged in from this browser before: it holds the signed known-device cookie.
    const first = await login(email, "dobre-haslo", nextIp());
    const device = first.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    expect(device).toMatch(/HttpOnly/i);
    const deviceCookie = device!.split(";")[0];

    // A botnet: every client stays within its own back-off, together they pass the per-address limit.
    // (Counted through the limiter itself: a hundred real password checks would only add minutes.)
    let failures = 0;
    for (let subnet = 1; failures < ACCOUNT_RATE_LIMITS.loginPerEmail.limit; subnet += 1) {
      for (let attempt = 0; attempt < LOGIN_BACKOFF.freeFailures; attempt += 1) {
        await consumeLoginAttempt(`203.0.113.${subnet}`, email);
        failures += 1;
      }
    }
    expect(status(await login(email, "zgaduje", "203.0.113.250"))).toBe(429);
    const refused = await login(email, "zgaduje", "192.0.2.250");
    expect(status(refused)).toBe(429);
    // A new device of the owner waits too (the last resort)...
    expect(status(await login(email, "dobre-haslo", "192.0.2.251"))).toBe(429);
    // ...but a browser the owner used before is not subject to it.
    expect(
      status(
        await post("/auth", { intent: "login", email, password: "dobre-haslo" }, "192.0.2.252", {
          cookie: deviceCookie,
        }),
      ),
    ).toBe(303);
    // A forged cookie does not help.
    expect(
      status(
        await post("/auth", { intent: "login", email, password: "dobre-haslo" }, "192.0.2.253", {
          cookie: `${KNOWN_DEVICE_COOKIE}=forged.value`,
        }),
      ),
    ).toBe(429);
    travel(ACCOUNT_RATE_LIMITS.loginPerEmail.windowMs + 1_000);
    expect(status(await login(email, "dobre-haslo", "192.0.2.254"))).toBe(303);
  });

  it("a successful login forgives earlier failures of the address", async () => {
    const email = "zapominalski@example.pl";
    await signup(email, "dobre-haslo", nextIp());
    const ip = nextIp();
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < LOGIN_BACKOFF.freeFailures - 1; attempt += 1) {
        expect(((await login(email, "zle", ip)) as { status: number }).status).toBe(401);
      }
      expect((await login(email, "dobre-haslo", ip)).status).toBe(303);
    }
  });

  it("limits failed logins per client across addresses, without touching other clients", async () => {
    const ip = nextIp();
    for (let attempt = 0; attempt < ACCOUNT_RATE_LIMITS.loginPerClient.limit; attempt += 1) {
      const outcome = await login(`nie-ma-${attempt}@example.pl`, "zle-haslo", ip);
      expect((outcome as { status: number }).status).toBe(401);
    }
    expect(((await login("jeszcze-jeden@example.pl", "zle-haslo", ip)) as { status: number }).status).toBe(
      429,
    );
    expect((await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, nextIp())).status).toBe(303);
  });

  it("limits reset links per address with 429, the same before and after, and recovers", async () => {
    const ip = nextIp();
    const email = "reset.limit@example.pl";
    const ask = () => post("/reset-password", { email }, ip);
    for (let attempt = 0; attempt < ACCOUNT_RATE_LIMITS.resetPerEmail.limit; attempt += 1) {
      expect((await ask()).status).toBe(200);
    }
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.data.message).toMatch(/^Zbyt wiele próśb o zmianę hasła\. Spróbuj ponownie za \d+ min\.$/);
    travel(ACCOUNT_RATE_LIMITS.resetPerEmail.windowMs + 1_000);
    expect((await ask()).status).toBe(200);
  });

  it("answers 429 in Polish on better-auth's own HTTP endpoint too (the same hooks)", async () => {
    const ip = nextIp();
    const email = "api.limit@example.pl";
    const post = () =>
      withAuthRequest({ ip }, () =>
        auth().handler(
          new Request(`${origin}/api/auth/sign-in/email`, {
            method: "POST",
            headers: { "content-type": "application/json", origin },
            body: JSON.stringify({ email, password: "zle-haslo" }),
          }),
        ),
      );
    for (let attempt = 0; attempt < LOGIN_BACKOFF.freeFailures; attempt += 1) {
      expect((await post()).status).toBe(401);
    }
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Zbyt wiele nieudanych prób logowania/,
    );
  });
});

describe("password reset", () => {
  it("gives the same answer for unknown addresses and sends nothing to them", async () => {
    const outcome = await post("/reset-password", { email: "nikt@example.pl" }, nextIp());
    expect(outcome.status).toBe(200);
    expect(outcome.data.sentTo).toBe("nikt@example.pl");
    expect(await mailsTo("nikt@example.pl")).toHaveLength(0);
  });

  it("sets a new password once with the e-mailed link, signs other devices out, and refuses the link again", async () => {
    const email = "reset.ok@example.pl";
    await signup(email, "stare-haslo", nextIp());
    const oldSession = cookieOf(await login(email, "stare-haslo", nextIp()));

    const asked = await post("/reset-password", { email }, nextIp());
    expect(asked.status).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail.kind).toBe("password-reset");
    expect(mail.text).toContain("Link jest ważny przez 1 godz. i działa tylko raz.");
    const token = tokenFrom(mail.text, "/update-password");
    expect(await isResetTokenUsable(token)).toBe(true);

    const mismatch = await post(
      "/update-password",
      { token, password: "nowe-haslo", confirmPassword: "inne-haslo" },
      nextIp(),
    );
    expect((mismatch as { status: number }).status).toBe(400);

    const changed = await post(
      "/update-password",
      { token, password: "nowe-haslo", confirmPassword: "nowe-haslo" },
      nextIp(),
    );
    expect(changed.data).toBeNull();
    expect(changed.headers.get("location")).toBe("/auth");
    expect(await flashOf(changed)).toMatchObject({ title: "Hasło zmienione!" });
    expect(await sessionUser(requestArgs(`${origin}/`, { headers: { cookie: oldSession } }))).toBeNull();

    expect(await isResetTokenUsable(token)).toBe(false);
    const reused = await post(
      "/update-password",
      { token, password: "trzecie-haslo", confirmPassword: "trzecie-haslo" },
      nextIp(),
    );
    expect(reused.data).not.toBeNull();
    expect(reused.status).toBe(400);
    expect(reused.data.title).toBe("Nie udało się zmienić hasła. Spróbuj ponownie.");
    expect(reused.data.message).toBe("Link do zmiany hasła wygasł lub został już użyty.");

    expect((await login(email, "nowe-haslo", nextIp())).status).toBe(303);
    expect(((await login(email, "stare-haslo", nextIp())) as { status: number }).status).toBe(401);
  });

  it("refuses the link after one hour", async () => {
    const email = "reset.expired@example.pl";
    await signup(email, "stare-haslo", nextIp());
    await post("/reset-password", { email }, nextIp());
    const token = tokenFrom((await mailsTo(email))[0].text, "/update-password");
    travel(60 * 60_000 + 1_000);
    expect(await isResetTokenUsable(token)).toBe(false);
    const late = await post(
      "/update-password",
      { token, password: "nowe-haslo", confirmPassword: "nowe-haslo" },
      nextIp(),
    );
    expect((late as { status: number }).status).toBe(400);
  });
});

describe("e-mail verification and guest orders", () => {
  it("joins guest orders with the address only after the address is verified", async () => {
    const email = "gosc.pozniej.konto@example.pl";
    const [guestOrder] = await database.db
      .insert(orders)
      .values({
        customerEmail: "Gosc.Pozniej.Konto@example.pl",
        subtotal: 6900,
        deliveryMethod: "courier",
        deliveryCost: 1699,
        totalAmount: 8599,
      })
      .returning();

    await signup(email, "sekret1", nextIp());
    const [account] = await database.db.select().from(user).where(eq(user.email, email));
    expect(await listOrdersForUser(account.id)).toHaveLength(0);
    // Logging in before verification does not join them either.
    await login(email, "sekret1", nextIp());
    expect(await listOrdersForUser(account.id)).toHaveLength(0);

    const welcome = (await mailsTo(email)).find((mail) => mail.kind === "welcome");
    const token = tokenFrom(welcome?.text ?? "", "/verify-email");
    expect(await verifyEmailToken("nie-token", new Headers())).toBe("invalid");
    expect(await verifyEmailToken(token, new Headers())).toBe("verified");
    const mine = await listOrdersForUser(account.id);
    expect(mine.map((order) => order.id)).toEqual([guestOrder.id]);
    // A second click is harmless.
    expect(await verifyEmailToken(token, new Headers())).toBe("verified");
  });

  it("lists only the user's own orders, newest first, with their items", async () => {
    const [customer] = await database.db.select().from(user).where(eq(user.email, DEMO_CUSTOMER.email));
    const list = await listOrdersForUser(customer.id);
    // Two of merch and one of the upcoming nights' tickets (issue #40).
    expect(list.length).toBe(3);
    expect(list[0].createdAt.getTime()).toBeGreaterThan(list[1].createdAt.getTime());
    expect(list[1].createdAt.getTime()).toBeGreaterThan(list[2].createdAt.getTime());
    expect(list[0].items.length).toBeGreaterThan(0);
    expect(
      list.every((order) => order.itemCount === order.items.reduce((sum, item) => sum + item.quantity, 0)),
    ).toBe(true);
    const [admin] = await database.db.select().from(user).where(eq(user.email, DEMO_ADMIN.email));
    expect(await listOrdersForUser(admin.id)).toEqual([]);
  });
});

describe("roles", () => {
  async function sessionCookie(email: string, password: string) {
    return cookieOf(await login(email, password, nextIp()));
  }

  it("getUserRoles reads user_roles", async () => {
    const [admin] = await database.db.select().from(user).where(eq(user.email, DEMO_ADMIN.email));
    const [customer] = await database.db.select().from(user).where(eq(user.email, DEMO_CUSTOMER.email));
    expect(await getUserRoles(admin.id)).toContain("admin");
    expect(await getUserRoles(customer.id)).not.toContain("admin");
    expect(await getUserRoles(customer.id)).toContain("user");
  });

  it("requireUser: pages redirect to /auth with the origin kept, API and actions get 401", async () => {
    const page = await requireUser(requestArgs(`${origin}/account/orders?order=abc`)).catch((error) => error);
    expect(page).toBeInstanceOf(Response);
    expect(page.headers.get("location")).toBe(
      `/auth?redirect=${encodeURIComponent("/account/orders?order=abc")}`,
    );
    const data = await requireUser(requestArgs(`${origin}/account.data?_routes=routes%2Faccount`)).catch(
      (e) => e,
    );
    expect(data.headers.get("location")).toBe(`/auth?redirect=${encodeURIComponent("/account")}`);
    const api = await requireUser(requestArgs(`${origin}/api/anything`)).catch((error) => error);
    expect(api.init?.status ?? api.status).toBe(401);
    const action = await requireUser(requestArgs(`${origin}/account`, { method: "POST" })).catch(
      (error) => error,
    );
    expect(action.init?.status ?? action.status).toBe(401);
  });

  it("requireRole: 403 for a customer, the admin with roles for an admin; also for moderator areas", async () => {
    const customer = await sessionCookie(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const refused = await requireRole(requestArgs(`${origin}/admin`, { headers: { cookie: customer } }), [
      "admin",
    ]).catch((e) => e);
    expect(refused.init?.status).toBe(403);
    expect(refused.data).toEqual({ message: "Brak uprawnień administratora" });

    const admin = await sessionCookie(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const allowed = await requireRole(requestArgs(`${origin}/admin`, { headers: { cookie: admin } }), [
      "admin",
    ]);
    expect(allowed.email).toBe(DEMO_ADMIN.email);
    expect(allowed.roles).toContain("admin");
    const moderatorArea = await requireRole(requestArgs(`${origin}/admin`, { headers: { cookie: admin } }), [
      "admin",
      "moderator",
    ]);
    expect(moderatorArea.email).toBe(DEMO_ADMIN.email);
  });
});

describe("the flash the next page shows (moved from e2e accounts.test.ts and accounts.mobile.test.ts)", () => {
  it("a login says 'Zalogowano pomyślnie!', a logout 'Wylogowano pomyślnie!', a new password 'Hasło zmienione!'", async () => {
    const email = "flash@example.pl";
    await signup(email, "stare-haslo", nextIp());
    const signedIn = await login(email, "stare-haslo", nextIp());
    expect(await flashOf(signedIn)).toMatchObject({ kind: "success", title: "Zalogowano pomyślnie!" });

    const signedOut = await send(
      new Request(`${origin}/logout`, {
        method: "POST",
        headers: { cookie: cookieOf(signedIn), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "logout" }),
      }),
    );
    expect(await flashOf(signedOut)).toMatchObject({ kind: "success", title: "Wylogowano pomyślnie!" });

    await post("/reset-password", { email }, nextIp());
    const token = tokenFrom((await mailsTo(email))[0].text, "/update-password");
    const changed = await post(
      "/update-password",
      { token, password: "nowe-haslo", confirmPassword: "nowe-haslo" },
      nextIp(),
    );
    expect(changed.data).toBeNull();
    expect(await flashOf(changed)).toMatchObject({
      kind: "success",
      title: "Hasło zmienione!",
      description: "Możesz się teraz zalogować nowym hasłem",
    });
  });
});

describe("limits as the account screens meet them (moved from e2e accounts-limits.test.ts)", () => {
  const statusOf = (outcome: unknown) => (outcome as { status: number }).status;

  it("a guesser's wait on one address leaves other accounts on the same connection alone", async () => {
    const email = "atakowany@example.pl";
    const neighbour = "sasiad@example.pl";
    await signup(email, "dobre-haslo", nextIp());
    await signup(neighbour, "dobre-haslo", nextIp());
    const sharedConnection = nextIp();
    for (let attempt = 1; attempt <= LOGIN_BACKOFF.freeFailures; attempt += 1) {
      const outcome = await login(email, `zle-haslo-${attempt}`, sharedConnection);
      expect(statusOf(outcome)).toBe(401);
      expect(outcome.data.result.error?.[""]).toEqual(["Nieprawidłowy email lub hasło"]);
    }
    const refused = await login(email, "dobre-haslo", sharedConnection);
    expect(statusOf(refused)).toBe(429);
    expect(refused.data.result.error?.[""]?.[0]).toMatch(
      /^Zbyt wiele nieudanych prób logowania\. Spróbuj ponownie za [1-5] min\.$/,
    );
    // Someone else behind the same address (a household, a club's Wi-Fi) still gets in.
    const other = await login(neighbour, "dobre-haslo", sharedConnection);
    expect(other.data).toBeNull();
    expect(other.status).toBe(303);
    expect(other.headers.get("location")).toBe("/account");
  });

  it("an expired reset link: the page offers a new one, a late post is refused, the old password still works", async () => {
    const { loader } = await import("../../app/routes/update-password");
    const email = "reset.pozno@example.pl";
    await signup(email, "stare-haslo", nextIp());
    await post("/reset-password", { email }, nextIp());
    const token = tokenFrom((await mailsTo(email))[0].text, "/update-password");
    const page = (query: string) =>
      loader({
        request: new Request(`${origin}/update-password${query}`),
        params: {},
        context: requestContext(),
      } as never);
    // While the link lives, the page shows the form (usable); an hour later, "Link nie działa".
    expect(await page(`?token=${encodeURIComponent(token)}`)).toEqual({ token, usable: true });
    travel(60 * 60_000 + 1_000);
    expect(await page(`?token=${encodeURIComponent(token)}`)).toEqual({ token, usable: false });
    expect(await page("")).toEqual({ token: "", usable: false });
    const late = await post(
      "/update-password",
      { token, password: "nowe-haslo", confirmPassword: "nowe-haslo" },
      nextIp(),
    );
    expect(statusOf(late)).toBe(400);
    expect(statusOf(await login(email, "nowe-haslo", nextIp()))).toBe(401);
    expect(statusOf(await login(email, "stare-haslo", nextIp()))).toBe(303);
  });
});

describe("plain and enhanced forms say the same (issue #38)", () => {
  const enhanced = { _enhanced: "1" };

  it("a login: refused in the page with one message, accepted with a 303 and the 'Zalogowano' flash, either way", async () => {
    for (const extra of [{}, enhanced]) {
      const refused = await post(
        "/auth",
        { intent: "login", email: DEMO_CUSTOMER.email, password: "zle", ...extra },
        nextIp(),
      );
      expect(refused.status).toBe(401);
      expect(refused.data).toMatchObject({ ok: false, message: "Nieprawidłowy email lub hasło" });
      expect(refused.data.result.initialValue).toMatchObject({ email: DEMO_CUSTOMER.email });
      expect(refused.data.result.initialValue).not.toHaveProperty("password");
      const fields = { intent: "login", email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password };
      const accepted = await post("/auth", { ...fields, ...extra }, nextIp());
      expect(accepted.status).toBe(303);
      expect(await flashOf(accepted)).toMatchObject({ kind: "success", title: "Zalogowano pomyślnie!" });
      expect(cookieOf(accepted)).toMatch(/session_token=/);
    }
  });

  it("a sign-up, a reset request: the same data (the page's notice), plain or enhanced", async () => {
    const answers = [];
    for (const extra of [{}, enhanced]) {
      const email = `plain.enhanced.${answers.length}@example.pl`;
      const signedUp = await post(
        "/auth",
        { intent: "signup", email, password: "sekret1", confirmPassword: "sekret1", ...extra },
        nextIp(),
      );
      const invalid = await post(
        "/auth",
        { intent: "signup", email: "zly", password: "a", confirmPassword: "b", ...extra },
        nextIp(),
      );
      const reset = await post("/reset-password", { email, ...extra }, nextIp());
      answers.push({ signedUp, invalid, reset });
    }
    for (const { signedUp, invalid, reset } of answers) {
      expect(signedUp.status).toBe(200);
      expect(signedUp.data).toMatchObject({
        ok: true,
        title: "Konto utworzone! Możesz się teraz zalogować.",
        message: "Wysłaliśmy Ci e-mail powitalny z linkiem potwierdzającym adres.",
      });
      expect(invalid.status).toBe(400);
      expect(invalid.data).toMatchObject({ ok: false, message: "Popraw zaznaczone pola." });
      expect(reset.status).toBe(200);
      expect(reset.data).toMatchObject({
        ok: true,
        title: "Email wysłany",
        message: "Sprawdź swoją skrzynkę pocztową",
      });
    }
  });

  it("a new password and a logout leave the page with their flash, plain or enhanced", async () => {
    for (const [index, extra] of [{}, enhanced].entries()) {
      const email = `nowe.haslo.${index}@example.pl`;
      await signup(email, "stare-haslo", nextIp());
      await post("/reset-password", { email }, nextIp());
      const token = tokenFrom((await mailsTo(email))[0].text, "/update-password");
      const fields = { token, password: "nowe-haslo", confirmPassword: "nowe-haslo" };
      const changed = await post("/update-password", { ...fields, ...extra }, nextIp());
      expect(changed.status).toBe(303);
      expect(changed.headers.get("location")).toBe("/auth");
      expect(await flashOf(changed)).toMatchObject({
        title: "Hasło zmienione!",
        description: "Możesz się teraz zalogować nowym hasłem",
      });
      const cookie = cookieOf(await login(email, "nowe-haslo", nextIp()));
      const out = await post("/logout", { redirectTo: "/merch", ...extra }, nextIp(), { cookie });
      expect(out.status).toBe(303);
      expect(out.headers.get("location")).toBe("/merch");
      expect(await flashOf(out)).toMatchObject({ title: "Wylogowano pomyślnie!" });
    }
  });

  it("resending the verification link: a plain form gets a 303 back with the flash, an enhanced one data", async () => {
    const { action } = await import("../../app/routes/account");
    const email = "ponowny.link@example.pl";
    await signup(email, "sekret1", nextIp());
    const cookie = cookieOf(await login(email, "sekret1", nextIp()));
    const resend = async (extra: Record<string, string>) =>
      settle(
        await action({
          ...requestArgs(`${origin}/account`, {
            method: "POST",
            headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "resend-verification", ...extra }),
          }),
          params: {},
        } as never),
      );
    const plain = await resend({});
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/account");
    const sent = {
      title: "Wysłaliśmy nowy link potwierdzający",
      description: "Sprawdź swoją skrzynkę pocztową.",
    };
    expect(await flashOf(plain)).toMatchObject({ kind: "success", ...sent });
    const scripted = await resend(enhanced);
    expect(scripted.status).toBe(200);
    expect(scripted.data).toMatchObject({ ok: true, title: sent.title, message: sent.description });
  });
});

describe("the client's address comes from the request context only", () => {
  const FORGED = { "x-nokturn-client-ip": "203.0.113.7", "x-forwarded-for": "203.0.113.8" };

  /** better-auth's HTTP endpoint through its route, from the context address `ip`. */
  async function api(
    path: string,
    ip: string,
    {
      body,
      cookie = "",
      headers = {},
    }: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ) {
    const init: RequestInit = body
      ? {
          method: "POST",
          headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}), ...headers },
          body: JSON.stringify(body),
        }
      : { headers: { ...(cookie ? { cookie } : {}), ...headers } };
    const args = {
      request: new Request(`${origin}/api/auth${path}`, init),
      params: {},
      context: requestContext({ clientIp: ip }),
    } as never;
    return (await (body ? authApiAction(args) : authApiLoader(args))) as Response;
  }

  it("a forged x-nokturn-client-ip header does not change the login limit's key", async () => {
    const email = "podrobiony.adres@example.pl";
    await signup(email, "dobre-haslo", nextIp());
    const ip = nextIp();
    for (let attempt = 0; attempt < LOGIN_BACKOFF.freeFailures; attempt += 1) {
      const forged = { "x-nokturn-client-ip": `203.0.113.${100 + attempt}` };
      expect((await post("/auth", { intent: "login", email, password: "zle" }, ip, forged)).status).toBe(401);
    }
    // A new forged address each time: still the same client (the context's), now waiting.
    const next = await post("/auth", { intent: "login", email, password: "zle" }, ip, {
      "x-nokturn-client-ip": "203.0.113.199",
    });
    expect(next.status).toBe(429);
    expect(next.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("forged x-nokturn-client-ip and x-forwarded-for headers change neither the limits of /api/auth nor the session row's address", async () => {
    const email = "podrobione.naglowki@example.pl";
    await signup(email, "dobre-haslo", nextIp());
    const ip = nextIp();
    for (let attempt = 0; attempt < LOGIN_BACKOFF.freeFailures; attempt += 1) {
      const forged = {
        "x-nokturn-client-ip": `203.0.113.${120 + attempt}`,
        "x-forwarded-for": `203.0.113.${140 + attempt}`,
      };
      const refused = await api("/sign-in/email", ip, { body: { email, password: "zle" }, headers: forged });
      expect(refused.status).toBe(401);
    }
    const waiting = await api("/sign-in/email", ip, { body: { email, password: "zle" }, headers: FORGED });
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get("Retry-After")).toMatch(/^\d+$/);

    // Sessions made through the form and through the endpoint record the context's address.
    const formIp = nextIp();
    const apiIp = nextIp();
    const viaForm = await post("/auth", { intent: "login", email, password: "dobre-haslo" }, formIp, FORGED);
    expect(viaForm.status).toBe(303);
    const viaApi = await api("/sign-in/email", apiIp, {
      body: { email, password: "dobre-haslo" },
      headers: FORGED,
    });
    expect(viaApi.status).toBe(200);
    const [account] = await database.db.select().from(user).where(eq(user.email, email));
    const rows = await database.db.select().from(session).where(eq(session.userId, account.id));
    expect(rows.map((row) => row.ipAddress).sort()).toEqual([formIp, apiIp].sort());
    // And better-auth's own sessions list shows it.
    const listed = await api("/list-sessions", apiIp, { cookie: cookieOf({ headers: viaApi.headers }) });
    expect(((await listed.json()) as { ipAddress: string }[]).map((row) => row.ipAddress).sort()).toEqual(
      [formIp, apiIp].sort(),
    );
  });

  it("no header handed to better-auth carries the client's address", async () => {
    const instance = auth();
    const seen: Headers[] = [];
    const watch = <Target extends object>(
      target: Target,
      name: keyof Target,
      headersOf: (args: unknown[]) => unknown,
    ) => {
      const original = (target[name] as (...args: unknown[]) => unknown).bind(target);
      vi.spyOn(target, name as never).mockImplementation(((...args: unknown[]) => {
        const headers = headersOf(args);
        if (headers) seen.push(new Headers(headers as HeadersInit));
        return original(...args);
      }) as never);
    };
    watch(instance, "handler", ([request]) => (request as Request).headers);
    for (const name of [
      "signInEmail",
      "signUpEmail",
      "getSession",
      "signOut",
      "requestPasswordReset",
    ] as const) {
      watch(instance.api, name, ([options]) => (options as { headers?: unknown } | undefined)?.headers);
    }
    try {
      const ip = "198.51.100.231";
      const email = "bez.naglowka@example.pl";
      await signup(email, "dobre-haslo", ip);
      const signedIn = await login(email, "dobre-haslo", ip);
      expect(signedIn.status).toBe(303);
      const cookie = cookieOf(signedIn);
      const args = requestArgs(`${origin}/account`, { headers: { cookie } }, { clientIp: ip });
      expect(await sessionUser(args)).not.toBeNull();
      await post("/reset-password", { email }, ip);
      await api("/sign-in/email", ip, { body: { email, password: "zle" } });
      await api("/get-session", ip, { cookie });
      expect((await post("/logout", {}, ip, { cookie })).status).toBe(303);
      expect(seen.length).toBeGreaterThanOrEqual(7);
      for (const headers of seen) {
        expect(headers.has("x-nokturn-client-ip")).toBe(false);
        expect([...headers.values()].some((value) => value.includes(ip))).toBe(false);
      }
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("limits the /api/auth endpoints better-auth's limiter alone covered, per context address (change-password: 3 per 10 s)", async () => {
    const email = "zmiana.hasla.api@example.pl";
    await signup(email, "dobre-haslo", nextIp());
    const cookie = cookieOf(await login(email, "dobre-haslo", nextIp()));
    const ip = nextIp();
    travel(0); // the clock stands still: however slow the machine, the window does not pass unless told
    const change = (from: string, headers: Record<string, string> = {}) =>
      api("/change-password", from, {
        cookie,
        headers,
        body: { currentPassword: "zgaduje", newPassword: "nowe-haslo-123" },
      });
    for (let attempt = 0; attempt < ACCOUNT_RATE_LIMITS.apiSensitivePerClient.limit; attempt += 1) {
      const forged = { "x-forwarded-for": `203.0.113.${160 + attempt}` };
      expect((await change(ip, forged)).status).not.toBe(429);
    }
    const refused = await change(ip, FORGED);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Zbyt wiele prób\. Spróbuj ponownie za \d+ min\.$/,
    );
    // Another client is not touched; the same one may try again once the window has passed.
    expect((await change(nextIp())).status).not.toBe(429);
    travel(ACCOUNT_RATE_LIMITS.apiSensitivePerClient.windowMs + 1_000);
    expect((await change(ip)).status).not.toBe(429);
  });

  it("limits every other /api/auth endpoint per context address and path (100 per 10 s)", async () => {
    const ip = nextIp();
    const { limit } = ACCOUNT_RATE_LIMITS.apiPerClient;
    travel(0); // a hundred requests may take longer than the window on a slow machine
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const response = await api("/get-session", ip, {
        headers: { "x-forwarded-for": `203.0.113.${attempt % 250}` },
      });
      expect(response.status).toBe(200);
    }
    const refused = await api("/get-session", ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Another endpoint, or another client, has its own count.
    expect((await api("/ok", ip)).status).toBe(200);
    expect((await api("/get-session", nextIp())).status).toBe(200);
  });
});
