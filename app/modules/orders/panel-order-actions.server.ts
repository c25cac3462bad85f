/**
 * The orders tab's form intents, for `handleFormAction`: change an order's status (stock moves with
 * it) and send the shipping notification. Refusals come from `panel-orders.server.ts` as DomainErrors.
 */
import { intent } from "~/lib/form-action.server";
import { orderActionMessages, orderStatusSchema, shippingNotificationSchema } from "./order-actions.schema";
import { sendShippingNotification, setOrderStatus } from "./panel-orders.server";

export const orderIntents = {
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
};
