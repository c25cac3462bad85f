// /account/orders ('MOJE ZAMÓWIENIA'): the signed-in user's orders, newest first (SPEC §2 Orders).
// ?order=<id> opens one order's details; an id that is not this user's answers 404.
import { ShoppingBag } from "lucide-react";
import { data, Link, useNavigate, useSearchParams } from "react-router";
import { useHydrated } from "~/components/enhanced-field";
import { Button } from "~/components/ui/button";
import { formatDateTime, formatLongDate } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { privatePageHeaders, privatePageMeta } from "~/lib/private-page";
import { skipRevalidationOnQuery } from "~/lib/query-revalidation";
import { OrderCard } from "~/modules/accounts/components/order-card";
import { OrderDetailsDialog, OrderDetailsSection } from "~/modules/accounts/components/order-details-dialog";
import { requireUser } from "~/modules/accounts/roles.server";
import { type AccountOrder, listOrdersForUser } from "~/modules/orders/orders.server";
import type { RefundHistoryEntry } from "~/modules/orders/refund-history";
import { refundedTotal } from "~/modules/orders/refund-history";
import { listRefundHistory } from "~/modules/orders/refund-history.server";
import type { Route } from "./+types/account-orders";

export const meta: Route.MetaFunction = privatePageMeta("Moje zamówienia");

export const headers = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  let orders: AccountOrder[];
  let refunds = new Map<string, RefundHistoryEntry[]>();
  try {
    orders = await listOrdersForUser(user.id);
    refunds = await listRefundHistory(orders.map((order) => order.id));
  } catch (error) {
    // SPEC §8: an orders fetch failure is logged and shows an empty list.
    logger.error({ err: error, userId: user.id }, "orders of the account could not be read");
    orders = [];
  }
  const selected = new URL(request.url).searchParams.get("order");
  // Only this user's orders are listed; any other id (another user's, unknown, malformed) is "not found".
  if (selected && !orders.some((order) => order.id === selected)) throw data(null, { status: 404 });
  return {
    orders: orders.map((order) => {
      const history = refunds.get(order.id) ?? [];
      return {
        ...order,
        createdAt: order.createdAt.toISOString(),
        // Worded here, so the page's scripts format no date (decision 027).
        dateLabel: formatLongDate(order.createdAt),
        dateTimeLabel: formatDateTime(order.createdAt),
        refunds: history,
        refundedAmount: refundedTotal(history),
      };
    }),
  };
}

/** Opening or closing an order's details only changes ?order: the list is already on the page. */
export const shouldRevalidate = skipRevalidationOnQuery(["order"]);

export default function AccountOrdersPage({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const selectedId = searchParams.get("order");
  const selected = loaderData.orders.find((order) => order.id === selectedId) ?? null;
  const hydrated = useHydrated();

  return (
    <div className="grid gap-8">
      <header>
        <p className="font-bold text-accent text-xs uppercase tracking-[0.3em]">Historia</p>
        <h1 className="mt-2 font-display text-4xl md:text-5xl">MOJE ZAMÓWIENIA</h1>
      </header>

      {/* Before scripts (or without them) the dialog cannot open: the details are part of the page. */}
      {selected && !hydrated ? <OrderDetailsSection order={selected} /> : null}

      {loaderData.orders.length === 0 ? (
        <section
          className="flex flex-col items-center gap-5 rounded-lg border border-border border-dashed bg-surface px-6 py-14 text-center"
          data-testid="orders-empty"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-surface-2 text-muted">
            <ShoppingBag aria-hidden="true" className="size-8" />
          </span>
          <p className="font-bold text-lg">Nie masz jeszcze żadnych zamówień</p>
          <p className="max-w-sm text-muted text-sm">
            Bluzy, koszulki i naklejki z nocy, które pamiętasz. Zamówienia pojawią się tutaj.
          </p>
          <Button asChild>
            <Link to="/merch">Przejdź do sklepu</Link>
          </Button>
        </section>
      ) : (
        <ul className="grid gap-4" aria-label="Zamówienia">
          {loaderData.orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}

      {hydrated ? (
        <OrderDetailsDialog
          order={selected}
          onClose={() => navigate({ search: "" }, { replace: true, preventScrollReset: true })}
        />
      ) : null}
    </div>
  );
}
