/**
 * What a fan sees of a night sold on the site (issue #40, decision 038): the tiers of `nightSale` as
 * the event page and the landing hero show them, the JSON-LD availability of each type, and the next
 * instant a window opens or closes (when a cached page goes stale by itself). Pure and serialisable:
 * the loader sends it to the page as it is.
 */
import { formatPrice } from "~/lib/money";
import { pluralForm } from "~/lib/polish-plural";
import type { NightSale, TierInput, TierState } from "./ticket-tiers";

/** How a type reads on the page: a type on sale with nothing left to take reads as sold out. */
export type TicketTypeShown = "on_sale" | "sold_out" | "ended" | "scheduled" | "waiting";

export type TicketTypeView = {
  id: string;
  name: string;
  /** Grosze. */
  price: number;
  /** "59,00 zł", formatted by the server (no money code in the landing page's scripts). */
  priceLabel: string;
  shown: TicketTypeShown;
  /** The most one form may add now: 0 unless on sale (the type's max per order, the units and the
   * night's capacity left, and the per-customer limit). */
  maxQuantity: number;
  /** ISO; the start of its window, when it has one. */
  salesStart: string | null;
};

export type NightTicketsView = {
  types: TicketTypeView[];
  /** The first type not yet open that will open later ("Następna pula: …"). */
  next: { name: string; price: number } | null;
  /** ISO; when sales start, while nothing is on sale yet and a window will open (the countdown). */
  opensAt: string | null;
  /** `opensAt` in Polish, Warsaw time ("17 stycznia 2026, 12:00"): what a page without scripts shows. */
  opensAtLabel: string | null;
  /** ISO; the instant judged, on the server's clock (the countdown's offset). */
  renderedAt: string;
  /** Nothing left to sell now or later ("Wyprzedane"). */
  soldOut: boolean;
  /** Tickets one customer may hold for the night; null = no limit. */
  maxPerCustomer: number | null;
  /** "Następna pula: 79,00 zł" and "Maks. 4 bilety na osobę", worded by the server. */
  nextLabel: string | null;
  perCustomerLabel: string | null;
};

function shownOf(state: TierState, available: number, soldOut: boolean): TicketTypeShown {
  if (state === "on_sale") return available > 0 ? "on_sale" : "sold_out";
  // The night's capacity gone: what would open later never will.
  if (soldOut && (state === "scheduled" || state === "waiting")) return "sold_out";
  return state;
}

export function nightTicketsView(
  sale: NightSale<TierInput>,
  maxPerCustomer: number | null,
  now: Date,
): NightTicketsView {
  const cap = maxPerCustomer ?? Number.POSITIVE_INFINITY;
  return {
    types: sale.tiers.map((tier) => {
      const shown = shownOf(tier.state, tier.available, sale.soldOut);
      return {
        id: tier.id,
        name: tier.name,
        price: tier.price,
        priceLabel: formatPrice(tier.price),
        shown,
        maxQuantity: shown === "on_sale" ? Math.min(tier.available, cap) : 0,
        salesStart: tier.salesStart?.toISOString() ?? null,
      };
    }),
    next: sale.next ? { name: sale.next.name, price: sale.next.price } : null,
    opensAt: sale.opensAt?.toISOString() ?? null,
    // Formatted by the server's read (date code stays out of the page's scripts).
    opensAtLabel: null,
    renderedAt: now.toISOString(),
    soldOut: sale.soldOut,
    maxPerCustomer,
    nextLabel: sale.next ? nextTierText(formatPrice(sale.next.price)) : null,
    perCustomerLabel: maxPerCustomer ? perCustomerText(maxPerCustomer) : null,
  };
}

/** "Następna pula: 79,00 zł" */
export function nextTierText(price: string) {
  return `Następna pula: ${price}`;
}

/** "Maks. 4 bilety na osobę" */
export function perCustomerText(max: number) {
  return `Maks. ${max} ${pluralForm(max, ["bilet", "bilety", "biletów"])} na osobę`;
}

/**
 * The next instant after `now` at which a type's window opens or closes: the tiers change then
 * without any write, so a page showing them must not be served past it (decision 022).
 */
export function nextWindowEdge(
  types: readonly Pick<TierInput, "salesStart" | "salesEnd">[],
  now: Date,
): Date | null {
  let next: number | null = null;
  for (const type of types) {
    for (const edge of [type.salesStart, type.salesEnd]) {
      const time = edge?.getTime();
      if (time !== undefined && time > now.getTime() && (next === null || time < next)) next = time;
    }
  }
  return next === null ? null : new Date(next);
}

/** schema.org availability of a type's Offer (the values search engines read for events). */
export function offerAvailability(shown: TicketTypeShown): string {
  switch (shown) {
    case "on_sale":
      return "https://schema.org/InStock";
    case "scheduled":
    case "waiting":
      return "https://schema.org/PreOrder";
    default:
      // Sold out, or its window closed with units left: either way it cannot be bought any more.
      return "https://schema.org/SoldOut";
  }
}

/** The quantities a fan may pick for a type on sale: 1…its most. */
export function quantityChoices(type: Pick<TicketTypeView, "maxQuantity">): number[] {
  return Array.from({ length: Math.max(0, type.maxQuantity) }, (_, index) => index + 1);
}

export const nightTicketsMessages = {
  heading: "Bilety",
  soldOutType: "Wyprzedana",
  endedType: "Sprzedaż zakończona",
  waitingType: "Po wyprzedaniu poprzedniej puli",
  soldOut: "Wyprzedane",
  add: "Dodaj do koszyka",
  quantity: "Liczba biletów",
  opensAt: "Sprzedaż biletów od",
} as const;
