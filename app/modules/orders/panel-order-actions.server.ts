/**
 * The orders tab's form intents, for `handleFormAction`: change an order's status (stock moves with
 * it), send the shipping notification, refund part of an order ("Zwrot pieniędzy") and cancel a paid
 * order with the refund of what remains. Refusals come from `panel-order-commands.server.ts` and
 * `refunds.server.ts` as DomainErrors. `actorId` is the signed-in admin, recorded on each refund.
 */

import { intent } from "~/lib/form-action.server";
import { formatPrice } from "~/lib/money";
import { orderActionMessages, orderStatusSchema, shippingNotificationSchema } from "./order-actions.schema";
import {
  cancelWithRefund,
  refundFromPanel,
  sendShippingNotification,
  setOrderStatus,
} from "./panel-order-commands.server";
import { cancelWithRefundSchema, chosenLines, refundMessages, refundSchema } from "./refund-form.schema";

export function orderIntents(actorId: string | null) {
  return {
    "set-status": intent({
      schema: orderStatusSchema,
      invalid: orderActionMessages.invalidRequest,
      failure: orderActionMessages.statusFailed,
      run: async ({ orderId, status }) => {
        const { stockReturned, stockTaken } = await setOrderStatus(orderId, status);
        return { message: orderActionMessages.statusUpdated, stockReturned, stockTaken };
      },
    }),
    ship: intent({
      schema: shippingNotificationSchema,
      invalid: orderActionMessages.invalidRequest,
      failure: orderActionMessages.shippingFailed,
      run: async ({ orderId, trackingNumber, trackingUrl }) => {
        await sendShippingNotification(orderId, { trackingNumber, trackingUrl: trackingUrl ?? null });
        return { message: orderActionMessages.shippingQueued };
      },
    }),
    refund: intent({
      schema: refundSchema,
      failure: refundMessages.failed,
      run: async (value) => {
        const refund = await refundFromPanel({ ...value, lines: chosenLines(value.lines) }, actorId);
        if (refund.status === "failed") {
          return { message: refundMessages.failed, refundFailed: true, amount: refund.amount };
        }
        return {
          message: `${refundMessages.refunded}: ${formatPrice(refund.amount)}`,
          amount: refund.amount,
        };
      },
    }),
    "cancel-refund": intent({
      schema: cancelWithRefundSchema,
      invalid: orderActionMessages.invalidRequest,
      failure: refundMessages.cancelFailed,
      run: async ({ orderId, reason }) => {
        const change = await cancelWithRefund(orderId, { actorId, reason });
        return {
          message: change.refund
            ? `${refundMessages.cancelledWithRefund}: ${formatPrice(change.refund.amount)}`
            : orderActionMessages.statusUpdated,
          amount: change.refund?.amount ?? 0,
          stockReturned: change.stockReturned,
          stockTaken: false,
        };
      },
    }),
  };
}
