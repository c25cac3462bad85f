/**
 * The refund e-mails in the panel's test e-mails tab (the admin-emails test's way): their samples render
 * with the amount in PLN and when the money arrives, a send queues them marked [TEST], and a wrong shape
 * (a negative or fractional amount) is a Polish 400 with nothing queued.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormActionResult, handleFormAction } from "../../app/lib/form-action.server";
import { sampleJson, testEmailMessages, testEmailSamples } from "../../app/modules/mail/test-emails.schema";
import { previewTestEmail, testEmailIntents } from "../../app/modules/mail/test-emails.server";
import * as s from "../../db/schema";
import { type AdminTestEnv, ORIGIN, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});

async function send(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries({ intent: "send", ...fields })) formData.append(name, value);
  const request = new Request(`${ORIGIN}/admin/emails`, { method: "POST", body: formData });
  const answer = (await handleFormAction(request, testEmailIntents, {
    invalidRequest: testEmailMessages.invalidRequest,
  })) as { type?: string; data?: FormActionResult; init?: { status?: number } };
  return answer.type === "DataWithResponseInit"
    ? { status: answer.init?.status ?? 200, data: answer.data as FormActionResult }
    : { status: 200, data: answer as unknown as FormActionResult };
}

const outboxTo = (to: string) =>
  env.database.db
    .select()
    .from(s.mailOutbox)
    .where(eq(s.mailOutbox.to, to))
    .orderBy(desc(s.mailOutbox.createdAt));

describe("refund e-mails in the test e-mails tab", () => {
  it("'refund issued' shows the amount, the delivery part, the lines and when the money arrives", async () => {
    const preview = await previewTestEmail("refund-issued", sampleJson("refund-issued"));
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.subject).toBe("NOKTURN: zwrot pieniędzy za zamówienie #A1B2C3D4");
    expect(preview.html).toContain("130,28");
    expect(preview.html).toContain("13,99");
    expect(preview.html).toContain("Koszulka NOKTURN Logo");
    expect(preview.html).toContain("kilku dni roboczych");

    const to = "zwrot-test@example.pl";
    const answer = await send({ template: "refund-issued", to, data: sampleJson("refund-issued") });
    expect(answer.status).toBe(200);
    const [mail] = await outboxTo(to);
    expect(mail.subject).toMatch(/^\[TEST\] NOKTURN: zwrot pieniędzy/);
    expect(mail.text).toContain("Kwota zwrotu: 130,28");
    expect(mail.text).toContain("- Koszulka NOKTURN Logo (rozmiar M) × 1 = 116,29");
  });

  it("'automatic refund' explains the sold-out payment and the full refund", async () => {
    const to = "wyprzedane-test@example.pl";
    const answer = await send({ template: "sold-out-refund", to, data: sampleJson("sold-out-refund") });
    expect(answer.status).toBe(200);
    const [mail] = await outboxTo(to);
    expect(mail.subject).toBe("[TEST] NOKTURN: zwracamy Twoją płatność — produkty zostały wyprzedane");
    expect(mail.text).toContain("Kwota zwrotu: 145,99");
    expect(mail.text).toContain("nie utworzyliśmy zamówienia");
    expect(mail.html).toContain("/merch");
  });

  it("'rule refund' (decision 037) is in the panel's list: the limit or the first-order code, and the full refund", async () => {
    const to = "limit-test@example.pl";
    const answer = await send({ template: "rule-refund", to, data: sampleJson("rule-refund") });
    expect(answer.status).toBe(200);
    const [mail] = await outboxTo(to);
    expect(mail.subject).toMatch(/^\[TEST\] /);
    expect(mail.text).toContain("Koszulka NOKTURN Logo — 2 szt.");
    const firstOrder = "pierwsze-test@example.pl";
    const code = { ...testEmailSamples["rule-refund"], rule: { kind: "first_order", code: "PIERWSZE15" } };
    expect((await send({ template: "rule-refund", to: firstOrder, data: JSON.stringify(code) })).status).toBe(
      200,
    );
    const [codeMail] = await outboxTo(firstOrder);
    expect(codeMail.text).toContain("Kod PIERWSZE15 obowiązuje tylko przy pierwszym zamówieniu");
    const bad = { ...testEmailSamples["rule-refund"], rule: { kind: "other" } };
    expect((await send({ template: "rule-refund", to, data: JSON.stringify(bad) })).status).toBe(400);
  });

  it("refuses a negative or fractional amount in Polish (400), nothing queued", async () => {
    const to = "zla-kwota@example.pl";
    for (const amount of [-100, 12.5, 0]) {
      const answer = await send({
        template: "refund-issued",
        to,
        data: JSON.stringify({ ...testEmailSamples["refund-issued"], amount }),
      });
      expect(answer.status).toBe(400);
      expect(answer.data.message).toMatch(/^Nieprawidłowe dane w polu „amount”: /);
    }
    expect(await outboxTo(to)).toHaveLength(0);
  });
});
