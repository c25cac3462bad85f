/**
 * The events tab's loader over time (issue #17), with the server's test clock: upcoming and past
 * nights, and the warning when the featured night is over and nothing upcoming is published.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "../../app/lib/request-context";
import { loader } from "../../app/routes/admin/events";
import * as s from "../../db/schema";
import { featuredEventSlug } from "../../db/seed";
import { type AdminTestEnv, adminCookie, ORIGIN, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;
let cookie: string;
const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-clock-"));
const clockFile = path.join(clockDir, "now");

beforeAll(async () => {
  env = await setUpAdminTestEnv();
  cookie = await adminCookie();
});
afterEach(() => {
  delete process.env.E2E_CLOCK_FILE;
});
afterAll(async () => {
  await env?.dispose();
  fs.rmSync(clockDir, { recursive: true, force: true });
});

type ListData = {
  upcoming: { slug: string; featured: boolean }[];
  past: { slug: string; featured: boolean }[];
  noNextNight: boolean;
};

async function listAt(instant: string) {
  fs.writeFileSync(clockFile, instant);
  process.env.E2E_CLOCK_FILE = clockFile;
  const data = (await loader({
    request: new Request(`${ORIGIN}/admin/events`, { headers: { cookie } }),
    params: {},
    context: requestContext(),
  } as unknown as Parameters<typeof loader>[0])) as ListData;
  return {
    upcoming: data.upcoming.map((event) => event.slug),
    past: data.past.map((event) => event.slug),
    noNextNight: data.noNextNight,
  };
}

const DEMO_NIGHTS = ["nokturn-hangar", "nokturn-zajezdnia"];

describe("the events list over time", () => {
  it("before SPEC's night everything is upcoming; after it, the night is past and the demo nights are next", async () => {
    const before = await listAt("2026-01-10T12:00:00+01:00");
    expect(before.upcoming[0]).toBe(featuredEventSlug);
    expect(before.past).toEqual([]);
    expect(before.noNextNight).toBe(false);

    const during = await listAt("2026-01-18T02:00:00+01:00");
    expect(during.upcoming[0]).toBe(featuredEventSlug);

    const after = await listAt("2026-02-01T12:00:00+01:00");
    expect(after.past).toEqual([featuredEventSlug]);
    expect(after.upcoming).toEqual(DEMO_NIGHTS);
    expect(after.noNextNight).toBe(false);
  });

  it("warns when the featured night is over and no published night is coming (a cancelled one does not count)", async () => {
    const db = env.database.db;
    await db
      .update(s.events)
      .set({ published: false })
      .where(inArray(s.events.slug, [DEMO_NIGHTS[0]]));
    await db
      .update(s.events)
      .set({ status: "cancelled" })
      .where(inArray(s.events.slug, [DEMO_NIGHTS[1]]));
    expect((await listAt("2026-02-01T12:00:00+01:00")).noNextNight).toBe(true);
    // While the featured night is still to come there is nothing to warn about.
    expect((await listAt("2026-01-10T12:00:00+01:00")).noNextNight).toBe(false);

    await db
      .update(s.events)
      .set({ status: "moved" })
      .where(inArray(s.events.slug, [DEMO_NIGHTS[1]]));
    expect((await listAt("2026-02-01T12:00:00+01:00")).noNextNight).toBe(false);
  });
});
