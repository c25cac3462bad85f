/**
 * The uses of a discount code: one use is held while a buyer pays (so two buyers racing for the last
 * use of a limited code cannot both get it), given back when the checkout is released unpaid, and
 * recorded against the order once it is paid. `discount_codes.current_uses` is written only here: the
 * conditional UPDATE (`… where max_uses is null or current_uses < max_uses`) is the one guard of
 * `maxUses`, whichever path takes the use.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { discountCodes, discountCodeUsages } from "../../../db/schema";

/**
 * Holds one use of the code within `maxUses`; false when none is left (or, with `onlyActive`, the
 * default, when the code is switched off). A paid checkout takes its use again with `onlyActive: false`:
 * the money is in, so a code switched off since still counts the use it was paid with.
 */
export async function holdDiscountUse(
  tx: Executor,
  codeId: string,
  options: { onlyActive?: boolean } = {},
): Promise<boolean> {
  const held = await tx
    .update(discountCodes)
    .set({ currentUses: sql`${discountCodes.currentUses} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        options.onlyActive === false ? undefined : eq(discountCodes.active, true),
        sql`(${discountCodes.maxUses} is null or ${discountCodes.currentUses} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ id: discountCodes.id });
  return held.length === 1;
}

/** Gives back one held use (never below zero). */
export async function releaseDiscountUse(tx: Executor, codeId: string) {
  await tx
    .update(discountCodes)
    .set({ currentUses: sql`greatest(${discountCodes.currentUses} - 1, 0)` })
    .where(eq(discountCodes.id, codeId));
}

/** Records the use against the paid order (the panel's statistics and the first-order rule read it). */
export async function recordDiscountUse(
  tx: Executor,
  use: { codeId: string; orderId: string; userId: string | null; email: string; discountAmount: number },
) {
  await tx.insert(discountCodeUsages).values({
    discountCodeId: use.codeId,
    orderId: use.orderId,
    userId: use.userId,
    email: use.email,
    discountAmount: use.discountAmount,
  });
}
