/**
 * Test e-mails from the admin panel against a real database: every template's sample renders; bad JSON
 * and a wrong shape are 400s with Polish messages (never a 500); a good request queues the rendered
 * e-mail in the real outbox to the address typed; the live preview endpoint answers the same way.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormActionResult, handleFormAction } from "../../app/lib/form-action.server";
import { requestContext } from "../../app/lib/request-context";
import {
  sampleJson,
  TEST_EMAIL_TEMPLATES,
  testEmailMessages,
  testEmailSamples,
} from "../../app/modules/mail/test-emails.schema";
import { previewTestEmail, testEmailIntents } from "../../app/modules/mail/test-emails.server";
import { action, loader } from "../../app/routes/admin/emails";
import { loader as previewLoader } from "../../app/routes/admin/emails-preview";
import * as s from "../../db/schema";
import { DEMO_ADMIN } from "../../db/seed";
import { type AdminTestEnv, adminCookie, customerCookie, ORIGIN, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});

/** Posts the send form (its `intent` is "send"; an empty body posts nothing at all). */
async function send(fields: Record<string, string>) {
  const formData = new FormData();
  const all = Object.keys(fields).length > 0 ? { intent: "send", ...fields } : fields;
  for (const [name, value] of Object.entries(all)) formData.append(name, value);
  const request = new Request(`${ORIGIN}/admin/emails`, { method: "POST", body: formData });
  return unwrap(
    await handleFormAction(request, testEmailIntents, { invalidRequest: testEmailMessages.invalidRequest }),
  );
}

/** A refusal comes wrapped with its status; an answer of 200 is the plain result. */
function unwrap(answer: unknown) {
  const wrapped = answer as { type?: string; data?: FormActionResult; init?: { status?: number } };
  if (wrapped.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, data: wrapped.data as FormActionResult };
  }
  return { status: 200, data: answer as FormActionResult };
}

async function outboxTo(to: string) {
  return db()
    .select()
    .from(s.mailOutbox)
    .where(eq(s.mailOutbox.to, to))
    .orderBy(desc(s.mailOutbox.createdAt));
}

describe("templates and samples", () => {
  it.each(TEST_EMAIL_TEMPLATES)(
    "%s: the sample is valid and renders with the shop's frame",
    async (template) => {
      const preview = await previewTestEmail(template, sampleJson(template));
      expect(preview.ok).toBe(true);
      if (!preview.ok) return;
      expect(preview.subject.length).toBeGreaterThan(5);
      expect(preview.html).toContain('lang="pl"');
      expect(preview.html).toContain("NOKTURN");
    },
  );
});

describe("sending a test e-mail", () => {
  it("queues the rendered template to the address typed, marked as a test", async () => {
    const to = "testy@example.pl";
    const data = JSON.stringify({ ...testEmailSamples.welcome, name: "Zbyszek Testowy" });
    const answer = await send({ template: "welcome", to, data });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      ok: true,
      message: "Testowy email został wysłany na testy@example.pl",
    });
    const [mail] = await outboxTo(to);
    expect(mail).toMatchObject({ kind: "test-welcome", status: "pending" });
    expect(mail.subject).toMatch(/^\[TEST\] Witaj w NOKTURN/);
    expect(mail.html).toContain("Zbyszek Testowy");
    expect(mail.text).toContain("Zbyszek Testowy");
  });

  it("renders money given in grosze as PLN", async () => {
    const to = "zamowienie@example.pl";
    const answer = await send({ template: "order-confirmation", to, data: sampleJson("order-confirmation") });
    expect(answer.status).toBe(200);
    const [mail] = await outboxTo(to);
    expect(mail.text).toContain("Razem: 167,29");
    expect(mail.text).toContain("129,00");
  });

  it("refuses invalid JSON with a Polish message (400), nothing queued", async () => {
    const to = "zly-json@example.pl";
    const answer = await send({ template: "welcome", to, data: '{"email": "a@b.pl",' });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, message: testEmailMessages.invalidJson });
    expect(answer.data.result?.error?.data).toEqual([testEmailMessages.invalidJson]);
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it("refuses JSON of the wrong shape with a Polish message naming the field (400)", async () => {
    const to = "zly-ksztalt@example.pl";
    const items = [{ name: "Koszulka", size: "M", quantity: "dwa" }];
    const wrongType = await send({
      template: "delivery-confirmation",
      to,
      data: JSON.stringify({ ...testEmailSamples["delivery-confirmation"], items }),
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.data.message).toBe("Nieprawidłowe dane w polu „items[0].quantity”: oczekiwano: liczbę");

    const missing = await send({ template: "invitation", to, data: JSON.stringify({ email: "a@b.pl" }) });
    expect(missing.status).toBe(400);
    expect(missing.data.message).toMatch(/^Nieprawidłowe dane w polu „role”: /);

    const unknownField = await send({
      template: "welcome",
      to,
      data: JSON.stringify({ ...testEmailSamples.welcome, hacker: true }),
    });
    expect(unknownField.data.message).toBe("Nieprawidłowe dane: nieznane pole: hacker");

    const scriptUrl = await send({
      template: "welcome",
      to,
      data: JSON.stringify({ ...testEmailSamples.welcome, verifyUrl: "javascript:alert(1)" }),
    });
    expect(scriptUrl.status).toBe(400);
    expect(scriptUrl.data.message).toContain("verifyUrl");

    const array = await send({ template: "welcome", to, data: "[1, 2]" });
    expect(array.data.message).toBe(testEmailMessages.notObject);
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it("refuses a bad recipient or template with 400", async () => {
    const badTo = await send({ template: "welcome", to: "nie-email", data: sampleJson("welcome") });
    expect(badTo.status).toBe(400);
    expect(badTo.data.message).toBe(testEmailMessages.invalidEmail);
    const badTemplate = await send({ template: "reset", to: "a@example.pl", data: "{}" });
    expect(badTemplate.status).toBe(400);
    expect((await send({})).status).toBe(400);
  });
});

describe("the routes", () => {
  it("the tab's loader gives the admin's address and the samples' previews", async () => {
    const request = new Request(`${ORIGIN}/admin/emails`, { headers: { cookie: await adminCookie() } });
    const data = await loader({ request, params: {}, context: requestContext() } as never);
    expect(data.adminEmail).toBe(DEMO_ADMIN.email);
    for (const template of TEST_EMAIL_TEMPLATES) expect(data.previews[template].ok).toBe(true);
  });

  it("the action queues through the outbox as the admin, and refuses a customer", async () => {
    const body = () =>
      new URLSearchParams({
        intent: "send",
        template: "invitation",
        to: "akcja@example.pl",
        data: sampleJson("invitation"),
      });
    const asCustomer = new Request(`${ORIGIN}/admin/emails`, {
      method: "POST",
      headers: { cookie: await customerCookie() },
      body: body(),
    });
    await expect(
      action({ request: asCustomer, params: {}, context: requestContext() } as never),
    ).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect(await outboxTo("akcja@example.pl")).toHaveLength(0);
    const asAdmin = new Request(`${ORIGIN}/admin/emails`, {
      method: "POST",
      headers: { cookie: await adminCookie() },
      body: body(),
    });
    const answer = await action({ request: asAdmin, params: {}, context: requestContext() } as never);
    expect(unwrap(answer).data.ok).toBe(true);
    expect(await outboxTo("akcja@example.pl")).toHaveLength(1);
  });

  it("the preview endpoint renders JSON typed so far, and answers bad input with 400", async () => {
    const cookie = await adminCookie();
    const preview = async (search: Record<string, string>) => {
      const request = new Request(`${ORIGIN}/admin/emails/preview?${new URLSearchParams(search)}`, {
        headers: { cookie },
      });
      const response = (await previewLoader({
        request,
        params: {},
        context: requestContext(),
      } as never)) as Response;
      return {
        status: response.status,
        body: await response.json(),
        cacheControl: response.headers.get("cache-control"),
      };
    };
    const good = await preview({
      template: "shipping-notification",
      data: JSON.stringify({ ...testEmailSamples["shipping-notification"], trackingNumber: "PL999888777" }),
    });
    expect(good.status).toBe(200);
    expect(good.body.html).toContain("PL999888777");
    expect(good.cacheControl).toContain("no-store");

    const badJson = await preview({ template: "welcome", data: "{" });
    expect(badJson).toMatchObject({
      status: 400,
      body: { ok: false, message: testEmailMessages.invalidJson },
    });
    const badTemplate = await preview({ template: "nope", data: "{}" });
    expect(badTemplate.status).toBe(400);

    const guest = new Request(`${ORIGIN}/admin/emails/preview?template=welcome&data=%7B%7D`);
    const refused = await previewLoader({
      request: guest,
      params: {},
      context: requestContext(),
    } as never).catch((thrown: unknown) => thrown as Response);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/auth\?redirect=/);
  });
});
