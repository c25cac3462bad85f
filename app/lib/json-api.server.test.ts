import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "./domain-error";
import { jsonAnswer, readJsonBody } from "./json-api.server";

const post = (body: string) => new Request("http://localhost/api", { method: "POST", body });

describe("a JSON API's answers", () => {
  it("answers the result, a refusal and a guard's data() as JSON, never cached", async () => {
    const ok = await jsonAnswer(async () => ({ stored: true }));
    expect([ok.status, ok.headers.get("cache-control"), await ok.json()]).toEqual([
      200,
      "no-store",
      { stored: true },
    ]);
    const refused = await jsonAnswer(async () => {
      throw new DomainError("Brak miejsc", 409);
    });
    expect([refused.status, refused.headers.get("cache-control"), await refused.json()]).toEqual([
      409,
      "no-store",
      { message: "Brak miejsc" },
    ]);
    const guarded = await jsonAnswer(async () => {
      throw data({ message: "Brak uprawnień administratora" }, { status: 403 });
    });
    expect([guarded.status, guarded.headers.get("cache-control"), await guarded.json()]).toEqual([
      403,
      "no-store",
      { message: "Brak uprawnień administratora" },
    ]);
    await expect(jsonAnswer(async () => Promise.reject(new Error("bug")))).rejects.toThrow("bug");
  });

  it("reads a body by its schema, and anything else as a 400 with the message", async () => {
    const schema = z.object({ n: z.number().int() });
    expect(await readJsonBody(post('{"n":3}'), schema, "Złe dane")).toEqual({ n: 3 });
    for (const body of ["", "{", '{"n":"3"}', "null", "\u0000"]) {
      await expect(readJsonBody(post(body), schema, "Złe dane")).rejects.toMatchObject({
        message: "Złe dane",
        status: 400,
      });
    }
  });
});
