/** Queues the order confirmation in the outbox, inside the transaction that creates the order. */

import { inArray } from "drizzle-orm";
import type { OrderConfirmationNight, OrderConfirmationProps } from "~/emails/order-confirmation";
import { renderOrderConfirmation } from "~/emails/transactional.server";
import { formatDateTime, formatWeekday } from "~/lib/dates";
import type { Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { SHIPPING_TIME_TEXT } from "~/modules/cart/delivery";
import { orderLineSale } from "~/modules/catalog/price-labels";
import { NIGHT_ICS_ATTACHMENT, ORDER_TICKETS_ATTACHMENT } from "~/modules/mail/attachments";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { orderFigures } from "~/modules/orders/order-view";
import { orderVatLines, vatSplit } from "~/modules/orders/vat";
import { events, type orderItems, type orders, type tickets as ticketRows } from "../../../db/schema";

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type TicketRow = typeof ticketRows.$inferSelect;

export function orderStatusUrl(orderId: string, accessToken: string) {
  return `${env().siteUrl}/zamowienie/${orderId}?token=${encodeURIComponent(accessToken)}`;
}

export function orderConfirmationProps(
  order: OrderRow,
  items: OrderItemRow[],
  accessToken: string,
  nights: OrderConfirmationNight[] = [],
): OrderConfirmationProps {
  return {
    tickets: nights,
    shipped: order.deliveryMethod !== "none",
    vat: vatSplit(orderVatLines({ ...order, items })),
    site: env().site,
    ...orderFigures(order),
    customerName: order.customerName,
    createdAt: order.createdAt,
    items: items.map((item) => ({
      name: item.productName,
      size: item.size,
      quantity: item.quantity,
      pricePerUnit: item.pricePerUnit,
      sale: orderLineSale(item),
    })),
    orderUrl: orderStatusUrl(order.id, accessToken),
    shippingTime: SHIPPING_TIME_TEXT,
  };
}

/** The order's tickets per night, as the confirmation lists them. */
async function ticketNights(
  executor: Executor,
  items: OrderItemRow[],
  tickets: readonly TicketRow[],
): Promise<OrderConfirmationNight[]> {
  if (tickets.length === 0) return [];
  const nights = await executor
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      venue: events.venue,
      city: events.city,
    })
    .from(events)
    .where(inArray(events.id, [...new Set(tickets.map((ticket) => ticket.eventId))]));
  return nights
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((night) => ({
      title: night.title,
      when: `${formatWeekday(night.startsAt)}, ${formatDateTime(night.startsAt)}`,
      venue: `${night.venue}, ${night.city}`,
      tickets: tickets
        .filter((ticket) => ticket.eventId === night.id)
        .map((ticket) => ({
          holder: `${ticket.holderFirstName} ${ticket.holderLastName}`,
          typeName: typeNameOf(items, ticket.ticketTypeId),
        })),
    }));
}

/** The type's name from its order line ("Bilet: NOKTURN — Pula 2" → "Pula 2"). */
function typeNameOf(items: OrderItemRow[], typeId: string) {
  const name = items.find((item) => item.ticketTypeId === typeId)?.productName ?? "";
  return name.includes(" — ") ? name.slice(name.lastIndexOf(" — ") + 3) : name;
}

export async function queueOrderConfirmation(
  executor: Executor,
  {
    order,
    items,
    accessToken,
    tickets = [],
  }: { order: OrderRow; items: OrderItemRow[]; accessToken: string; tickets?: readonly TicketRow[] },
) {
  const props = orderConfirmationProps(
    order,
    items,
    accessToken,
    await ticketNights(executor, items, tickets),
  );
  const mail = await renderOrderConfirmation(props);
  await enqueueMail(executor, {
    kind: "order-confirmation",
    to: order.customerEmail,
    ...mail,
    // The e-tickets (PDF) and each night's .ics are made when the message is sent.
    ...(tickets.length > 0
      ? {
          attachments: [
            { kind: ORDER_TICKETS_ATTACHMENT, ref: order.id },
            ...[...new Set(tickets.map((ticket) => ticket.eventId))].map((eventId) => ({
              kind: NIGHT_ICS_ATTACHMENT,
              ref: eventId,
            })),
          ],
        }
      : {}),
  });
}
