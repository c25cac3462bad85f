/**
 * Finding a ticket at the door without its QR (issue #41): by name, e-mail or order number, accents
 * and case ignored ("Łukasz" = "lukasz"), every word of the query in the ticket's text.
 */
import type { DoorTicket } from "../door-types";

/** Lower case without diacritics; ł is a letter of its own in Unicode, so it is mapped by hand. */
export function foldText(text: string) {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(/ł/g, "l").replace(/Ł/g, "L").toLowerCase();
}

export const SEARCH_LIMIT = 20;

export function searchTickets(tickets: readonly DoorTicket[], query: string): DoorTicket[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.join("").length < 2) return [];
  const hits: DoorTicket[] = [];
  for (const ticket of tickets) {
    const text = foldText(`${ticket.name} ${ticket.email} ${ticket.order}`);
    if (words.every((word) => text.includes(word))) {
      hits.push(ticket);
      if (hits.length === SEARCH_LIMIT) break;
    }
  }
  return hits;
}
