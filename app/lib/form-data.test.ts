import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CONFORM_INTENT_FIELD, readFormData, withoutMalformedIntent } from "./form-data";

const schema = z.object({ name: z.string({ error: "Podaj nazwę" }) });

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("withoutMalformedIntent", () => {
  it("drops a conform intent that is no JSON, so parsing reports the form instead of throwing", () => {
    const tampered = form([
      ["name", "Ola"],
      [CONFORM_INTENT_FIELD, "\u0000nie-json"],
    ]);
    expect(() => parseWithZod(form([[CONFORM_INTENT_FIELD, "{"]]), { schema })).toThrow();
    const cleaned = withoutMalformedIntent(tampered);
    expect(cleaned.has(CONFORM_INTENT_FIELD)).toBe(false);
    expect(parseWithZod(cleaned, { schema }).status).toBe("success");
    expect(parseWithZod(withoutMalformedIntent(form([[CONFORM_INTENT_FIELD, "x"]])), { schema }).status).toBe(
      "error",
    );
    // JSON, but not conform's shape.
    for (const value of ["null", "true", "-1", "[]", '{"$gt":""}', '{"type":1,"payload":{}}']) {
      expect(() => parseWithZod(form([[CONFORM_INTENT_FIELD, value]]), { schema }), value).toThrow();
      expect(
        withoutMalformedIntent(form([[CONFORM_INTENT_FIELD, value]])).has(CONFORM_INTENT_FIELD),
        value,
      ).toBe(false);
    }
  });

  it("keeps a genuine conform intent", () => {
    const intent = JSON.stringify({ type: "validate", payload: { name: "name" } });
    const kept = withoutMalformedIntent(
      form([
        ["name", "Ola"],
        [CONFORM_INTENT_FIELD, intent],
      ]),
    );
    expect(kept.get(CONFORM_INTENT_FIELD)).toBe(intent);
  });
});

describe("readFormData", () => {
  const post = (body: BodyInit, type?: string) =>
    new Request("http://localhost/x", {
      method: "POST",
      body,
      headers: type ? { "content-type": type } : {},
    });

  it("reads url-encoded and multipart forms", async () => {
    expect((await readFormData(post("name=Ola", "application/x-www-form-urlencoded")))?.get("name")).toBe(
      "Ola",
    );
    expect((await readFormData(post(form([["name", "Ola"]]))))?.get("name")).toBe("Ola");
  });

  it("answers null for bodies that are no form", async () => {
    expect(await readFormData(post('{"name":"Ola"}', "application/json"))).toBeNull();
    expect(
      await readFormData(post("--x\r\nContent-Disposition: form-da", "multipart/form-data; boundary=x")),
    ).toBeNull();
    expect(await readFormData(post("name=Ola", "multipart/form-data"))).toBeNull();
    expect(await readFormData(new Request("http://localhost/x", { method: "POST" }))).toBeNull();
  });
});
