/**
 * Tickets in the cart (issue #40): a line per type of a night, with each ticket's name. Added only
 * while the type is on sale now (its tier, its window, the night's capacity), within the type's max
 * per order and the night's per-customer limit as far as this cart shows it; the checkout judges it all
 * again under the night's lock and counts what the customer already paid for or holds.
 */
import { and, eq, sql } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { db, type Executor } from "~/lib/db.server";
import { type Attendee, MAX_TICKETS_PER_LINE } from "~/modules/tickets/attendees";
import {
  eventOfType,
  keptNightOfType,
  nightsForSale,
  ticketRefusalMessage,
  ticketSaleMessages,
} from "~/modules/tickets/ticket-sale.server";
import { cartTickets, ticketTypes } from "../../../db/schema";
import { type CartChange, limitNewCart } from "./cart-commands.server";
import { type CartOwner, cartRefusal, isUuid } from "./cart-store.server";
import { changeCart } from "./owner-cart.server";
import type { Visitor } from "./visitor";

/** Ticket lines one cart may hold (types of nights; each up to 20 tickets). */
export const MAX_TICKET_LINES = 10;

const ADD_REFUSED = "Nie dodano biletów";
const NOT_CHANGED = "Nie zmieniono koszyka";

const NO_SUCH_TICKET_LINE = cartRefusal(
  400,
  NOT_CHANGED,
  "Tych biletów nie ma już w koszyku. Odśwież stronę.",
  "ticketLine",
);

/** Tickets of the night's types in this cart (what its per-customer limit sees here). */
async function nightTicketsInCart(tx: Executor, cartId: string, eventId: string) {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${cartTickets.quantity}), 0)::int` })
    .from(cartTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, cartTickets.ticketTypeId))
    .where(and(eq(cartTickets.cartId, cartId), eq(ticketTypes.eventId, eventId)));
  return row?.units ?? 0;
}

/**
 * Whether `total` tickets of the type (the line's new quantity) may be in this cart now, with the
 * rest of the night's tickets in it; throws the refusal a buyer reads otherwise.
 */
async function checkTicketLine(
  tx: Executor,
  cartId: string,
  typeId: string,
  { total, added }: { total: number; added: number },
  title: string,
) {
  const eventId = isUuid(typeId) ? await eventOfType(tx, typeId) : null;
  if (!eventId) throw cartRefusal(400, title, ticketSaleMessages.unknown);
  const night = (await nightsForSale(tx, [eventId], now())).get(eventId);
  if (!night) throw cartRefusal(400, title, ticketSaleMessages.unknown);
  const message = ticketRefusalMessage(night, typeId, total);
  if (message) throw cartRefusal(409, title, message, "quantity");
  const limit = night.night.maxPerCustomer;
  if (limit !== null && (await nightTicketsInCart(tx, cartId, eventId)) + added > limit) {
    throw cartRefusal(409, "Limit na osobę", ticketSaleMessages.overCustomerLimit(night.event.title, limit));
  }
  const tier = night.sale.tiers.find((candidate) => candidate.id === typeId);
  return { night, name: `${night.event.title} — ${tier?.name ?? ""}` };
}

export async function addTicketsToCart(
  executor: Executor,
  owner: CartOwner,
  typeId: string,
  quantity: number,
) {
  let name = "";
  const cart = await changeCart(
    executor,
    owner,
    async (tx, row) => {
      const [existing] = isUuid(typeId)
        ? await tx
            .select()
            .from(cartTickets)
            .where(and(eq(cartTickets.cartId, row.id), eq(cartTickets.ticketTypeId, typeId)))
        : [];
      const total = (existing?.quantity ?? 0) + quantity;
      if (total > MAX_TICKETS_PER_LINE) {
        throw cartRefusal(
          409,
          ADD_REFUSED,
          `W jednym zamówieniu najwyżej ${MAX_TICKETS_PER_LINE} biletów jednego rodzaju.`,
        );
      }
      ({ name } = await checkTicketLine(tx, row.id, typeId, { total, added: quantity }, ADD_REFUSED));
      if (!existing) {
        const [{ lines }] = await tx
          .select({ lines: sql<number>`count(*)::int` })
          .from(cartTickets)
          .where(eq(cartTickets.cartId, row.id));
        if (lines >= MAX_TICKET_LINES) {
          throw cartRefusal(
            409,
            "Koszyk jest pełny",
            `Koszyk może mieć najwyżej ${MAX_TICKET_LINES} rodzajów biletów.`,
          );
        }
      }
      await tx
        .insert(cartTickets)
        .values({ cartId: row.id, ticketTypeId: typeId, quantity })
        .onConflictDoUpdate({
          target: [cartTickets.cartId, cartTickets.ticketTypeId],
          set: { quantity: sql`${cartTickets.quantity} + excluded.quantity` },
        });
    },
    { create: true },
  );
  if (!cart) throw new Error("cart could not be created");
  return { cart, name };
}

/** A ticket line of this cart, locked with the cart (a line of another cart is unknown here). */
async function ownLine(tx: Executor, cartId: string, lineId: string) {
  if (!isUuid(lineId)) throw NO_SUCH_TICKET_LINE;
  const [line] = await tx
    .select()
    .from(cartTickets)
    .where(and(eq(cartTickets.id, lineId), eq(cartTickets.cartId, cartId)));
  if (!line) throw NO_SUCH_TICKET_LINE;
  return line;
}

export async function setTicketQuantity(
  executor: Executor,
  owner: CartOwner,
  lineId: string,
  quantity: number,
) {
  return changeCart(executor, owner, async (tx, cart) => {
    const line = await ownLine(tx, cart.id, lineId);
    // Only raising asks the sale: lowering a line whose tier closed must stay possible.
    if (quantity > line.quantity) {
      await checkTicketLine(
        tx,
        cart.id,
        line.ticketTypeId,
        { total: quantity, added: quantity - line.quantity },
        NOT_CHANGED,
      );
    }
    await tx.update(cartTickets).set({ quantity }).where(eq(cartTickets.id, line.id));
  });
}

export async function removeTicketLine(executor: Executor, owner: CartOwner, lineId: string) {
  return changeCart(executor, owner, async (tx, cart) => {
    await ownLine(tx, cart.id, lineId);
    await tx.delete(cartTickets).where(eq(cartTickets.id, lineId));
  });
}

/** The names of a line's tickets: exactly one per ticket. */
export async function setAttendees(
  executor: Executor,
  owner: CartOwner,
  lineId: string,
  attendees: Attendee[],
) {
  return changeCart(executor, owner, async (tx, cart) => {
    const line = await ownLine(tx, cart.id, lineId);
    if (attendees.length !== line.quantity) {
      throw cartRefusal(
        400,
        NOT_CHANGED,
        "Podaj imię i nazwisko dla każdego biletu. Odśwież stronę.",
        "attendees",
      );
    }
    await tx.update(cartTickets).set({ attendees }).where(eq(cartTickets.id, line.id));
  });
}

// The commands of `/cart`'s ticket forms.

function mustHaveCart<Cart>(cart: Cart | null): Cart {
  if (!cart) throw cartRefusal(400, NOT_CHANGED, "Koszyk jest pusty.");
  return cart;
}

/**
 * An add the night as this instance keeps it already refuses (a tier sold out, a window closed, fewer
 * left than asked for) is refused before the cart's lock and transaction: in an on-sale minute those
 * are most adds, each eight queries before (decision 040). What it lets through is judged again in the
 * transaction; a unit given back a moment ago may be refused until its notification arrives, as the
 * page itself shows the sale a moment late.
 */
async function refuseSurelyRefused(typeId: string, quantity: number) {
  if (!isUuid(typeId)) return;
  const night = await keptNightOfType(typeId, now());
  const message = night ? ticketRefusalMessage(night, typeId, quantity) : null;
  if (message) throw cartRefusal(409, ADD_REFUSED, message, "quantity");
}

export async function addTickets(
  visitor: Visitor,
  typeId: string,
  quantity: number,
  ip: string,
): Promise<CartChange> {
  await refuseSurelyRefused(typeId, quantity);
  await limitNewCart(visitor, ip);
  const { cart, name } = await addTicketsToCart(db(), visitor.owner, typeId, quantity);
  return {
    cart,
    title: "Dodano do koszyka",
    message: `${name} — ${quantity} bil. w koszyku. Uzupełnij imiona i nazwiska w koszyku.`,
  };
}

export async function changeTicketQuantity(
  visitor: Visitor,
  lineId: string,
  quantity: number,
): Promise<CartChange> {
  return { cart: mustHaveCart(await setTicketQuantity(db(), visitor.owner, lineId, quantity)), message: "" };
}

export async function removeTickets(visitor: Visitor, lineId: string): Promise<CartChange> {
  const cart = mustHaveCart(await removeTicketLine(db(), visitor.owner, lineId));
  return { cart, title: "Usunięto z koszyka", message: "Bilety zostały usunięte z koszyka" };
}

export async function saveAttendees(
  visitor: Visitor,
  lineId: string,
  attendees: Attendee[],
): Promise<CartChange> {
  const cart = mustHaveCart(await setAttendees(db(), visitor.owner, lineId, attendees));
  return { cart, title: "Zapisano", message: "Imiona i nazwiska na biletach zapisane." };
}
