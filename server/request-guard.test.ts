import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_TOO_LARGE_MESSAGE } from "./body-limit";
import { clientErrorResponse, requestGuard, requestRefusal } from "./request-guard";

const refusal = (url: string, method = "GET") =>
  requestRefusal({ method, path: url.split("?")[0] ?? url, url })?.status ?? null;

describe("requestRefusal", () => {
  it("lets the site's own requests in", () => {
    for (const url of [
      "/",
      "/merch?category=clothing",
      "/merch/koszulka-nokturn-logo",
      "/wydarzenia/nokturn-hangar.data?_routes=event-page",
      "/zamowienie/0b6f8a4e-1111-4a4a-9a9a-000000000001?token=abc%2B%2F",
      "/gallery/zmiana%C5%BC",
      "/?q=%E0%A4%A", // a broken escape in the query reads as text (URLSearchParams); no page errs on it
      "/?x=%0A", // a line break in a query value is text PostgreSQL keeps
    ]) {
      expect(refusal(url), url).toBeNull();
    }
    expect(refusal("/contact", "POST")).toBeNull();
    expect(refusal("/", "HEAD")).toBeNull();
  });

  it("refuses methods no page answers with 405", () => {
    for (const method of ["TRACE", "OPTIONS", "PROPFIND", "PUT", "PATCH", "DELETE", "CONNECT", "get"]) {
      expect(refusal("/merch", method), method).toBe(405);
    }
  });

  it("refuses a path that does not decode with 400, and control characters in it with 404", () => {
    for (const url of ["/merch/%ff", "/%E0%A4%A", "/merch/%", "/a%2", "/merch/%C0%80"]) {
      expect(refusal(url), url).toBe(400);
    }
    for (const url of [
      "/wydarzenia/a%00b",
      "/archive/a%00b",
      "/artist/a%01b",
      "/gallery/a%0Ab",
      "/merch/a%7Fb",
      "/zamowienie/a%1fb",
    ]) {
      expect(refusal(url), url).toBe(404);
    }
  });

  it("refuses a NUL anywhere in the query with 400", () => {
    for (const url of [
      "/order-success?session_id=a%00b",
      "/?a%00=1",
      "/admin/users?q=%00",
      "/merch?category=x%00",
    ]) {
      expect(refusal(url), url).toBe(400);
    }
  });
});

describe("requestGuard on a socket", () => {
  let server: http.Server;
  let base = "";
  const logged: { url: string; status: number; reason: string }[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(
      requestGuard({
        siteName: () => "NOKTURN",
        headers: [["X-Content-Type-Options", "nosniff"]],
        log: (req, res, reason) => logged.push({ url: req.originalUrl, status: res.statusCode, reason }),
      }),
    );
    app.all("/{*splat}", (_req, res) => {
      res.send("ok");
    });
    server = app.listen(0, "127.0.0.1");
    server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
      socket.end(clientErrorResponse(error.code, [["X-Content-Type-Options", "nosniff"]], "NOKTURN").bytes);
    });
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers refusals with a Polish page, the security headers and no-store, and logs each once", async () => {
    const cases: [string, string, number, string][] = [
      ["TRACE", "/merch", 405, "Niedozwolona metoda"],
      ["GET", "/merch/%ff", 400, "Nieprawidłowy adres"],
      ["GET", "/wydarzenia/a%00b", 404, "Nie znaleziono strony"],
      ["GET", "/order-success?session_id=a%00b", 400, "Nieprawidłowy adres"],
    ];
    for (const [method, path, status, title] of cases) {
      const response = await raw(method, path);
      expect(response.status, path).toBe(status);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain('<html lang="pl">');
      expect(response.body).toContain(title);
      expect(response.body).toContain("Wróć na stronę główną");
    }
    expect((await raw("TRACE", "/merch")).headers.allow).toBe("GET, HEAD, POST");
    const options = await raw("OPTIONS", "/merch");
    expect(options.status).toBe(405);
    expect(logged.map((line) => line.status)).toEqual([405, 400, 404, 400, 405, 405]);
  });

  it("answers JSON to the API and a HEAD without a body", async () => {
    const api = await raw("PUT", "/api/webhooks/stripe");
    expect(api.status).toBe(405);
    expect(JSON.parse(api.body)).toEqual({ message: "Niedozwolona metoda" });
    const head = await raw("HEAD", "/merch/%ff");
    expect(head.status).toBe(400);
    expect(head.body).toBe("");
  });

  it("refuses a body on GET with 413 before reading it; a body on a refused method is never read", async () => {
    const get = await raw("GET", "/contact", "x".repeat(10_000));
    expect(get.status).toBe(413);
    expect(get.body).toBe(BODY_TOO_LARGE_MESSAGE);
    expect(get.headers["x-content-type-options"]).toBe("nosniff");
    const trace = await raw("TRACE", "/contact", "x".repeat(10_000));
    expect(trace.status).toBe(405);
    expect(trace.headers.connection).toBe("close");
    expect(logged.at(-1)?.status).toBe(405);
    expect(logged.at(-2)).toMatchObject({ status: 413, reason: "body on GET or HEAD" });
  });

  it("answers what Node's parser cannot read with the Polish page too: an unknown method is a 405", async () => {
    const port = (server.address() as AddressInfo).port;
    const exchange = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => socket.end(request));
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk;
        });
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
      });
    const unknown = await exchange("FOO /merch HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(unknown).toMatch(/^HTTP\/1\.1 405 /);
    expect(unknown).toContain("Allow: GET, HEAD, POST");
    expect(unknown).toContain("X-Content-Type-Options: nosniff");
    expect(unknown).toContain("Niedozwolona metoda");
    const broken = await exchange("GET /merch HTTP/1.1\r\nHost x\r\n\r\n");
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(broken).toContain('<html lang="pl">');
    const body = broken.slice(broken.indexOf("\r\n\r\n") + 4);
    expect(broken).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
  });

  function raw(method: string, path: string, body?: string) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const headers: Record<string, string> = body
          ? { "content-length": String(Buffer.byteLength(body)) }
          : {};
        const request = http.request(`${base}${path}`, { method, headers, agent: false }, (response) => {
          let text = "";
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
          );
        });
        request.on("error", (error: NodeJS.ErrnoException) => {
          if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
        });
        request.end(body);
      },
    );
  }
});
