/**
 * Routes that need a user check the session before they read the body (issue #14): a guest's or a
 * customer's POST to the review action, the account page and every action under /admin (found from
 * app/routes.ts) is refused without a byte of its body being read. The body here is a stream that
 * records whether anyone pulled from it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "../../app/lib/request-context";
import { demoProductId } from "../../db/seed";
import { type AdminTestEnv, adminRoutes, customerCookie, ORIGIN, setUpAdminTestEnv } from "./admin-support";

type RouteModule = { action?: (args: unknown) => Promise<unknown> };

let env: AdminTestEnv;
let customer = "";

beforeAll(async () => {
  env = await setUpAdminTestEnv();
  customer = await customerCookie();
});
afterAll(async () => {
  await env?.dispose();
});

/** A POST whose body tells whether it was read. */
function watchedPost(pathname: string, cookie: string) {
  const watch = { pulled: false };
  const bytes = new TextEncoder().encode(
    "intent=review&rating=5&comment=Opinia+kt%C3%B3ra+nie+powinna+by%C4%87+czytana",
  );
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        watch.pulled = true;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    // Nothing is pulled until someone reads.
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    origin: ORIGIN,
  };
  if (cookie) headers.cookie = cookie;
  const request = new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return { request, watch };
}

function statusOf(value: unknown): number {
  if (value instanceof Response) return value.status;
  if (value && typeof value === "object" && "init" in value) {
    return (value as { init?: { status?: number } | null }).init?.status ?? 200;
  }
  return 200;
}

async function refusedUnread(file: string, pathname: string, params: Record<string, string>, cookie: string) {
  const mod = (await import(/* @vite-ignore */ `../../app/${file}`)) as RouteModule;
  if (!mod.action) return null;
  const { request, watch } = watchedPost(pathname, cookie);
  let status: number;
  try {
    status = statusOf(await mod.action({ request, params, context: requestContext() }));
  } catch (thrown) {
    status = statusOf(thrown);
  }
  return { status, pulled: watch.pulled };
}

describe("the session is checked before the body is read", () => {
  it("the product page's review action refuses a guest unread", async () => {
    const outcome = await refusedUnread(
      "routes/product.tsx",
      "/merch/bandana-nokturn",
      { slug: "bandana-nokturn" },
      "",
    );
    expect(outcome).toEqual({ status: 401, pulled: false });
  });

  it("the account page refuses a guest unread", async () => {
    const outcome = await refusedUnread("routes/account.tsx", "/account", {}, "");
    expect(outcome?.pulled).toBe(false);
    expect([302, 401]).toContain(outcome?.status);
  });

  it("every admin action refuses a guest and a customer unread", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of adminRoutes()) {
      const pathname = `/${route.pattern.replace(":eventId", crypto.randomUUID()).replace(":id", demoProductId("torba-nokturn-tote"))}`;
      const params = { id: demoProductId("torba-nokturn-tote"), eventId: crypto.randomUUID() };
      for (const [who, cookie] of [
        ["guest", ""],
        ["customer", customer],
      ] as const) {
        const outcome = await refusedUnread(route.file, pathname, params, cookie);
        if (!outcome) continue;
        checked += 1;
        if (outcome.pulled || outcome.status < 300 || outcome.status >= 500)
          problems.push(`${who} POST ${pathname}: ${outcome.status}${outcome.pulled ? ", body read" : ""}`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
