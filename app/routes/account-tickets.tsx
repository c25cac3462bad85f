// /account/bilety ('MOJE BILETY', issue #40): the signed-in fan's e-tickets with their QR codes.
import { Ticket } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { handleFormAction } from "~/lib/form-action.server";
import { privatePageHeaders, privatePageMeta } from "~/lib/private-page";
import { clientIpOf } from "~/lib/request-context";
import { requireUser } from "~/modules/accounts/roles.server";
import { ticketReturnIntents } from "~/modules/checkout/ticket-return-intents.server";
import { ticketTransferIntents } from "~/modules/orders/ticket-transfer.server";
import { TicketCard } from "~/modules/tickets/components/ticket-card";
import { ticketsOfAccount } from "~/modules/tickets/my-tickets.server";
import { transferMessages } from "~/modules/tickets/transfer.schema";
import type { Route } from "./+types/account-tickets";

export const meta: Route.MetaFunction = privatePageMeta("Moje bilety");

export const headers = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  const tickets = await ticketsOfAccount(db(), user, now());
  return { coming: tickets.filter((ticket) => !ticket.past), past: tickets.filter((ticket) => ticket.past) };
}

/**
 * "Przekaż bilet": a transfer leaves with "Bilet przekazany" as a flash (the ticket is gone from the
 * list); a refusal is answered here, so the form shows it with what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const intents = {
    ...ticketTransferIntents(async () => ({ via: "account", account: user }), clientIpOf(context)),
    ...ticketReturnIntents(async () => ({ via: "account", account: user }), clientIpOf(context)),
  };
  return handleFormAction(request, intents, {
    invalidRequest: transferMessages.invalidRequest,
    plain: { redirectTo: () => "/account/bilety" },
  });
}

export default function AccountTicketsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { coming, past } = loaderData;
  return (
    <section aria-labelledby="tickets-heading" className="grid gap-6">
      <h1 id="tickets-heading" className="font-display text-4xl md:text-5xl">
        MOJE BILETY
      </h1>
      {coming.length === 0 && past.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-lg border border-border border-dashed p-8 text-center">
          <Ticket aria-hidden="true" className="size-12 text-muted" />
          <p className="font-bold">Nie masz jeszcze biletów</p>
          <p className="max-w-sm text-muted text-sm">
            Bilety kupione na tej stronie pojawią się tutaj, z kodem QR do pokazania przy wejściu.
          </p>
          <Button asChild>
            <Link to="/">Zobacz najbliższe wydarzenie</Link>
          </Button>
        </div>
      ) : null}
      {coming.length > 0 ? (
        <ul className="grid gap-4" data-testid="tickets-coming">
          {coming.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} actionData={actionData} />
          ))}
        </ul>
      ) : null}
      {past.length > 0 ? (
        <details className="rounded-lg border border-border p-4">
          <summary className="cursor-pointer font-bold">Minione wydarzenia ({past.length})</summary>
          <ul className="mt-4 grid gap-4">
            {past.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
