// /zamowienie/{id}?token=…: an order's status from the private link in the confirmation e-mail (no account needed).

import { data, Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { Badge } from "~/components/ui/badge";
import { now } from "~/lib/clock.server";
import { formatDateTime } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { handleFormAction } from "~/lib/form-action.server";
import { noticeOf } from "~/lib/form-contract";
import { formatPrice } from "~/lib/money";
import { privatePageMeta, tokenPageHeaders } from "~/lib/private-page";
import { clientIpOf } from "~/lib/request-context";
import { sessionUser } from "~/modules/accounts/auth.server";
import { orderLineSaleNote } from "~/modules/catalog/price-labels";
import { ticketReturnIntents } from "~/modules/checkout/ticket-return-intents.server";
import { OrderTotals } from "~/modules/orders/components/order-totals";
import { RefundHistory } from "~/modules/orders/components/refund-history";
import { WithdrawalSection } from "~/modules/orders/components/withdrawal-form";
import { customerStatusLabel } from "~/modules/orders/order-status";
import { orderFigures } from "~/modules/orders/order-view";
import { getOrderForViewer } from "~/modules/orders/orders.server";
import { listRefundHistory } from "~/modules/orders/refund-history.server";
import { orderPageTransferActor, ticketTransferIntents } from "~/modules/orders/ticket-transfer.server";
import { customerWithdrawalIntents } from "~/modules/orders/withdrawal-actions.server";
import { withdrawalMessages } from "~/modules/orders/withdrawal-window";
import { getWithdrawalView } from "~/modules/orders/withdrawals.server";
import { TicketCard } from "~/modules/tickets/components/ticket-card";
import { ticketsOfOrder } from "~/modules/tickets/my-tickets.server";
import { RETURN_INTENT, WITHDRAW_RETURN_INTENT } from "~/modules/tickets/returns.schema";
import { TICKET_NO_WITHDRAWAL_TEXT } from "~/modules/tickets/ticket-terms";
import { TRANSFER_INTENT } from "~/modules/tickets/transfer.schema";
import type { Route } from "./+types/order-status";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privatePageMeta(loaderData ? `Zamówienie #${loaderData.orderNumber}` : "Zamówienie")({ matches });

export function headers() {
  return tokenPageHeaders();
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const user = await sessionUser({ request, context });
  const found = await getOrderForViewer(params.id, { token, userId: user?.id });
  if (!found) throw data(null, { status: 404 });
  const { order, items } = found;
  const refunds = await listRefundHistory([order.id]);
  const withdrawal = await getWithdrawalView(order, items);
  const tickets = await ticketsOfOrder(db(), order.id, now());
  return {
    withdrawal,
    tickets,
    shipped: order.deliveryMethod !== "none",
    ...orderFigures(order),
    refundedAmount: order.refundedAmount,
    refunds: refunds.get(order.id) ?? [],
    status: order.status,
    // Worded here, so the page's scripts format no date (decision 027).
    placedAt: formatDateTime(order.createdAt),
    email: order.customerEmail,
    items: items.map((item) => ({
      id: item.id,
      name: item.productName,
      slug: item.productSlug,
      image: item.productImage,
      size: item.size,
      quantity: item.quantity,
      pricePerUnit: item.pricePerUnit,
      saleNote: orderLineSaleNote(item),
    })),
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
  };
}

/** The ticket intents that leave with a flash (the card shows the change). */
const RETURN_OR_TRANSFER = new Set<string>([TRANSFER_INTENT, RETURN_INTENT, WITHDRAW_RETURN_INTENT]);

/**
 * "Odstąp od umowy" and "Przekaż bilet": for the holder of the private link or the signed-in owner, as
 * the loader. A withdrawal's answer is rendered here (its confirmation); a transfer leaves for this
 * page again with "Bilet przekazany" as a flash, while its refusal is rendered with what was typed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const user = await sessionUser({ request, context });
  const ip = clientIpOf(context);
  const intents = {
    ...customerWithdrawalIntents(params.id, { token, userId: user?.id }, ip),
    ...ticketTransferIntents(() => orderPageTransferActor(params.id, { token, user }), ip),
    ...ticketReturnIntents(() => orderPageTransferActor(params.id, { token, user }), ip),
  };
  const answer = await handleFormAction(request, intents, {
    invalidRequest: withdrawalMessages.invalidRequest,
  });
  if (!(answer instanceof Response) && answer.data.ok && RETURN_OR_TRANSFER.has(String(answer.data.intent))) {
    // Not url.pathname: a scripted form posts to the page's ".data" URL, which is no page to return to.
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    return redirectWithFlash(`/zamowienie/${params.id}${query}`, noticeOf(answer.data));
  }
  return answer;
}

export default function OrderStatusPage({ loaderData: order, actionData }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-3xl pb-16 pt-24">
      <p className="text-sm uppercase tracking-widest text-muted">Zamówienie</p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="font-display text-4xl">#{order.orderNumber}</h1>
        <Badge variant="accent" data-testid="order-status">
          {customerStatusLabel(order.status)}
        </Badge>
      </div>
      <p className="mt-2 text-muted">
        Złożone {order.placedAt} · {order.email}
      </p>

      <ul className="mt-8 divide-y divide-border rounded-lg border border-border bg-surface">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-center gap-4 p-4">
            {item.image ? (
              <ResponsiveImage
                image={item.image}
                sizes="64px"
                alt=""
                className="size-16 rounded-md object-cover"
              />
            ) : null}
            <div className="flex-1">
              <p className="font-bold">{item.name || "Produkt"}</p>
              <p className="text-sm text-muted">
                {item.size ? `Rozmiar ${item.size} · ` : ""}
                {item.quantity} × {formatPrice(item.pricePerUnit)}
                {item.saleNote ? ` ${item.saleNote}` : ""}
              </p>
            </div>
            <p className="font-bold">{formatPrice(item.pricePerUnit * item.quantity)}</p>
          </li>
        ))}
      </ul>

      {order.tickets.length > 0 ? (
        <section aria-labelledby="order-tickets-heading" className="mt-8 grid gap-4">
          <h2 id="order-tickets-heading" className="font-display text-2xl">
            Bilety
          </h2>
          <ul className="grid gap-4" data-testid="order-tickets">
            {order.tickets.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} actionData={actionData} />
            ))}
          </ul>
          <p className="text-muted text-sm">{TICKET_NO_WITHDRAWAL_TEXT}</p>
        </section>
      ) : null}

      <OrderTotals figures={order} className="mt-6 rounded-lg border border-border bg-surface p-4" />

      <RefundHistory
        refunds={order.refunds}
        className="mt-6 rounded-lg border border-border bg-surface p-4"
      />

      <WithdrawalSection view={order.withdrawal} actionData={actionData} />

      <div className="mt-6 grid gap-4 md:grid-cols-2">
        {order.shipped ? (
          <div className="rounded-lg border border-border bg-surface p-4 text-sm">
            <h2 className="mb-2 font-bold uppercase tracking-wider text-muted">Dostawa</h2>
            {order.deliveryAddress.map((line, index) => (
              <p key={`${line}-${index}`}>{line}</p>
            ))}
          </div>
        ) : null}
        {order.trackingNumber ? (
          <div className="rounded-lg border border-border bg-surface p-4 text-sm">
            <h2 className="mb-2 font-bold uppercase tracking-wider text-muted">Przesyłka</h2>
            <p>Numer przesyłki: {order.trackingNumber}</p>
            {order.trackingUrl ? (
              <a
                href={order.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-accent underline"
              >
                Śledź przesyłkę
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="mt-8 text-sm text-muted">
        Masz pytanie?{" "}
        <Link to="/contact" className="text-accent underline-offset-4 hover:underline">
          Napisz do nas
        </Link>
        , podając numer zamówienia.
      </p>
    </section>
  );
}
