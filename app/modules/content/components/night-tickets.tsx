import { Clock, ShoppingBag } from "lucide-react";
import { useId } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { toast } from "~/components/ui/toaster";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import { CartFormFields, ReturnHere, useCartFetcher } from "~/modules/cart/cart-forms-client";
import { CART_ACTION } from "~/modules/cart/cart-view";
import { LiveCountdown } from "~/modules/catalog/components/live-countdown";
import {
  nightTicketsMessages as messages,
  type NightTicketsView,
  quantityChoices,
  type TicketTypeView,
} from "~/modules/tickets/night-tickets";
import { SectionHeading } from "./section-heading";

/**
 * `#bilety`: a night sold on this site (issue #40). Each type in order with its price (a sold-out one
 * struck through and saying so), a form per type on sale, the next tier's price, a countdown to the
 * start of sales as a drop's, "Wyprzedane" when all is gone, and the per-customer limit. Every form is
 * a plain POST to the cart: it works before scripts, and with them it is sent in the background and
 * answered by a toast (as a product page's add).
 */
export function NightTickets({ tickets, eyebrow }: { tickets: NightTicketsView; eyebrow: string }) {
  return (
    <section
      id="bilety"
      aria-labelledby="tickets-title"
      className="container-page scroll-mt-20 py-16 md:py-24"
      data-testid="night-tickets"
    >
      <SectionHeading id="tickets-title" eyebrow={eyebrow} title={messages.heading} />
      <div className="grid max-w-3xl gap-6">
        {tickets.opensAt && tickets.opensAtLabel ? (
          <div className="grid gap-3 rounded-md border-2 border-accent/60 bg-surface p-4">
            <p className="flex items-center gap-2 text-lg" data-testid="tickets-opens-at">
              <Clock aria-hidden="true" className="size-5 shrink-0 text-accent" />
              <span>
                {messages.opensAt} <time dateTime={tickets.opensAt}>{tickets.opensAtLabel}</time>
              </span>
            </p>
            {/* The countdown appears once scripts run: its line is kept so nothing below moves. */}
            <div className="min-h-9">
              <LiveCountdown
                releaseAt={tickets.opensAt}
                serverNow={tickets.renderedAt}
                label="Do startu sprzedaży zostało"
              />
            </div>
          </div>
        ) : null}
        {tickets.soldOut ? (
          <div className="rounded-md border border-border bg-surface p-4">
            <p className="font-display text-3xl font-black text-hot" data-testid="tickets-sold-out">
              {messages.soldOut}
            </p>
            {/* Slot: the waiting list's form (issue #40, step 4) goes here. */}
            <div data-slot="waiting-list" />
          </div>
        ) : null}
        <ul className="grid gap-3" aria-label="Pule biletów">
          {tickets.types.map((type) => (
            <TicketTypeRow key={type.id} type={type} />
          ))}
        </ul>
        {tickets.next || tickets.maxPerCustomer ? (
          <div className="grid gap-1 text-muted">
            {tickets.next ? (
              <p className="font-bold text-foreground" data-testid="tickets-next">
                {messages.next(formatPrice(tickets.next.price))}
              </p>
            ) : null}
            {tickets.maxPerCustomer ? (
              <p data-testid="tickets-per-customer">{messages.perCustomer(tickets.maxPerCustomer)}</p>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

const stateLabel: Partial<Record<TicketTypeView["shown"], string>> = {
  sold_out: messages.soldOutType,
  ended: messages.endedType,
  waiting: messages.waitingType,
};

function TicketTypeRow({ type }: { type: TicketTypeView }) {
  const gone = type.shown === "sold_out" || type.shown === "ended";
  const label = stateLabel[type.shown];
  return (
    <li
      className={cn(
        "grid gap-4 rounded-md border bg-surface p-4 sm:p-5",
        type.shown === "on_sale" ? "border-accent" : "border-border",
      )}
      data-testid="ticket-type"
      data-state={type.shown}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className={cn("font-display text-2xl font-black", gone && "text-muted")}>{type.name}</p>
        <p className="flex items-baseline gap-3">
          {label ? (
            <span className="font-mono text-xs font-bold uppercase tracking-widest text-hot">{label}</span>
          ) : null}
          {gone ? (
            <s className="text-xl tabular-nums text-muted" data-testid="ticket-price">
              {formatPrice(type.price)}
            </s>
          ) : (
            <span className="text-xl font-extrabold tabular-nums text-accent" data-testid="ticket-price">
              {formatPrice(type.price)}
            </span>
          )}
        </p>
      </div>
      {type.shown === "on_sale" ? <AddTicketForm type={type} /> : null}
    </li>
  );
}

/**
 * The cart's answer as the product page's add shows it (cart/components/product-purchase.tsx): "Dodano
 * do koszyka" with "Zobacz koszyk", a refusal as an error toast. Not imported from there: that module
 * would bring the product page's purchase box into the landing page's scripts.
 */
function useAddTicketFetcher(name: string) {
  const navigate = useNavigate();
  return useCartFetcher({
    onResult(result) {
      if (!result.ok) return;
      toast.success(result.title ?? "Dodano do koszyka", {
        description: result.message || `${name}: dodano do koszyka`,
        action: { label: "Zobacz koszyk", onClick: () => navigate("/cart") },
      });
    },
  });
}

/** One type's add form: `intent=add-ticket`, `returnTo`, `ticketTypeId`, `quantity`. */
function AddTicketForm({ type }: { type: TicketTypeView }) {
  const fetcher = useAddTicketFetcher(type.name);
  const quantityId = useId();
  return (
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      aria-busy={fetcher.state !== "idle"}
      className="flex flex-wrap items-end gap-3"
      data-testid="add-ticket-form"
    >
      <CartFormFields intent="add-ticket" />
      <ReturnHere />
      <input type="hidden" name="ticketTypeId" value={type.id} />
      <div className="grid gap-1">
        <label htmlFor={quantityId} className="text-sm text-muted">
          {messages.quantity}
          <span className="sr-only">: {type.name}</span>
        </label>
        <NativeSelect id={quantityId} name="quantity" defaultValue="1" wrapperClassName="w-24">
          {quantityChoices(type).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" className="h-11 grow sm:grow-0" data-testid="add-ticket">
        <ShoppingBag aria-hidden="true" />
        {messages.add}
        <span className="sr-only">: {type.name}</span>
      </Button>
    </fetcher.Form>
  );
}
