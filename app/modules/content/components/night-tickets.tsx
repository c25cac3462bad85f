import { ShoppingBag } from "lucide-react";
import { lazy, Suspense, useId } from "react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { CART_ACTION } from "~/modules/cart/cart-view";
import {
  nightTicketsMessages as messages,
  type NightTicketsView,
  quantityChoices,
  type TicketTypeView,
} from "~/modules/tickets/night-tickets";
import { SectionHeading } from "./section-heading";

// Shown only before sales open or once all is gone: loaded then, not with every landing page (its
// scripts are budgeted, decision 010). The server renders them in the page either way.
const LiveCountdown = lazy(() =>
  import("~/modules/catalog/components/live-countdown").then((module) => ({ default: module.LiveCountdown })),
);
const WaitlistForm = lazy(() =>
  import("~/modules/tickets/components/waitlist-form").then((module) => ({ default: module.WaitlistForm })),
);

/**
 * `#bilety`: a night sold on this site (issue #40). Each type in order with its price (a sold-out one
 * struck through and saying so), a form per type on sale, the next tier's price, a countdown to the
 * start of sales as a drop's, "Wyprzedane" when all is gone, and the per-customer limit. Every form is
 * a plain POST to the cart: it works before scripts, and with them React Router sends it and follows
 * the cart's 303 back here, where its flash is the toast (decision 035's plain form) — no cart
 * fetcher code in the landing page's scripts.
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
              <span>
                {messages.opensAt} <time dateTime={tickets.opensAt}>{tickets.opensAtLabel}</time>
              </span>
            </p>
            {/* The countdown appears once scripts run: its line is kept so nothing below moves. */}
            <div className="min-h-9">
              <Suspense fallback={null}>
                <LiveCountdown
                  releaseAt={tickets.opensAt}
                  serverNow={tickets.renderedAt}
                  label="Do startu sprzedaży zostało"
                />
              </Suspense>
            </div>
          </div>
        ) : null}
        {tickets.soldOut ? (
          <div className="rounded-md border border-border bg-surface p-4">
            <p className="font-display text-3xl font-black text-hot" data-testid="tickets-sold-out">
              {messages.soldOut}
            </p>
            <div data-slot="waiting-list">
              {tickets.types[0] ? (
                <Suspense fallback={null}>
                  <WaitlistForm ticketTypeId={tickets.types[0].id} />
                </Suspense>
              ) : null}
            </div>
          </div>
        ) : null}
        <ul className="grid gap-3" aria-label="Pule biletów">
          {tickets.types.map((type) => (
            <TicketTypeRow key={type.id} type={type} />
          ))}
        </ul>
        {tickets.nextLabel || tickets.perCustomerLabel ? (
          <div className="grid gap-1 text-muted">
            {tickets.nextLabel ? (
              <p className="font-bold text-foreground" data-testid="tickets-next">
                {tickets.nextLabel}
              </p>
            ) : null}
            {tickets.perCustomerLabel ? (
              <p data-testid="tickets-per-customer">{tickets.perCustomerLabel}</p>
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
              {type.priceLabel}
            </s>
          ) : (
            <span className="text-xl font-extrabold tabular-nums text-accent" data-testid="ticket-price">
              {type.priceLabel}
            </span>
          )}
        </p>
      </div>
      {type.shown === "on_sale" ? <AddTicketForm type={type} /> : null}
    </li>
  );
}

/** One type's add form: `intent=add-ticket`, `returnTo`, `ticketTypeId`, `quantity`. */
function AddTicketForm({ type }: { type: TicketTypeView }) {
  const quantityId = useId();
  const { pathname, search } = useLocation();
  return (
    <Form
      method="post"
      action={CART_ACTION}
      preventScrollReset
      className="flex flex-wrap items-end gap-3"
      data-testid="add-ticket-form"
    >
      <input type="hidden" name="intent" value="add-ticket" />
      <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
      <input type="hidden" name="ticketTypeId" value={type.id} />
      <div className="grid gap-1">
        <label htmlFor={quantityId} className="text-sm text-muted">
          {messages.quantity}
          <span className="sr-only">: {type.name}</span>
        </label>
        {/* The browser's own select, styled in place: the shared NativeSelect would add two script
            files to the landing page, whose scripts are budgeted (decision 010). */}
        <select
          id={quantityId}
          name="quantity"
          defaultValue="1"
          className="h-11 w-24 cursor-pointer rounded-sm border border-border bg-surface px-3 font-bold text-foreground outline-hidden focus-visible:outline-2 focus-visible:outline-accent"
        >
          {quantityChoices(type).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="h-11 grow sm:grow-0" data-testid="add-ticket">
        <ShoppingBag aria-hidden="true" />
        {messages.add}
        <span className="sr-only">: {type.name}</span>
      </Button>
    </Form>
  );
}
