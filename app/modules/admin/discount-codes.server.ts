/**
 * Discount codes in the admin panel: the list, the stat cards, saving the dialog and the table's quick
 * actions. Callers check the role first. Uses are counted by checkout (`current_uses`, held while a
 * payment is open) and recorded per paid order in `discount_code_usages`, which the stats read.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { asc, desc, eq, gte, sql } from "drizzle-orm";
import { data } from "react-router";
import { db, type Executor } from "~/lib/db.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { withoutMalformedIntent } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import * as s from "../../../db/schema";
import {
  type DiscountCodeFormValue,
  type DiscountQuickResult,
  discountCodeFormSchema,
  discountCodeMessages,
  discountCodeQuickActionSchema,
  discountQuickFailure,
} from "./discount-codes.schema";

/** SPEC §9: stats window, and how many recent uses the most popular code is picked from. */
export const DISCOUNT_STATS_WINDOW_DAYS = 30;
export const MOST_POPULAR_SAMPLE = 1000;

/** A refusal with a Polish message (never a 500). `field` names the form field. */
export class DiscountCodeError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly field?: keyof DiscountCodeFormValue,
  ) {
    super(message);
  }
}

export type AdminDiscountCode = Omit<typeof s.discountCodes.$inferSelect, "validUntil" | "createdAt"> & {
  validUntil: string | null;
  createdAt: string;
};

export type DiscountStats = {
  activeCodes: number;
  usesInWindow: number;
  /** Grosze. */
  discountInWindow: number;
  mostPopularCode: string | null;
};

/** Every code, newest first. */
export async function listDiscountCodes(executor: Executor = db()): Promise<AdminDiscountCode[]> {
  const rows = await executor
    .select()
    .from(s.discountCodes)
    .orderBy(desc(s.discountCodes.createdAt), asc(s.discountCodes.code));
  return rows.map((row) => ({
    ...row,
    validUntil: row.validUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The four stat cards (SPEC §2): active codes, and uses, discount given and the favourite of 30 days. */
export async function discountStats(executor: Executor = db(), now = new Date()): Promise<DiscountStats> {
  const since = new Date(now.getTime() - DISCOUNT_STATS_WINDOW_DAYS * 86_400_000);
  const [active] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(s.discountCodes)
    .where(eq(s.discountCodes.active, true));
  const [usage] = await executor
    .select({
      uses: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${s.discountCodeUsages.discountAmount}), 0)::bigint`,
    })
    .from(s.discountCodeUsages)
    .where(gte(s.discountCodeUsages.usedAt, since));
  const sample = executor
    .select({ codeId: s.discountCodeUsages.discountCodeId })
    .from(s.discountCodeUsages)
    .where(gte(s.discountCodeUsages.usedAt, since))
    .orderBy(desc(s.discountCodeUsages.usedAt))
    .limit(MOST_POPULAR_SAMPLE)
    .as("sample");
  const [popular] = await executor
    .select({ code: s.discountCodes.code, uses: sql<number>`count(*)::int` })
    .from(sample)
    .innerJoin(s.discountCodes, eq(s.discountCodes.id, sample.codeId))
    .groupBy(s.discountCodes.code)
    .orderBy(desc(sql`count(*)`), asc(s.discountCodes.code))
    .limit(1);
  return {
    activeCodes: active?.n ?? 0,
    usesInWindow: usage?.uses ?? 0,
    discountInWindow: Number(usage?.total ?? 0),
    mostPopularCode: popular?.code ?? null,
  };
}

/**
 * Creates a code or updates one (by `value.id`); either way it is saved active (SPEC §4). A taken
 * code and a limit below the uses already counted are refused with a Polish message on their field.
 */
export async function saveDiscountCode(
  value: DiscountCodeFormValue,
  executor: Executor = db(),
): Promise<{ id: string; created: boolean }> {
  const fields = {
    code: value.code,
    type: value.type,
    value: value.value,
    minOrderValue: value.minOrderValue,
    maxUses: value.maxUses,
    validUntil: value.validUntil,
    description: value.description,
    includesFreeShipping: value.type === "combo" ? value.includesFreeShipping : false,
    firstOrderOnly: value.firstOrderOnly,
    active: true,
  };
  try {
    return await executor.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: s.discountCodes.id })
        .from(s.discountCodes)
        .where(eq(s.discountCodes.code, value.code));
      if (clash && clash.id !== value.id) {
        throw new DiscountCodeError(discountCodeMessages.codeTaken, 409, "code");
      }
      if (!value.id) {
        const [row] = await tx.insert(s.discountCodes).values(fields).returning({ id: s.discountCodes.id });
        return { id: row.id, created: true };
      }
      // Locked so a checkout cannot take a use between the check and the write.
      const [current] = await tx
        .select({ currentUses: s.discountCodes.currentUses })
        .from(s.discountCodes)
        .where(eq(s.discountCodes.id, value.id))
        .for("update");
      if (!current) throw new DiscountCodeError(discountCodeMessages.notFound, 404);
      if (value.maxUses !== null && value.maxUses < current.currentUses) {
        throw new DiscountCodeError(
          discountCodeMessages.maxUsesBelowCurrent(current.currentUses),
          400,
          "maxUses",
        );
      }
      await tx.update(s.discountCodes).set(fields).where(eq(s.discountCodes.id, value.id));
      return { id: value.id, created: false };
    });
  } catch (error) {
    // Two admins saving the same new code at once: the unique index decides.
    if (isUniqueViolation(error)) throw new DiscountCodeError(discountCodeMessages.codeTaken, 409, "code");
    throw error;
  }
}

export async function setDiscountCodeActive(codeId: string, active: boolean, executor: Executor = db()) {
  const [row] = await executor
    .update(s.discountCodes)
    .set({ active })
    .where(eq(s.discountCodes.id, codeId))
    .returning({ id: s.discountCodes.id });
  if (!row) throw new DiscountCodeError(discountCodeMessages.notFound, 404);
}

/** Deletes a code and its usage records; past orders keep the code's text and their discount. */
export async function deleteDiscountCode(codeId: string, executor: Executor = db()) {
  const [row] = await executor
    .delete(s.discountCodes)
    .where(eq(s.discountCodes.id, codeId))
    .returning({ id: s.discountCodes.id });
  if (!row) throw new DiscountCodeError(discountCodeMessages.notFound, 404);
}

// ---------------------------------------------------------------------------------------------
// The tab's action: the dialog's save and the table's quick actions
// ---------------------------------------------------------------------------------------------

export type DiscountSaveResult = {
  kind: "save";
  ok: boolean;
  result: SubmissionResult<string[]>;
  message: string;
};
export type DiscountActionResult = DiscountSaveResult | ({ kind: "quick" } & DiscountQuickResult);

/**
 * Validates and runs one request of the tab; every refusal is a Polish message with a 4xx status
 * (`null`: a body that is no form).
 */
export async function handleDiscountCodeAction(body: FormData | null, executor: Executor = db()) {
  if (!body) {
    return data<DiscountActionResult>(
      { kind: "quick", ok: false, intent: null, codeId: null, message: discountCodeMessages.invalidRequest },
      { status: 400 },
    );
  }
  const formData = withoutMalformedIntent(body);
  if (formData.get("intent") === "save") {
    const submission = parseWithZod(formData, { schema: discountCodeFormSchema });
    if (submission.status !== "success") {
      return data<DiscountActionResult>(
        { kind: "save", ok: false, result: submission.reply(), message: discountCodeMessages.invalid },
        { status: 400 },
      );
    }
    try {
      const saved = await saveDiscountCode(submission.value, executor);
      const message = saved.created ? discountCodeMessages.created : discountCodeMessages.updated;
      return data<DiscountActionResult>({
        kind: "save",
        ok: true,
        result: submission.reply({ resetForm: true }),
        message,
      });
    } catch (error) {
      const known = error instanceof DiscountCodeError;
      if (!known) logger.error({ err: error }, "discount code could not be saved");
      const message = known ? error.message : discountCodeMessages.saveFailed;
      return data<DiscountActionResult>(
        {
          kind: "save",
          ok: false,
          result: submission.reply(
            known && error.field ? { fieldErrors: { [error.field]: [message] } } : { formErrors: [message] },
          ),
          message,
        },
        { status: known ? error.status : 500 },
      );
    }
  }

  const parsed = discountCodeQuickActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return data<DiscountActionResult>(
      {
        kind: "quick",
        ok: false,
        intent: null,
        codeId: null,
        message: parsed.error.issues[0]?.message ?? discountCodeMessages.invalidRequest,
      },
      { status: 400 },
    );
  }
  const command = parsed.data;
  try {
    let message: string;
    if (command.intent === "set-active") {
      await setDiscountCodeActive(command.codeId, command.active, executor);
      message = command.active ? discountCodeMessages.activated : discountCodeMessages.deactivated;
    } else {
      await deleteDiscountCode(command.codeId, executor);
      message = discountCodeMessages.deleted;
    }
    return data<DiscountActionResult>({
      kind: "quick",
      ok: true,
      intent: command.intent,
      codeId: command.codeId,
      message,
    });
  } catch (error) {
    const known = error instanceof DiscountCodeError;
    if (!known) logger.error({ err: error, intent: command.intent }, "discount code quick action failed");
    return data<DiscountActionResult>(
      {
        kind: "quick",
        ok: false,
        intent: command.intent,
        codeId: command.codeId,
        message: known ? error.message : discountQuickFailure[command.intent],
      },
      { status: known ? error.status : 500 },
    );
  }
}
