/**
 * The discount codes tab against a real database: the dialog's save (SPEC §5 rules, a percentage above
 * 100 refused, a taken code as a Polish field error, a code always saved active, money in grosze), the
 * quick actions, and the stat cards computed from usage records.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormActionResult, handleFormAction } from "../../app/lib/form-action.server";
import { requestContext } from "../../app/lib/request-context";
import { discountCodeMessages } from "../../app/modules/discounts/discount-codes.schema";
import {
  discountCodeIntents,
  discountStats,
  listDiscountCodes,
} from "../../app/modules/discounts/discount-codes.server";
import { action } from "../../app/routes/admin/discounts";
import * as s from "../../db/schema";
import { type AdminTestEnv, adminCookie, ORIGIN, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});

async function send(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const request = new Request(`${ORIGIN}/admin/discounts`, { method: "POST", body: formData });
  const answer = await handleFormAction(request, discountCodeIntents, {
    invalidRequest: discountCodeMessages.invalidRequest,
  });
  return unwrap(answer);
}

/** A refusal comes wrapped with its status; an answer of 200 is the plain result. */
function unwrap(answer: unknown) {
  const wrapped = answer as { type?: string; data?: FormActionResult; init?: { status?: number } };
  if (wrapped.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, data: wrapped.data as FormActionResult };
  }
  return { status: 200, data: answer as FormActionResult };
}

const save = (fields: Record<string, string>) => send({ intent: "save", ...fields });

async function byCode(code: string) {
  const [row] = await db().select().from(s.discountCodes).where(eq(s.discountCodes.code, code));
  return row;
}

function fieldErrors(data: Awaited<ReturnType<typeof send>>["data"]) {
  return data.result?.error ?? {};
}

describe("saving a discount code", () => {
  it("creates a fixed-amount code: upper case without spaces, PLN as grosze, active", async () => {
    const answer = await save({
      code: "lato 2026",
      type: "fixed_amount",
      value: "19,99",
      minOrderValue: "150",
      maxUses: "25",
      validUntil: "2026-08-31",
      description: "Wakacje",
      firstOrderOnly: "on",
      includesFreeShipping: "on",
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, message: "Kod rabatowy został utworzony" });
    const row = await byCode("LATO2026");
    expect(row).toMatchObject({
      type: "fixed_amount",
      value: 1999,
      minOrderValue: 15000,
      maxUses: 25,
      currentUses: 0,
      description: "Wakacje",
      firstOrderOnly: true,
      // SPEC §5: the free-shipping switch is kept only for combo.
      includesFreeShipping: false,
      active: true,
    });
    // The last moment of 31 August in Warsaw (summer time, UTC+2).
    expect(row.validUntil?.toISOString()).toBe("2026-08-31T21:59:59.999Z");
  });

  it("stores percent as whole percent, a combo's free shipping, free shipping without a value", async () => {
    expect((await save({ code: "PROC15", type: "percentage", value: "15" })).status).toBe(200);
    expect(await byCode("PROC15")).toMatchObject({
      value: 15,
      maxUses: null,
      minOrderValue: null,
      validUntil: null,
    });
    expect(
      (await save({ code: "COMBO-X", type: "combo", value: "10", includesFreeShipping: "on" })).status,
    ).toBe(200);
    expect(await byCode("COMBO-X")).toMatchObject({ value: 1000, includesFreeShipping: true });
    expect((await save({ code: "WYSYLKA", type: "free_shipping" })).status).toBe(200);
    expect(await byCode("WYSYLKA")).toMatchObject({ value: 0, includesFreeShipping: false });
  });

  it("refuses a percentage above 100 with a Polish message (400), nothing saved", async () => {
    const answer = await save({ code: "ZADUZO", type: "percentage", value: "150" });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer.data).value).toEqual([discountCodeMessages.percentageMax]);
    expect(await byCode("ZADUZO")).toBeUndefined();
  });

  it("refuses missing and malformed fields with 400 and SPEC-toned messages", async () => {
    const missingCode = await save({ code: "   ", type: "fixed_amount", value: "10" });
    expect(missingCode.status).toBe(400);
    expect(fieldErrors(missingCode.data).code).toEqual([discountCodeMessages.codeRequired]);

    const missingValue = await save({ code: "BEZWARTOSCI", type: "fixed_amount" });
    expect(missingValue.status).toBe(400);
    expect(fieldErrors(missingValue.data).value).toEqual([discountCodeMessages.valueRequired]);

    const badType = await save({ code: "ZLYTYP", type: "bogus", value: "10" });
    expect(badType.status).toBe(400);

    const badAmount = await save({ code: "ZLAKWOTA", type: "fixed_amount", value: "-5" });
    expect(fieldErrors(badAmount.data).value).toEqual([discountCodeMessages.amount]);

    const badCode = await save({ code: "ŻÓŁW!", type: "fixed_amount", value: "5" });
    expect(fieldErrors(badCode.data).code).toEqual([discountCodeMessages.codeFormat]);

    const badUses = await save({ code: "LIMIT", type: "fixed_amount", value: "5", maxUses: "0" });
    expect(fieldErrors(badUses.data).maxUses).toEqual([discountCodeMessages.maxUses]);

    const badDate = await save({ code: "DATA", type: "fixed_amount", value: "5", validUntil: "2026-02-30" });
    expect(fieldErrors(badDate.data).validUntil).toEqual([discountCodeMessages.validUntil]);
    for (const code of ["BEZWARTOSCI", "ZLYTYP", "ZLAKWOTA", "LIMIT", "DATA"]) {
      expect(await byCode(code)).toBeUndefined();
    }
  });

  it("refuses a code that exists (typed in lower case) with a Polish message, not a 500", async () => {
    const answer = await save({ code: "rave20", type: "percentage", value: "5" });
    expect(answer.status).toBe(409);
    expect(fieldErrors(answer.data).code).toEqual([discountCodeMessages.codeTaken]);
    expect(await byCode("RAVE20")).toMatchObject({ type: "fixed_amount", value: 2000 });
  });

  it("edits a code: saved active again, a limit below the uses so far refused", async () => {
    const row = await byCode("WYKORZYSTANY");
    await db().update(s.discountCodes).set({ active: false }).where(eq(s.discountCodes.id, row.id));
    const renamed = await save({
      id: row.id,
      code: "wykorzystany2",
      type: "fixed_amount",
      value: "12,50",
      maxUses: "3",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.data).toMatchObject({ ok: true, message: "Kod rabatowy został zaktualizowany" });
    expect(await byCode("WYKORZYSTANY2")).toMatchObject({
      id: row.id,
      value: 1250,
      maxUses: 3,
      active: true,
      currentUses: 1,
    });

    await db().update(s.discountCodes).set({ currentUses: 3 }).where(eq(s.discountCodes.id, row.id));
    const tooLow = await save({
      id: row.id,
      code: "WYKORZYSTANY2",
      type: "fixed_amount",
      value: "5",
      maxUses: "2",
    });
    expect(tooLow.status).toBe(400);
    expect(fieldErrors(tooLow.data).maxUses).toEqual([discountCodeMessages.maxUsesBelowCurrent(3)]);

    const taken = await save({ id: row.id, code: "NOKTURN10", type: "fixed_amount", value: "5" });
    expect(taken.status).toBe(409);

    const gone = await save({
      id: "00000000-0000-4000-8000-000000000000",
      code: "NIEMA",
      type: "free_shipping",
    });
    expect(gone.status).toBe(404);
    expect(gone.data.message).toBe(discountCodeMessages.notFound);
  });
});

describe("combining with sales (issue #28)", () => {
  it("saves the checkbox 'Łączy się z promocjami': checked true, unchecked false, on create and on edit", async () => {
    expect(
      (await save({ code: "LACZY", type: "percentage", value: "10", combinesWithSales: "on" })).status,
    ).toBe(200);
    expect(await byCode("LACZY")).toMatchObject({ combinesWithSales: true });
    expect((await save({ code: "NIELACZY", type: "percentage", value: "10" })).status).toBe(200);
    expect(await byCode("NIELACZY")).toMatchObject({ combinesWithSales: false });

    const row = await byCode("NIELACZY");
    await save({ id: row.id, code: "NIELACZY", type: "percentage", value: "10", combinesWithSales: "on" });
    expect(await byCode("NIELACZY")).toMatchObject({ combinesWithSales: true });
    await save({ id: row.id, code: "NIELACZY", type: "percentage", value: "10" });
    expect(await byCode("NIELACZY")).toMatchObject({ combinesWithSales: false });
    const listed = (await listDiscountCodes(db())).find((code) => code.code === "NIELACZY");
    expect(listed?.combinesWithSales).toBe(false);
  });
});

describe("quick actions", () => {
  it("switches a code off and on, and deletes it", async () => {
    const row = await byCode("DOSTAWA0");
    const off = await send({ intent: "set-active", codeId: row.id, active: "false" });
    expect(off.data).toMatchObject({ ok: true, message: "Kod dezaktywowany" });
    expect((await byCode("DOSTAWA0")).active).toBe(false);
    const on = await send({ intent: "set-active", codeId: row.id, active: "true" });
    expect(on.data).toMatchObject({ ok: true, message: "Kod aktywowany" });
    expect((await byCode("DOSTAWA0")).active).toBe(true);

    const removed = await send({ intent: "delete", codeId: row.id });
    expect(removed.data).toMatchObject({ ok: true, message: "Kod rabatowy został usunięty" });
    expect(await byCode("DOSTAWA0")).toBeUndefined();
    const again = await send({ intent: "delete", codeId: row.id });
    expect(again.status).toBe(404);
  });

  it("answers nonsense with 400", async () => {
    expect((await send({ intent: "set-active", codeId: "nie-uuid", active: "true" })).status).toBe(400);
    expect((await send({ intent: "explode" })).status).toBe(400);
    expect((await send({})).status).toBe(400);
  });

  it("the route's action checks the role and serves the admin", async () => {
    const row = await byCode("MIN150");
    const request = (cookie?: string) =>
      new Request(`${ORIGIN}/admin/discounts`, {
        method: "POST",
        headers: cookie ? { cookie } : {},
        body: new URLSearchParams({ intent: "set-active", codeId: row.id, active: "false" }),
      });
    await expect(
      action({ request: request(), params: {}, context: requestContext() } as never),
    ).rejects.toMatchObject({
      init: { status: 401 },
    });
    const answer = await action({
      request: request(await adminCookie()),
      params: {},
      context: requestContext(),
    } as never);
    expect(unwrap(answer).data).toMatchObject({ ok: true });
    expect((await byCode("MIN150")).active).toBe(false);
  });
});

describe("stat cards", () => {
  it("counts active codes and the last 30 days of uses, in grosze, with the most used code", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const day = 86_400_000;
    const nokturn = await byCode("NOKTURN10");
    const rave = await byCode("RAVE20");
    await db().delete(s.discountCodeUsages);
    await db()
      .insert(s.discountCodeUsages)
      .values([
        { discountCodeId: nokturn.id, discountAmount: 1599, usedAt: new Date(now.getTime() - day) },
        { discountCodeId: nokturn.id, discountAmount: 2001, usedAt: new Date(now.getTime() - 5 * day) },
        { discountCodeId: rave.id, discountAmount: 2000, usedAt: new Date(now.getTime() - 29 * day) },
        // Outside the window: not counted, although it would make RAVE20 the favourite.
        { discountCodeId: rave.id, discountAmount: 2000, usedAt: new Date(now.getTime() - 31 * day) },
        { discountCodeId: rave.id, discountAmount: 2000, usedAt: new Date(now.getTime() - 40 * day) },
      ]);
    const activeRows = await db().select().from(s.discountCodes).where(eq(s.discountCodes.active, true));

    const stats = await discountStats(db(), now);
    expect(stats).toEqual({
      activeCodes: activeRows.length,
      usesInWindow: 3,
      discountInWindow: 5600,
      mostPopularCode: "NOKTURN10",
    });

    await db().delete(s.discountCodeUsages);
    expect(await discountStats(db(), now)).toMatchObject({
      usesInWindow: 0,
      discountInWindow: 0,
      mostPopularCode: null,
    });
  });
});
