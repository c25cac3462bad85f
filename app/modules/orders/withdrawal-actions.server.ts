/**
 * Withdrawal form intents for `handleFormAction`. The customer's: file a withdrawal from the order page
 * (rate-limited per client like the contact form). The orders tab's, beside `orderIntents`: refund an
 * open withdrawal (which closes it) and record the day an order was delivered (the withdrawal window
 * starts then); `actorId` is the signed-in admin, recorded on the refund.
 */
import { DomainError } from "~/lib/domain-error";
import { intent } from "~/lib/form-action.server";
import { formatPrice } from "~/lib/money";
import { checkRateLimit, clientKey, type RateLimitRule } from "~/lib/rate-limit.server";
import {
  deliveredMessages,
  deliveredSchema,
  refundWithdrawalMessages,
  refundWithdrawalSchema,
  withdrawalSchema,
} from "./withdrawal.schema";
import { withdrawalMessages } from "./withdrawal-window";
import { fileWithdrawal, refundWithdrawal, setDeliveredOn, type Viewer } from "./withdrawals.server";

/** Withdrawals a client may file: 5 per 15 minutes (invalid submissions are not counted). */
export const WITHDRAWAL_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

export function withdrawalRateLimitMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Za dużo prób w krótkim czasie. Spróbuj ponownie za ${minutes} min.`;
}

/** The order page's "Odstąp od umowy" for whoever may see the order (private link or its owner). */
export function customerWithdrawalIntents(orderId: string, viewer: Viewer, ip: string) {
  return {
    withdraw: intent({
      schema: withdrawalSchema,
      failure: withdrawalMessages.failed,
      run: async ({ lines, note }) => {
        const limit = await checkRateLimit(`withdrawal:${clientKey(ip)}`, WITHDRAWAL_RATE_LIMIT);
        if (!limit.allowed) throw new DomainError(withdrawalRateLimitMessage(limit.retryAfterSeconds), 429);
        const { withdrawalId } = await fileWithdrawal({ orderId, viewer, lines, note: note ?? null });
        return { message: withdrawalMessages.filed, withdrawalId };
      },
    }),
  };
}

export function withdrawalIntents(actorId: string | null) {
  return {
    "refund-withdrawal": intent({
      schema: refundWithdrawalSchema,
      invalid: refundWithdrawalMessages.invalidRequest,
      failure: refundWithdrawalMessages.failed,
      run: async ({ withdrawalId, includeDelivery, restock }) => {
        const refund = await refundWithdrawal({
          withdrawalId,
          includeDelivery: includeDelivery === "on",
          restock: restock === "on",
          actorId,
        });
        if (refund.paidBefore)
          return { message: refundWithdrawalMessages.refundedBefore, refundStatus: refund.status };
        if (refund.status === "failed") throw new DomainError(refundWithdrawalMessages.providerFailed, 409);
        const message =
          refund.status === "pending" ? refundWithdrawalMessages.pending : refundWithdrawalMessages.refunded;
        return { message: `${message}: ${formatPrice(refund.amount)}`, refundStatus: refund.status };
      },
    }),
    "set-delivered": intent({
      schema: deliveredSchema,
      failure: deliveredMessages.failed,
      run: async ({ orderId, deliveredOn }) => {
        await setDeliveredOn(orderId, deliveredOn);
        return { message: deliveredMessages.saved, resetForm: false };
      },
    }),
  };
}
