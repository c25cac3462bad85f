/**
 * The cart's ticket lines as `/cart` shows them (issue #40): each type with its night, its price now,
 * the names given so far, and what the server found (the tier closed, fewer tickets left).
 */

import { inArray } from "drizzle-orm";
import { formatDateTime, formatWeekday } from "~/lib/dates";
import type { Executor } from "~/lib/db.server";
import { attendeesComplete } from "~/modules/tickets/attendees";
import {
  nightsForSale,
  ticketRefusalMessage,
  ticketSaleMessages,
} from "~/modules/tickets/ticket-sale.server";
import { ticketTypes } from "../../../db/schema";
import type { CartTicketRecord } from "./cart-store.server";
import type { CartTicketView } from "./cart-view";

export async function cartTicketViews(
  executor: Executor,
  lines: readonly CartTicketRecord[],
  now: Date,
): Promise<CartTicketView[]> {
  if (lines.length === 0) return [];
  const types = await executor
    .select({
      id: ticketTypes.id,
      eventId: ticketTypes.eventId,
      name: ticketTypes.name,
      price: ticketTypes.price,
    })
    .from(ticketTypes)
    .where(
      inArray(
        ticketTypes.id,
        lines.map((line) => line.ticketTypeId),
      ),
    );
  const nights = await nightsForSale(
    executor,
    types.map((type) => type.eventId),
    now,
  );
  return lines.map((line) => {
    const type = types.find((candidate) => candidate.id === line.ticketTypeId);
    const night = type ? nights.get(type.eventId) : undefined;
    const tier = night?.sale.tiers.find((candidate) => candidate.id === line.ticketTypeId);
    const problem =
      night && tier
        ? ticketRefusalMessage(night, line.ticketTypeId, line.quantity)
        : ticketSaleMessages.unknown;
    return {
      id: line.id,
      ticketTypeId: line.ticketTypeId,
      typeName: tier?.name ?? type?.name ?? "Bilet",
      nightTitle: night?.event.title ?? "",
      nightSlug: night?.event.slug ?? null,
      when: night ? `${formatWeekday(night.event.startsAt)}, ${formatDateTime(night.event.startsAt)}` : "",
      unitPrice: tier?.price ?? type?.price ?? 0,
      quantity: line.quantity,
      maxQuantity: tier ? Math.max(line.quantity, tier.available) : line.quantity,
      attendees: Array.from(
        { length: line.quantity },
        (_, index) => line.attendees[index] ?? { firstName: "", lastName: "" },
      ),
      named: attendeesComplete(line.attendees, line.quantity),
      limitPerCustomer: night?.night.maxPerCustomer ?? null,
      status: problem ? "unavailable" : "ok",
      problem,
    };
  });
}
