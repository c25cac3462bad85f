import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "./request-context";

beforeAll(() => {
  process.env.AUTH_SECRET ??= "a-test-secret-of-at-least-thirty-two-characters";
});

async function flashModule() {
  return import("./flash.server");
}

function cookieOf(headers: Headers) {
  return headers.getSetCookie()[0]?.split(";")[0] ?? "";
}

describe("the one flash mechanism", () => {
  it("carries a message to the next page once, then clears it", async () => {
    const { putFlash, takeFlash } = await flashModule();
    const headers = await putFlash(new Headers(), { kind: "success", title: "Dodano do koszyka" });
    const set = headers.getSetCookie()[0];
    expect(set).toMatch(/^nokturn_flash=/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/Max-Age=60/i);
    const { message, clear } = await takeFlash(
      new Request("http://x/", { headers: { cookie: cookieOf(headers) } }),
    );
    expect(message).toMatchObject({ kind: "success", title: "Dodano do koszyka" });
    expect(message?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(clear).toMatch(/^nokturn_flash=;.*Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it("reads a forged or unsigned cookie as no message", async () => {
    const { takeFlash } = await flashModule();
    const forged = Buffer.from(
      JSON.stringify({ __flash_message__: { kind: "error", title: "Podaj hasło tutaj", id: "x" } }),
    ).toString("base64");
    for (const cookie of [
      `nokturn_flash=${forged}`,
      "nokturn_flash=%00",
      `nokturn_flash=${"a".repeat(5000)}`,
    ]) {
      const { message } = await takeFlash(new Request("http://x/", { headers: { cookie } }));
      expect(message).toBeNull();
    }
  });

  it("the middleware gives the page its message and clears the cookie, never cacheable", async () => {
    const { flashMiddleware, flashOf, putFlash } = await flashModule();
    const headers = await putFlash(new Headers(), { kind: "error", title: "Nie dodano do koszyka" });
    const context = requestContext();
    const request = new Request("http://x/merch", { headers: { cookie: cookieOf(headers) } });
    const response = (await flashMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "/" } as never,
      async () => {
        expect(flashOf(context)).toMatchObject({ title: "Nie dodano do koszyka" });
        return new Response("page");
      },
    )) as Response;
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.getSetCookie()[0]).toMatch(/^nokturn_flash=;/);
  });

  it("leaves a request without the cookie alone", async () => {
    const { flashMiddleware, flashOf } = await flashModule();
    const context = requestContext();
    const request = new Request("http://x/");
    const response = (await flashMiddleware(
      { request, context } as never,
      async () => new Response("page"),
    )) as Response;
    expect(flashOf(context)).toBeNull();
    expect(response.headers.has("Set-Cookie")).toBe(false);
  });

  it("keeps the message for a data request that does not run the root loader", async () => {
    const { flashMiddleware, putFlash } = await flashModule();
    const headers = await putFlash(new Headers(), { kind: "success", title: "Zapisano" });
    const request = new Request("http://x/merch.data?_routes=routes%2Fmerch", {
      headers: { cookie: cookieOf(headers) },
    });
    const response = (await flashMiddleware(
      { request, context: requestContext() } as never,
      async () => new Response("data"),
    )) as Response;
    expect(response.headers.has("Set-Cookie")).toBe(false);
  });
});
