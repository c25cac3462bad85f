/**
 * Discount codes in the database, both sides: the panel's list, stat cards, saving the dialog and the
 * table's quick actions (callers check the role first), and the storefront's check of a typed code
 * (`validateDiscountCode`: cart prices, /api/discount-codes/validate and checkout). Uses are counted
 * by checkout (`current_uses`, held while a payment is open) and recorded per paid order in
 * `discount_code_usages`, which the stats read.
 */
import { type AnyColumn, and, asc, desc, eq, gte, ne, or, type SQL, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { DomainError } from "~/lib/domain-error";
import { type FormActionResult, intent } from "~/lib/form-action.server";
import * as s from "../../../db/schema";
import {
  checkDiscountCode,
  type DiscountCheck,
  firstOrderEmailKey,
  INVALID_CODE_MESSAGE,
  MAX_CODE_LENGTH,
  normalizeDiscountCode,
} from "./discount";
import {
  type DiscountCodeFormValue,
  discountCodeActiveSchema,
  discountCodeDeleteSchema,
  discountCodeFormSchema,
  discountCodeMessages,
  discountQuickFailure,
} from "./discount-codes.schema";

/** SPEC §9: stats window, and how many recent uses the most popular code is picked from. */
export const DISCOUNT_STATS_WINDOW_DAYS = 30;
export const MOST_POPULAR_SAMPLE = 1000;

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
    combinesWithSales: value.combinesWithSales,
    active: true,
  };
  try {
    return await executor.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: s.discountCodes.id })
        .from(s.discountCodes)
        .where(eq(s.discountCodes.code, value.code));
      if (clash && clash.id !== value.id) {
        throw new DomainError(discountCodeMessages.codeTaken, 409, "code");
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
      if (!current) throw new DomainError(discountCodeMessages.notFound, 404);
      if (value.maxUses !== null && value.maxUses < current.currentUses) {
        throw new DomainError(discountCodeMessages.maxUsesBelowCurrent(current.currentUses), 400, "maxUses");
      }
      await tx.update(s.discountCodes).set(fields).where(eq(s.discountCodes.id, value.id));
      return { id: value.id, created: false };
    });
  } catch (error) {
    // Two admins saving the same new code at once: the unique index decides.
    if (isUniqueViolation(error)) throw new DomainError(discountCodeMessages.codeTaken, 409, "code");
    throw error;
  }
}

export async function setDiscountCodeActive(codeId: string, active: boolean, executor: Executor = db()) {
  const [row] = await executor
    .update(s.discountCodes)
    .set({ active })
    .where(eq(s.discountCodes.id, codeId))
    .returning({ id: s.discountCodes.id });
  if (!row) throw new DomainError(discountCodeMessages.notFound, 404);
}

/** Deletes a code and its usage records; past orders keep the code's text and their discount. */
export async function deleteDiscountCode(codeId: string, executor: Executor = db()) {
  const [row] = await executor
    .delete(s.discountCodes)
    .where(eq(s.discountCodes.id, codeId))
    .returning({ id: s.discountCodes.id });
  if (!row) throw new DomainError(discountCodeMessages.notFound, 404);
}

// ---------------------------------------------------------------------------------------------
// The tab's action: the dialog's save and the table's quick actions
// ---------------------------------------------------------------------------------------------

export const discountCodeIntents = {
  save: intent({
    schema: discountCodeFormSchema,
    failure: discountCodeMessages.saveFailed,
    invalid: discountCodeMessages.invalid,
    run: async (value) => {
      const saved = await saveDiscountCode(value);
      return { message: saved.created ? discountCodeMessages.created : discountCodeMessages.updated };
    },
  }),
  "set-active": intent({
    schema: discountCodeActiveSchema,
    failure: discountQuickFailure["set-active"],
    run: async ({ codeId, active }) => {
      await setDiscountCodeActive(codeId, active);
      return { message: active ? discountCodeMessages.activated : discountCodeMessages.deactivated, codeId };
    },
  }),
  delete: intent({
    schema: discountCodeDeleteSchema,
    failure: discountQuickFailure.delete,
    run: async ({ codeId }) => {
      await deleteDiscountCode(codeId);
      return { message: discountCodeMessages.deleted, codeId };
    },
  }),
};

export type DiscountActionResult = FormActionResult<{ codeId: string }>;

// ---------------------------------------------------------------------------------------------
// The storefront's check: cart prices, /api/discount-codes/validate and checkout all ask this one
// ---------------------------------------------------------------------------------------------

/** A +tag in the local part (not a leading plus): the part `regexp_replace` drops. */
const EMAIL_TAG_PATTERN = "^([^@+]+)\\+[^@]*@";

/** SQL twin of `firstOrderEmailKey`: trimmed, lower case, +tag of the local part removed. */
export function emailKeySql(column: SQL | AnyColumn) {
  return sql`regexp_replace(lower(trim(${column})), ${EMAIL_TAG_PATTERN}, ${"\\1@"})`;
}

/**
 * Whether the buyer already has an order, by account or by e-mail (compared by `firstOrderEmailKey`,
 * so case and +tags do not make a new buyer). Cancelled orders do not count.
 */
export async function hasPreviousOrder(
  executor: Executor,
  buyer: { userId?: string | null; email?: string | null },
): Promise<boolean> {
  const conditions = [];
  if (buyer.userId) conditions.push(eq(s.orders.userId, buyer.userId));
  if (buyer.email) {
    conditions.push(sql`${emailKeySql(s.orders.customerEmail)} = ${firstOrderEmailKey(buyer.email)}`);
  }
  if (conditions.length === 0) return false;
  const [row] = await executor
    .select({ id: s.orders.id })
    .from(s.orders)
    .where(and(ne(s.orders.status, "cancelled"), or(...conditions)))
    .limit(1);
  return Boolean(row);
}

/**
 * The e-mail whose history may be told to this buyer (decision 037): the address of a signed-in account
 * verified with it. A typed address (a guest's, or an unverified account's) is anybody's: null.
 */
export async function ownedEmail(
  executor: Executor,
  buyer: { userId?: string | null; email?: string | null },
): Promise<string | null> {
  if (!buyer.userId || !buyer.email) return null;
  const [account] = await executor
    .select({ email: s.user.email, verified: s.user.emailVerified })
    .from(s.user)
    .where(eq(s.user.id, buyer.userId));
  if (!account?.verified) return null;
  return firstOrderEmailKey(account.email) === firstOrderEmailKey(buyer.email) ? buyer.email : null;
}

/**
 * Validates a discount code for a cart of `subtotal` grosze (priced by the server). Checks active,
 * valid_until, max_uses, min_order_value and first_order_only — against the account's own orders, and
 * the e-mail's only when the account owns it (`ownedEmail`): the answer to a typed address is the same
 * whatever it ordered, so the cart tells no stranger who is a customer (issue #42); such an address is
 * decided when the payment arrives. Never throws for user input: an unknown or malformed code is `not_found`.
 * The checkout must still enforce max_uses atomically when it records the usage.
 */
export async function validateDiscountCode(
  executor: Executor,
  input: {
    code: string;
    subtotal: number;
    /** The part of the subtotal bought at regular prices (codes that do not combine with sales). */
    saleFreeSubtotal?: number;
    userId?: string | null;
    email?: string | null;
    now?: Date;
  },
): Promise<DiscountCheck> {
  const code = normalizeDiscountCode(input.code);
  if (!code || code.length > MAX_CODE_LENGTH) {
    return { valid: false, reason: "not_found", message: INVALID_CODE_MESSAGE };
  }
  const [record] = await executor
    .select()
    .from(s.discountCodes)
    .where(eq(s.discountCodes.code, code))
    .limit(1);
  const previous = record?.firstOrderOnly
    ? await hasPreviousOrder(executor, {
        userId: input.userId,
        email: await ownedEmail(executor, { userId: input.userId, email: input.email }),
      })
    : false;
  return checkDiscountCode(record ?? null, {
    subtotal: input.subtotal,
    saleFreeSubtotal: input.saleFreeSubtotal,
    now: input.now ?? new Date(),
    hasPreviousOrder: previous,
  });
}
