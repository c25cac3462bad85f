/**
 * The door's API (issue #41) as the production server answers it, where only the real server decides:
 * a guest and a customer are refused in JSON (401, 403), a write from another site never reaches the
 * route (403), a sync's body has its own limit (512 kB, then 413, unread), and nothing is cached.
 * Decisions themselves are tested on the database (tests/integration/door.test.ts).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { baseUrl, cookieOf } from "../support/html";

const night = randomUUID();
const device = randomUUID();

function api(path: string, init: RequestInit & { as?: "admin" | "customer" } = {}) {
  const headers = new Headers(init.headers);
  if (init.as) headers.set("cookie", cookieOf(init.as) ?? "");
  if (init.method === "POST") {
    headers.set("content-type", "application/json");
    if (!headers.has("origin")) headers.set("origin", baseUrl());
  }
  return fetch(`${baseUrl()}/api/bramka/${night}${path}`, { ...init, headers });
}

describe("the door's API over HTTP", () => {
  it("refuses a guest (401) and a customer (403) in JSON, never cached", async () => {
    const guest = await api(`/noc?urzadzenie=${device}&nazwa=Telefon`);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ message: "Zaloguj się, aby kontynuować" });
    const customer = await api(`/noc?urzadzenie=${device}&nazwa=Telefon`, { as: "customer" });
    expect(customer.status).toBe(403);
    expect(customer.headers.get("cache-control")).toContain("no-store");
    const scan = await api("/skan", { method: "POST", as: "customer", body: "{}" });
    expect(scan.status).toBe(403);
  });

  it("answers an admin's unknown night 404 in Polish, not cached", async () => {
    const answer = await api(`/noc?urzadzenie=${device}&nazwa=Telefon`, { as: "admin" });
    expect(answer.status).toBe(404);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({
      message: "Nie ma takiej nocy z biletami sprzedawanymi na stronie",
    });
  });

  it("refuses a write from another site before the route (403)", async () => {
    const answer = await api("/skan", {
      method: "POST",
      as: "admin",
      headers: { origin: "https://zla-strona.example" },
      body: JSON.stringify({ deviceId: device }),
    });
    expect(answer.status).toBe(403);
  });

  it("gives a sync 512 kB and refuses more with 413, a scan 64 kB", async () => {
    const scans = Array.from({ length: 3000 }, () => ({
      nonce: randomUUID(),
      ticketId: randomUUID(),
      version: 1,
      direction: "in",
      at: Date.now(),
      deviceId: device,
    }));
    const body = JSON.stringify({ deviceId: device, scans, sales: [], cursor: null });
    expect(body.length).toBeGreaterThan(512 * 1024);
    const tooBig = await api("/sync", { method: "POST", as: "admin", body });
    expect(tooBig.status).toBe(413);
    // Under the limit the route reads it: an unknown night, not a body problem.
    const small = JSON.stringify({ deviceId: device, scans: scans.slice(0, 1000), sales: [], cursor: null });
    expect(small.length).toBeLessThan(512 * 1024);
    expect(small.length).toBeGreaterThan(64 * 1024);
    expect((await api("/sync", { method: "POST", as: "admin", body: small })).status).toBe(404);
    expect((await api("/skan", { method: "POST", as: "admin", body: small })).status).toBe(413);
  });
});
