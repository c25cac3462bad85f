import { describe, expect, it } from "vitest";
import { z } from "zod";
import { flashIn } from "../../tests/support/flash";
import { DomainError } from "./domain-error";
import { handleFormAction, intent } from "./form-action.server";

const intents = {
  rename: intent({
    schema: z.object({
      intent: z.literal("rename"),
      name: z.string({ error: "Podaj nazwę" }).min(2, "Za krótka"),
    }),
    failure: "Nie udało się zmienić nazwy",
    run: async ({ name }) => {
      if (name === "taken") throw new DomainError("Nazwa zajęta", 409, "name");
      if (name === "boom") throw new Error("database down");
      return { message: "Zmieniono", renamedTo: name };
    },
  }),
};
const options = { invalidRequest: "Nieprawidłowe żądanie" };

function post(body: BodyInit, type?: string) {
  return new Request("http://localhost/admin/x", {
    method: "POST",
    body,
    headers: type ? { "content-type": type } : undefined,
  });
}

/** The status and JSON body of what an action returned (plain object = 200). */
function answer(value: unknown) {
  const init = value as { type?: string; data?: unknown; init?: { status?: number } };
  if (init?.type === "DataWithResponseInit") return { status: init.init?.status ?? 200, body: init.data };
  return { status: 200, body: value };
}

describe("handleFormAction", () => {
  it("runs the intent with its validated value", async () => {
    const form = new URLSearchParams({ intent: "rename", name: "Nowa" });
    const { status, body } = answer(await handleFormAction(post(form), intents, options));
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, intent: "rename", message: "Zmieniono", renamedTo: "Nowa" });
  });

  it.each([
    ["an unknown intent", new URLSearchParams({ intent: "drop", name: "x" })],
    ["no intent", new URLSearchParams({ name: "x" })],
    ["an intent named like an Object member", new URLSearchParams({ intent: "toString" })],
    ["a JSON body", JSON.stringify({ intent: "rename" })],
  ])("answers 400, never 500, to %s", async (_label, body) => {
    const { status, body: result } = answer(
      await handleFormAction(
        post(body, typeof body === "string" ? "application/json" : undefined),
        intents,
        options,
      ),
    );
    expect(status).toBe(400);
    expect(result).toMatchObject({ ok: false, intent: null, message: "Nieprawidłowe żądanie" });
  });

  it("answers a schema failure with 400 and the first field message", async () => {
    const form = new URLSearchParams({ intent: "rename", name: "x" });
    const { status, body } = answer(await handleFormAction(post(form), intents, options));
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, intent: "rename", message: "Za krótka" });
  });

  it("answers a DomainError with its status, message and field", async () => {
    const form = new URLSearchParams({ intent: "rename", name: "taken" });
    const { status, body } = answer(await handleFormAction(post(form), intents, options));
    expect(status).toBe(409);
    expect(body).toMatchObject({ ok: false, message: "Nazwa zajęta" });
    expect((body as { result: { error: Record<string, string[]> } }).result.error.name).toEqual([
      "Nazwa zajęta",
    ]);
  });

  it("answers an unexpected failure with the intent's message, not the error", async () => {
    const form = new URLSearchParams({ intent: "rename", name: "boom" });
    const { status, body } = answer(await handleFormAction(post(form), intents, options));
    expect(status).toBe(500);
    expect(body).toMatchObject({ ok: false, message: "Nie udało się zmienić nazwy" });
    expect(JSON.stringify(body)).not.toContain("database down");
  });

  it("answers an unexpected failure with the intent's own failure status when it names one", async () => {
    const unavailable = { rename: intent({ ...intents.rename, failureStatus: 503 }) };
    const form = new URLSearchParams({ intent: "rename", name: "boom" });
    const { status, body } = answer(await handleFormAction(post(form), unavailable, options));
    expect(status).toBe(503);
    expect(body).toMatchObject({ ok: false, message: "Nie udało się zmienić nazwy" });
  });

  it("refuses a multipart body over the cap with 413 while it streams", async () => {
    const form = new FormData();
    form.set("intent", "rename");
    form.set("file", new File([new Uint8Array(4096)], "a.jpg"));
    const request = post(form);
    request.headers.delete("content-length");
    const { status, body } = answer(
      await handleFormAction(request, intents, {
        ...options,
        multipart: { maxBytes: 1024, tooLarge: "Za duży" },
      }),
    );
    expect(status).toBe(413);
    expect(body).toMatchObject({ ok: false, message: "Za duży" });
  });
});

describe("handleFormAction: a plain form and an enhanced one (decision 035)", () => {
  const cartIntents = {
    add: intent({
      schema: z.object({ productId: z.string({ error: "Wybierz produkt" }).min(1, "Wybierz produkt") }),
      failure: "Nie udało się dodać",
      title: "Nie dodano do koszyka",
      run: async ({ productId }) => {
        if (productId === "sold-out") throw new DomainError("Wyprzedane", 409, undefined, { title: "Brak" });
        if (productId === "limited")
          throw new DomainError("Zbyt wiele prób", 429, undefined, { retryAfterSeconds: 30 });
        return { title: "Dodano do koszyka", message: `${productId} został dodany do koszyka` };
      },
    }),
    pay: intent({
      schema: z.object({}),
      failure: "Płatność niedostępna",
      run: async () => ({ message: "Przechodzę do płatności", redirectTo: "/platnosc-testowa/x" }),
    }),
  };
  const withPlain = {
    invalidRequest: "Nieprawidłowe żądanie",
    plain: {
      redirectTo: () => "/merch/koszulka",
      refusals: true,
      headers: () => new Headers({ "x-cart": "1" }),
    },
  };
  /** The action's answer to one cart form (`_enhanced` in `fields` for a script's post). */
  const send = (fields: Record<string, string>) =>
    handleFormAction(post(new URLSearchParams(fields)), cartIntents, withPlain);

  it("answers an enhanced form with data and a plain one with a 303 carrying the same words", async () => {
    const enhanced = answer(await send({ intent: "add", productId: "Koszulka", _enhanced: "1" }));
    expect(enhanced.body).toMatchObject({
      ok: true,
      title: "Dodano do koszyka",
      message: "Koszulka został dodany do koszyka",
    });
    const plain = (await send({ intent: "add", productId: "Koszulka" })) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/merch/koszulka");
    expect(plain.headers.get("x-cart")).toBe("1");
    expect(await flashIn(plain)).toMatchObject({
      kind: "success",
      title: "Dodano do koszyka",
      description: "Koszulka został dodany do koszyka",
    });
  });

  it("gives refusals the intent's title unless the refusal has its own, and a rate limit its Retry-After", async () => {
    const invalid = answer(await send({ intent: "add", productId: "", _enhanced: "1" }));
    expect(invalid).toMatchObject({
      status: 400,
      body: { ok: false, title: "Nie dodano do koszyka", message: "Wybierz produkt" },
    });
    const soldOut = answer(await send({ intent: "add", productId: "sold-out", _enhanced: "1" }));
    expect(soldOut).toMatchObject({ status: 409, body: { title: "Brak", message: "Wyprzedane" } });
    const limited = (await send({ intent: "add", productId: "limited", _enhanced: "1" })) as unknown as {
      init: { status: number; headers: Headers };
    };
    expect(limited.init.status).toBe(429);
    expect(new Headers(limited.init.headers).get("Retry-After")).toBe("30");
    const plainRefusal = (await send({ intent: "add", productId: "sold-out" })) as Response;
    expect(plainRefusal.status).toBe(303);
    expect(await flashIn(plainRefusal)).toMatchObject({
      kind: "error",
      title: "Brak",
      description: "Wyprzedane",
    });
  });

  it("leaves for an intent's own page with a 303 and no message, plain or enhanced", async () => {
    const bodies: Record<string, string>[] = [{ intent: "pay" }, { intent: "pay", _enhanced: "1" }];
    for (const fields of bodies) {
      const answered = (await handleFormAction(
        post(new URLSearchParams(fields)),
        cartIntents,
        withPlain,
      )) as Response;
      expect(answered.status).toBe(303);
      expect(answered.headers.get("location")).toBe("/platnosc-testowa/x");
      expect(answered.headers.get("x-cart")).toBe("1");
      expect(await flashIn(answered)).toBeNull();
    }
  });
});
