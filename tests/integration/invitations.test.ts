/**
 * Invitations against a real database: sending one writes the row (token only hashed) and its e-mail in
 * one transaction; the link works once, for 7 days, only for the invited address; accepting grants the
 * role and marks the invitation accepted. Through the routes too: the admin's send action, and the
 * invitee's page (sign up or log in with the invited address; a different one is refused; used,
 * expired and unknown links answer with Polish pages and 410/404, never 500).
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../app/lib/domain-error";
import { requestContext } from "../../app/lib/request-context";
import { invitationMessages } from "../../app/modules/accounts/invitations.schema";
import {
  acceptInvitation,
  createInvitation,
  findInvitation,
  hashInvitationToken,
  InvitationError,
  invitationAcceptMessages,
  invitationProblems,
  listInvitations,
} from "../../app/modules/accounts/invitations.server";
import { action as adminAction, loader as adminLoader } from "../../app/routes/admin/invitations";
import { action as pageAction, loader as pageLoader } from "../../app/routes/invitation";
import * as s from "../../db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../db/seed";
import { type AdminTestEnv, adminCookie, ORIGIN, setUpAdminTestEnv, userWithRole } from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;
const DAY = 86_400_000;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});

async function userByEmail(email: string) {
  const [row] = await db().select().from(s.user).where(eq(s.user.email, email));
  return row;
}

async function rolesOf(userId: string) {
  const rows = await db()
    .select({ role: s.userRoles.role })
    .from(s.userRoles)
    .where(eq(s.userRoles.userId, userId));
  return rows.map((row) => row.role).sort();
}

async function invitationRow(id: string) {
  const [row] = await db().select().from(s.invitations).where(eq(s.invitations.id, id));
  return row;
}

async function mailsTo(to: string) {
  return db()
    .select()
    .from(s.mailOutbox)
    .where(and(eq(s.mailOutbox.to, to), eq(s.mailOutbox.kind, "invitation")))
    .orderBy(desc(s.mailOutbox.createdAt));
}

/** What a loader/action returned or threw: status and data. */
function answer(value: unknown) {
  if (value instanceof Response) return { status: value.status, data: null, headers: value.headers };
  const wrapped = value as { data?: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  if (wrapped && typeof wrapped === "object" && "init" in wrapped) {
    return {
      status: wrapped.init?.status ?? 200,
      data: wrapped.data as Record<string, unknown>,
      headers: new Headers(wrapped.init?.headers),
    };
  }
  return { status: 200, data: value as Record<string, unknown>, headers: new Headers() };
}

async function settle(promise: Promise<unknown>) {
  return promise.then(answer, answer);
}

describe("sending an invitation", () => {
  it("stores the invitation with only the token's hash and queues its e-mail with the link", async () => {
    const admin = await userByEmail(DEMO_ADMIN.email);
    const now = new Date();
    const created = await createInvitation(
      { email: "Nowa.Osoba@Example.pl", role: "moderator", invitedBy: admin.id },
      db(),
      now,
    );
    const row = await invitationRow(created.id);
    expect(row).toMatchObject({
      email: "nowa.osoba@example.pl",
      role: "moderator",
      status: "pending",
      invitedBy: admin.id,
    });
    expect(row.tokenHash).toBe(hashInvitationToken(created.token));
    expect(row.tokenHash).not.toContain(created.token);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(7 * DAY);
    const [mail] = await mailsTo("nowa.osoba@example.pl");
    expect(mail.subject).toBe("Zaproszenie do NOKTURN");
    expect(mail.text).toContain(`${ORIGIN}/zaproszenie/${created.token}`);
    expect(mail.html).toContain(`${ORIGIN}/zaproszenie/${created.token}`);
    expect(mail.text).toContain("moderator");
  });

  it("refuses an address whose account already holds the role, writing nothing", async () => {
    const before = (await listInvitations()).total;
    const error = await createInvitation({
      email: DEMO_ADMIN.email.toUpperCase(),
      role: "admin",
      invitedBy: null,
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(invitationMessages.alreadyHasRole);
    expect((await listInvitations()).total).toBe(before);
    expect(await mailsTo(DEMO_ADMIN.email)).toEqual([]);
  });

  it("retires earlier pending invitations to the same address; the list is newest first", async () => {
    const first = await createInvitation({ email: "dwa-razy@example.pl", role: "user", invitedBy: null });
    const second = await createInvitation({
      email: "dwa-razy@example.pl",
      role: "moderator",
      invitedBy: null,
    });
    expect((await invitationRow(first.id)).status).toBe("expired");
    expect((await findInvitation(first.token)).state).toBe("expired");
    expect((await findInvitation(second.token)).state).toBe("valid");
    const { invitations } = await listInvitations();
    expect(invitations[0].id).toBe(second.id);
    expect(invitations[1].id).toBe(first.id);
  });
});

describe("the link", () => {
  it("is unknown for garbage, a random token or nothing", async () => {
    for (const token of [null, "", "x", "../../etc", "A".repeat(43), "ą".repeat(30)]) {
      expect((await findInvitation(token)).state).toBe("unknown");
    }
  });

  it("expires after its expiry date whatever the stored status", async () => {
    const created = await createInvitation({ email: "stare@example.pl", role: "user", invitedBy: null });
    expect((await findInvitation(created.token, db(), new Date(Date.now() + 7 * DAY - 60_000))).state).toBe(
      "valid",
    );
    expect((await findInvitation(created.token, db(), new Date(Date.now() + 7 * DAY + 60_000))).state).toBe(
      "expired",
    );
  });
});

describe("accepting", () => {
  it("grants the role to the invited address once, and marks the invitation accepted", async () => {
    const customer = await userByEmail(DEMO_CUSTOMER.email);
    const created = await createInvitation({
      email: DEMO_CUSTOMER.email,
      role: "moderator",
      invitedBy: null,
    });
    const accepted = await acceptInvitation(created.token, {
      id: customer.id,
      email: "KLIENT@nokturn.example",
    });
    expect(accepted).toEqual({ role: "moderator", email: DEMO_CUSTOMER.email });
    expect(await rolesOf(customer.id)).toContain("moderator");
    const row = await invitationRow(created.id);
    expect(row.status).toBe("accepted");
    expect(row.acceptedBy).toBe(customer.id);
    expect(row.acceptedAt).toBeInstanceOf(Date);
    const again = await acceptInvitation(created.token, customer).catch((thrown: unknown) => thrown);
    expect(again).toBeInstanceOf(InvitationError);
    expect((again as InvitationError).reason).toBe("used");
    expect((await findInvitation(created.token)).state).toBe("used");
    await db()
      .delete(s.userRoles)
      .where(and(eq(s.userRoles.userId, customer.id), eq(s.userRoles.role, "moderator")));
  });

  it("refuses another address and an expired invitation, granting nothing", async () => {
    const customer = await userByEmail(DEMO_CUSTOMER.email);
    const forSomeoneElse = await createInvitation({
      email: "ktos-inny@example.pl",
      role: "admin",
      invitedBy: null,
    });
    const wrong = await acceptInvitation(forSomeoneElse.token, customer).catch((thrown: unknown) => thrown);
    expect((wrong as InvitationError).reason).toBe("wrong-email");
    expect((wrong as InvitationError).status).toBe(403);
    expect((await invitationRow(forSomeoneElse.id)).status).toBe("pending");

    const expired = await createInvitation({ email: DEMO_CUSTOMER.email, role: "admin", invitedBy: null });
    await db()
      .update(s.invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.invitations.id, expired.id));
    const late = await acceptInvitation(expired.token, customer).catch((thrown: unknown) => thrown);
    expect((late as InvitationError).reason).toBe("expired");
    expect(await rolesOf(customer.id)).not.toContain("admin");
    expect((await invitationRow(expired.id)).status).toBe("pending");
  });
});

describe("the admin's /admin/invitations route", () => {
  function post(cookie: string, fields: Record<string, string>) {
    return adminAction({
      request: new Request(`${ORIGIN}/admin/invitations`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams(fields),
      }),
      params: {},
      context: requestContext(),
    } as never);
  }

  it("sends with SPEC's success message, and lists expired invitations as expired", async () => {
    const cookie = await adminCookie();
    const sent = await settle(post(cookie, { intent: "send", email: "z-panelu@example.pl", role: "" }));
    expect(sent).toMatchObject({ status: 200, data: { ok: true, message: "Zaproszenie zostało wysłane" } });
    const [row] = await db()
      .select()
      .from(s.invitations)
      .where(eq(s.invitations.email, "z-panelu@example.pl"));
    expect(row.role).toBe("user");
    expect(await mailsTo("z-panelu@example.pl")).toHaveLength(1);

    await db()
      .update(s.invitations)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(s.invitations.id, row.id));
    const listed = answer(
      await adminLoader({
        request: new Request(`${ORIGIN}/admin/invitations`, { headers: { cookie } }),
        params: {},
        context: requestContext(),
      } as never),
    );
    const entries = (listed.data as { invitations: { id: string; status: string; displayStatus: string }[] })
      .invitations;
    expect(entries.find((entry) => entry.id === row.id)).toMatchObject({
      status: "pending",
      displayStatus: "expired",
    });
  });

  it("answers 400 with 'Podaj adres email' for an empty address, 409 for a role already held", async () => {
    const cookie = await adminCookie();
    const empty = await settle(post(cookie, { intent: "send", email: "", role: "admin" }));
    expect(empty).toMatchObject({ status: 400, data: { ok: false, message: "Podaj adres email" } });
    const held = await settle(post(cookie, { intent: "send", email: DEMO_ADMIN.email, role: "admin" }));
    expect(held).toMatchObject({
      status: 409,
      data: { ok: false, message: invitationMessages.alreadyHasRole },
    });
    expect((await settle(post(cookie, { intent: "other" }))).status).toBe(400);
  });

  it("answers a moderator 403", async () => {
    const cookie = await userWithRole(env.database, "moderator-zaproszenia@example.pl", "moderator");
    const refused = await settle(
      post(cookie, { intent: "send", email: "od-moderatora@example.pl", role: "admin" }),
    );
    expect(refused.status).toBe(403);
    expect(await mailsTo("od-moderatora@example.pl")).toEqual([]);
  });
});

describe("the invitee's page /zaproszenie/:token", () => {
  const passwordOf = "haslo-zaproszenia-1";

  function load(token: string, cookie?: string) {
    return settle(
      pageLoader({
        request: new Request(`${ORIGIN}/zaproszenie/${token}`, { headers: cookie ? { cookie } : {} }),
        params: { token },
        context: requestContext(),
      } as never),
    );
  }

  function submit(token: string, fields: Record<string, string>, cookie?: string) {
    return settle(
      pageAction({
        request: new Request(`${ORIGIN}/zaproszenie/${token}`, {
          method: "POST",
          headers: cookie ? { cookie } : {},
          body: new URLSearchParams(fields),
        }),
        params: { token },
        context: requestContext(),
      } as never),
    );
  }

  it("shows a valid invitation, and Polish pages with 404/410 for unknown, expired and used links", async () => {
    const created = await createInvitation({ email: "strona@example.pl", role: "user", invitedBy: null });
    expect(await load(created.token)).toMatchObject({
      status: 200,
      data: { state: "valid", invitation: { email: "strona@example.pl" } },
    });
    expect(await load("nie-ma-takiego-zaproszenia-123")).toMatchObject({
      status: 404,
      data: { state: "unknown", problem: { title: invitationProblems.unknown.title } },
    });
    await db()
      .update(s.invitations)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(s.invitations.id, created.id));
    expect(await load(created.token)).toMatchObject({
      status: 410,
      data: { problem: { title: "Zaproszenie wygasło" } },
    });
  });

  it("signing up with the invited address grants the role, marks it accepted and signs in; the link is then used", async () => {
    const email = "nowy-moderator@example.pl";
    const created = await createInvitation({ email, role: "moderator", invitedBy: null });
    const result = await submit(created.token, {
      intent: "signup",
      email,
      password: passwordOf,
      confirmPassword: passwordOf,
    });
    expect(result).toMatchObject({ status: 200, data: { accepted: { role: "moderator", email } } });
    expect(result.headers.get("set-cookie")).toMatch(/session_token=/);
    const user = await userByEmail(email);
    expect(await rolesOf(user.id)).toEqual(["moderator"]);
    expect((await invitationRow(created.id)).status).toBe("accepted");

    const reused = await submit(created.token, { intent: "login", email, password: passwordOf });
    expect(reused).toMatchObject({
      status: 410,
      data: { ok: false, message: "Zaproszenie zostało już wykorzystane" },
    });
    expect(await load(created.token)).toMatchObject({
      status: 410,
      data: { problem: { title: "Zaproszenie zostało już wykorzystane" } },
    });
  });

  it("logging in with a different address is refused and grants nothing", async () => {
    const created = await createInvitation({
      email: "zaproszony@example.pl",
      role: "admin",
      invitedBy: null,
    });
    const result = await submit(created.token, {
      intent: "login",
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      ok: false,
      message: invitationAcceptMessages.wrongEmail("zaproszony@example.pl"),
      field: "email",
    });
    expect(result.headers.get("set-cookie")).toBeNull();
    const customer = await userByEmail(DEMO_CUSTOMER.email);
    expect(await rolesOf(customer.id)).not.toContain("admin");
    expect((await invitationRow(created.id)).status).toBe("pending");

    // Signed in as someone else, "accept" is refused too.
    const signedIn = await userWithRole(env.database, "ktos-zalogowany@example.pl", "user");
    const page = await load(created.token, signedIn);
    expect(page.data).toMatchObject({ user: { email: "ktos-zalogowany@example.pl", matches: false } });
    const accept = await submit(created.token, { intent: "accept" }, signedIn);
    expect(accept.status).toBe(403);
    expect((await invitationRow(created.id)).status).toBe("pending");
  });

  it("logging in with the invited address of an existing account accepts; sign-up there says to log in", async () => {
    const created = await createInvitation({
      email: DEMO_CUSTOMER.email,
      role: "moderator",
      invitedBy: null,
    });
    const signup = await submit(created.token, {
      intent: "signup",
      email: DEMO_CUSTOMER.email,
      password: "inne-haslo-123",
      confirmPassword: "inne-haslo-123",
    });
    expect(signup).toMatchObject({
      status: 409,
      data: { ok: false, message: invitationAcceptMessages.accountExists },
    });
    const wrongPassword = await submit(created.token, {
      intent: "login",
      email: DEMO_CUSTOMER.email,
      password: "zle-haslo",
    });
    expect(wrongPassword.status).toBe(401);
    expect((await invitationRow(created.id)).status).toBe("pending");
    const login = await submit(created.token, {
      intent: "login",
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    expect(login).toMatchObject({ status: 200, data: { accepted: { role: "moderator" } } });
    const customer = await userByEmail(DEMO_CUSTOMER.email);
    expect(await rolesOf(customer.id)).toContain("moderator");
  });

  it("validates the forms with 400 and Polish messages, and refuses accepting without a session", async () => {
    const created = await createInvitation({ email: "walidacja@example.pl", role: "user", invitedBy: null });
    const short = await submit(created.token, {
      intent: "signup",
      email: "walidacja@example.pl",
      password: "123",
      confirmPassword: "123",
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.data?.result)).toContain("Hasło musi mieć minimum 6 znaków");
    // Issue 14: a NUL byte is a Polish 400, with the typed address kept.
    const nul = await submit(created.token, {
      intent: "signup",
      email: "walidacja@example.pl",
      password: "haslo\u0000dobre",
      confirmPassword: "haslo\u0000dobre",
    });
    expect(nul.status).toBe(400);
    expect(JSON.stringify(nul.data?.result)).toContain("Pole zawiera niedozwolone znaki sterujące");
    expect(JSON.stringify(nul.data?.result)).toContain("walidacja@example.pl");
    expect((await submit(created.token, { intent: "nic" })).status).toBe(400);
    expect((await submit(created.token, { intent: "accept" })).status).toBe(401);
    expect((await submit("nieznany-token-zaproszenia", { intent: "accept" })).status).toBe(404);
    expect((await invitationRow(created.id)).status).toBe("pending");
  });

  it("a plain form and an enhanced one get the same answer, shown in the page (issue #38)", async () => {
    for (const extra of [{}, { _enhanced: "1" }] as Record<string, string>[]) {
      const email = `plain-${Object.keys(extra).length}@example.pl`;
      const created = await createInvitation({ email, role: "user", invitedBy: null });
      const refused = await submit(created.token, {
        intent: "login",
        email,
        password: "zle-haslo",
        ...extra,
      });
      expect(refused).toMatchObject({
        status: 401,
        data: { ok: false, message: "Nieprawidłowy email lub hasło" },
      });
      const accepted = await submit(created.token, {
        intent: "signup",
        email,
        password: passwordOf,
        confirmPassword: passwordOf,
        ...extra,
      });
      expect(accepted).toMatchObject({
        status: 200,
        data: {
          ok: true,
          title: "Zaproszenie przyjęte",
          message: "Twoja rola: Użytkownik",
          accepted: { role: "user" },
        },
      });
    }
  });
});
