/**
 * The e-mail of a payment refunded because of the address's own history (decision 037), queued in the
 * refund's transaction: only the mailbox of the address learns which rule stopped it.
 */
import { and, inArray, isNotNull } from "drizzle-orm";
import { renderRuleRefund } from "~/emails/rule-refund-mail.server";
import type { Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { type checkouts, products } from "../../../db/schema";
import type { RefundedMark } from "./customer-limit";

export const RULE_REFUND_MAIL_KIND = "rule-refund";

export async function queueRuleRefundMail(
  tx: Executor,
  checkout: typeof checkouts.$inferSelect,
  mark: Exclude<RefundedMark, "paid_stock_gone">,
  email: string,
) {
  let rule: Parameters<typeof renderRuleRefund>[0]["rule"];
  if (mark === "paid_not_first") {
    rule = { kind: "first_order", code: checkout.discountCode ?? "" };
  } else {
    const ids = [...new Set(checkout.lines.map((line) => line.productId))];
    const limited = await tx
      .select({ name: products.name, limit: products.maxPerCustomer })
      .from(products)
      .where(and(inArray(products.id, ids), isNotNull(products.maxPerCustomer)));
    rule = { kind: "limit", products: limited.map((row) => ({ name: row.name, limit: row.limit ?? 0 })) };
  }
  const mail = await renderRuleRefund({
    site: env().site,
    customerName: checkout.customerName,
    amount: checkout.total,
    items: checkout.lines.map((line) => ({
      name: line.name,
      size: line.size,
      quantity: line.quantity,
      pricePerUnit: line.unitPrice,
    })),
    rule,
  });
  await enqueueMail(tx, { kind: RULE_REFUND_MAIL_KIND, to: email, ...mail });
}
