/**
 * Every admin action, as the signed-in admin, answers a body no form of ours sends — JSON, no body,
 * text/plain, binary, multipart without a boundary or broken multipart — and a tampered conform intent
 * (`__intent__` that is not `{ type, payload }` JSON) with a 4xx and a Polish message, never a 500 and
 * never a thrown error (the security fuzz test's finding). Routes are found from app/routes.ts like
 * admin-authorization.test.ts does, so a new admin action cannot be missed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "../../app/lib/request-context";
import { demoProductId } from "../../db/seed";
import { type AdminTestEnv, adminCookie, adminRoutes, ORIGIN, setUpAdminTestEnv } from "./admin-support";

const ROUTES = adminRoutes();

/** The `intent` values each admin action knows (`null`: it reads none). Every action must be listed. */
const INTENTS: Record<string, Array<string | null>> = {
  "routes/admin/orders.tsx": [
    "set-status",
    "ship",
    "refund",
    "cancel-refund",
    "refund-withdrawal",
    "set-delivered",
  ],
  "routes/admin/products.tsx": ["set-active", "set-stock", "sold-out", "delete"],
  "routes/admin/product-new.tsx": [null],
  "routes/admin/product-edit.tsx": [null],
  "routes/admin/product-images.ts": ["delete"],
  "routes/admin/discounts.tsx": ["save", "set-active", "delete"],
  "routes/admin/sales.tsx": ["preview", "save", "end"],
  "routes/admin/users.tsx": ["add-role", "remove-role"],
  "routes/admin/invitations.tsx": ["send"],
  "routes/admin/galleries.tsx": ["create", "update", "set-published", "set-featured", "delete"],
  "routes/admin/galleries-photos.ts": ["move", "delete"],
  "routes/admin/ambassadors.tsx": ["create", "update", "delete"],
  "routes/admin/events.tsx": ["feature", "delete"],
  "routes/admin/event-new.tsx": [null],
  "routes/admin/event-edit.tsx": [null],
  "routes/admin/event-tickets.tsx": ["settings", "save", "delete", "move", "resend", "void", "cancel-night"],
  "routes/admin/event-door.tsx": ["door-settings", "give-block", "close-block"],
  "routes/admin/event-images.ts": [null],
  "routes/admin/emails.tsx": [null],
};

const ALLOWED = [400, 404, 405, 409, 413, 422];
const params: Record<string, string> = {
  id: demoProductId("torba-nokturn-tote"),
  eventId: crypto.randomUUID(),
};

const urlOf = (pattern: string) =>
  `${ORIGIN}/${pattern.replace(/:(\w+)/g, (_, name: string) => params[name])}`;

type Body = { name: string; headers?: Record<string, string>; body?: BodyInit };

/** Tampered conform intents: a NUL, and a NUL with U+FFFF (the fuzz test's `%00%EF%BF%BF`). */
const BAD_INTENTS = ["\u0000", "\u0000\uffff"];

function bodiesFor(file: string): Body[] {
  const bodies: Body[] = [
    { name: "JSON", headers: { "content-type": "application/json" }, body: '{"intent":"delete"}' },
    { name: "no body" },
    { name: "no body, form type", headers: { "content-type": "application/x-www-form-urlencoded" } },
    { name: "multipart without boundary", headers: { "content-type": "multipart/form-data" }, body: "" },
    {
      name: "broken multipart",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    },
    { name: "text/plain", headers: { "content-type": "text/plain" }, body: "intent=delete" },
    {
      name: "binary",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array([0, 255, 254, 1, 2, 3]),
    },
  ];
  for (const intent of INTENTS[file] ?? [null]) {
    for (const bad of BAD_INTENTS) {
      const fields: Record<string, string> = { __intent__: bad };
      if (intent) fields.intent = intent;
      bodies.push({
        name: `form, __intent__=${JSON.stringify(bad)}, intent=${intent}`,
        body: new URLSearchParams(fields),
      });
      const multipart = new FormData();
      for (const [name, value] of Object.entries(fields)) multipart.append(name, value);
      bodies.push({
        name: `multipart, __intent__=${JSON.stringify(bad)}, intent=${intent}`,
        body: multipart,
      });
    }
  }
  return bodies;
}

type RouteModule = { action?: (args: unknown) => Promise<unknown> };

function statusOf(value: unknown): number | null {
  if (value instanceof Response) return value.status;
  if (value && typeof value === "object" && "init" in value) {
    return (value as { init?: { status?: number } | null }).init?.status ?? 200;
  }
  return null;
}

let env: AdminTestEnv;
beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});

describe("admin actions and malformed bodies", () => {
  it("every admin action has its intents listed here", async () => {
    for (const route of ROUTES) {
      const module = (await import(/* @vite-ignore */ `../../app/${route.file}`)) as RouteModule;
      if (module.action) expect(INTENTS[route.file], `add ${route.file} to INTENTS`).toBeDefined();
    }
  });

  it("answers a 4xx, never a 500 or a thrown error", async () => {
    const cookie = await adminCookie();
    const failures: string[] = [];
    let tried = 0;
    for (const route of ROUTES) {
      const module = (await import(/* @vite-ignore */ `../../app/${route.file}`)) as RouteModule;
      if (!module.action) continue;
      for (const sample of bodiesFor(route.file)) {
        const request = new Request(urlOf(route.pattern), {
          method: "POST",
          headers: { cookie, ...sample.headers },
          body: sample.body,
        });
        const label = `POST /${route.pattern} (${sample.name})`;
        tried++;
        let status: number | null;
        try {
          status = statusOf(await module.action({ request, params, context: requestContext() }));
          if (status === null) status = 200;
        } catch (thrown) {
          status = statusOf(thrown);
          if (status === null) {
            failures.push(`${label} threw ${String(thrown)}`);
            continue;
          }
        }
        if (!ALLOWED.includes(status)) failures.push(`${label} answered ${status}`);
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
