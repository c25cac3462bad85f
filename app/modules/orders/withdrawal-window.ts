/**
 * The consumer's right of withdrawal (art. 27 of the Polish consumer rights act): 14 days from the day
 * the parcel reached the customer. The shop counts it from `orders.deliveredAt`, or from
 * `orders.completedAt` when no delivery date was recorded; before either there is no window yet.
 * Days are Warsaw calendar days and the day of delivery is not counted (art. 111 of the civil code),
 * so a parcel delivered on 3 March may be withdrawn from until 17 March, 23:59:59 Warsaw time.
 * Pure: the server checks it when a withdrawal is filed, the pages to show or hide the button.
 */
import { DomainError } from "~/lib/domain-error";
import { fromWarsawLocal, warsawParts } from "~/lib/warsaw-time";
import type { OrderStatus, WithdrawalLine } from "../../../db/schema";

export const WITHDRAWAL_DAYS = 14;

export const withdrawalMessages = {
  notDelivered: "Od umowy możesz odstąpić po otrzymaniu paczki.",
  expired: `Termin na odstąpienie od umowy minął (${WITHDRAWAL_DAYS} dni od otrzymania paczki).`,
  cancelled: "To zamówienie zostało anulowane — nie można od niego odstąpić.",
  nothingLeft: "Od wszystkich produktów tego zamówienia już odstąpiono lub zostały zwrócone.",
  noLines: "Wybierz co najmniej jeden produkt i liczbę sztuk.",
  foreignLine: "Wybrany produkt nie należy do tego zamówienia.",
  tooMany: (name: string) => `Nie możesz odstąpić od większej liczby sztuk, niż pozostało: ${name}`,
  statement: "Zaznacz oświadczenie o odstąpieniu od umowy.",
  note: "Uwagi mogą mieć najwyżej 1000 znaków.",
  invalidRequest: "Nieprawidłowe żądanie. Odśwież stronę i spróbuj ponownie.",
  notFound: "Zamówienie nie istnieje",
  failed: "Nie udało się złożyć oświadczenia. Spróbuj ponownie za chwilę.",
  filed: "Oświadczenie o odstąpieniu od umowy zostało przyjęte",
} as const;

/** Days the shop has to refund once the return is back (as the returns page says). */
export const RETURN_REFUND_DAYS = 14;

/** The return address: the seller's company and address (the returns page's address). */
export function returnAddressOf(seller: { company: string; address: string }) {
  return `${seller.company}, ${seller.address}`;
}

/** What the customer does next, word for word on the confirmation page and in the e-mail. */
export function withdrawalRules(returnAddress: string) {
  return [
    `Odeślij produkty w ciągu ${WITHDRAWAL_DAYS} dni na adres: ${returnAddress}. Podaj w paczce numer zamówienia.`,
    "Koszt odesłania paczki pokrywasz Ty. Nie wysyłaj paczki za pobraniem — nie odbierzemy jej.",
    `Zwrócimy pieniądze w ciągu ${RETURN_REFUND_DAYS} dni od otrzymania zwrotu, tą samą metodą, którą zapłaciłeś.`,
  ];
}

type WindowOrder = { status: OrderStatus; deliveredAt: Date | null; completedAt: Date | null };

export type WithdrawalWindow =
  | { open: true; deadline: Date }
  | { open: false; reason: "cancelled" | "not-delivered" | "expired"; deadline: Date | null };

/** The date the window runs from: delivery, else completion, else none yet. */
export function withdrawalStart(order: Pick<WindowOrder, "deliveredAt" | "completedAt">): Date | null {
  return order.deliveredAt ?? order.completedAt ?? null;
}

/** The last instant of the window: the end of the 14th Warsaw calendar day after `start`. */
export function withdrawalDeadline(start: Date): Date {
  const p = warsawParts(start);
  // Calendar arithmetic on the Warsaw date (Date.UTC rolls months and years over correctly).
  const after = new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day) + WITHDRAWAL_DAYS + 1));
  const nextDay = after.toISOString().slice(0, 10);
  const midnight = fromWarsawLocal(`${nextDay}T00:00`);
  if (!midnight) throw new RangeError(`no Warsaw midnight on ${nextDay}`);
  return new Date(midnight.getTime() - 1);
}

/** Whether the customer may withdraw from the order at `now`, and until when. */
export function withdrawalWindow(order: WindowOrder, now: Date = new Date()): WithdrawalWindow {
  const start = withdrawalStart(order);
  const deadline = start ? withdrawalDeadline(start) : null;
  if (order.status === "cancelled") return { open: false, reason: "cancelled", deadline };
  if (!start || !deadline) return { open: false, reason: "not-delivered", deadline: null };
  if (now.getTime() > deadline.getTime()) return { open: false, reason: "expired", deadline };
  return { open: true, deadline };
}

/** The refusal for a window that is not open, as the server answers it. */
export function closedWindowError(window: Extract<WithdrawalWindow, { open: false }>) {
  const message =
    window.reason === "cancelled"
      ? withdrawalMessages.cancelled
      : window.reason === "expired"
        ? withdrawalMessages.expired
        : withdrawalMessages.notDelivered;
  return new DomainError(message, 409);
}

export type WithdrawableItem = {
  id: string;
  name: string;
  size: string | null;
  quantity: number;
  /** Units refunded already (pending or done). */
  refundedQuantity: number;
};

export type WithdrawableLine = {
  orderItemId: string;
  name: string;
  size: string | null;
  quantity: number;
  /** Units the customer may still withdraw from: not refunded and not in an open withdrawal. */
  available: number;
};

/**
 * The lines a customer may still withdraw from. Units of open withdrawals are taken (the shop has
 * not refunded them yet); units of closed ones count through the refund's `refundedQuantity`.
 */
export function withdrawableLines(
  items: WithdrawableItem[],
  openWithdrawals: { lines: WithdrawalLine[] }[],
): WithdrawableLine[] {
  const claimed = new Map<string, number>();
  for (const withdrawal of openWithdrawals) {
    for (const line of withdrawal.lines) {
      claimed.set(line.orderItemId, (claimed.get(line.orderItemId) ?? 0) + line.quantity);
    }
  }
  return items.map((item) => ({
    orderItemId: item.id,
    name: item.name,
    size: item.size,
    quantity: item.quantity,
    available: Math.max(0, item.quantity - item.refundedQuantity - (claimed.get(item.id) ?? 0)),
  }));
}

function lineLabel(line: Pick<WithdrawableLine, "name" | "size">) {
  const name = line.name || "Produkt";
  return line.size ? `${name} (rozmiar ${line.size})` : name;
}

/**
 * The lines of a withdrawal request, checked against what is left: lines with 0 units are dropped,
 * the same line twice is summed, a line of another order or more units than are left is refused.
 * Throws DomainError (400; 409 when the units were withdrawn already).
 */
export function checkWithdrawalLines(
  available: WithdrawableLine[],
  requested: { orderItemId: string; quantity: number }[],
): WithdrawalLine[] {
  const byId = new Map(available.map((line) => [line.orderItemId, line]));
  const wanted = new Map<string, number>();
  for (const line of requested) {
    if (!Number.isInteger(line.quantity) || line.quantity < 0) {
      throw new DomainError(withdrawalMessages.noLines, 400);
    }
    if (line.quantity === 0) continue;
    if (!byId.has(line.orderItemId)) throw new DomainError(withdrawalMessages.foreignLine, 400);
    wanted.set(line.orderItemId, (wanted.get(line.orderItemId) ?? 0) + line.quantity);
  }
  if (wanted.size === 0) {
    const anyLeft = available.some((line) => line.available > 0);
    throw new DomainError(anyLeft ? withdrawalMessages.noLines : withdrawalMessages.nothingLeft, 400);
  }
  const lines: WithdrawalLine[] = [];
  for (const line of available) {
    const quantity = wanted.get(line.orderItemId);
    if (!quantity) continue;
    if (quantity > line.available) {
      // Asking for units that were there once but are claimed now is a repeat, not a typo.
      const status = quantity <= line.quantity ? 409 : 400;
      throw new DomainError(withdrawalMessages.tooMany(lineLabel(line)), status, "lines");
    }
    lines.push({ orderItemId: line.orderItemId, quantity });
  }
  return lines;
}

/** What the order page shows of the withdrawal (serialisable: the loader hands it to the page). */
export type WithdrawalView = {
  open: boolean;
  /** The window's last day as shown ("31 stycznia 2026"), when there is one: worded on the server. */
  deadline: string | null;
  closedReason: "cancelled" | "not-delivered" | "expired" | null;
  returnAddress: string;
  rules: string[];
  lines: { orderItemId: string; name: string; size: string | null; available: number }[];
  filed: {
    id: string;
    createdAt: string;
    /** `createdAt` as shown ("17 stycznia 2026, 23:00"). */
    createdLabel: string;
    lines: { name: string; size: string | null; quantity: number }[];
  }[];
};
