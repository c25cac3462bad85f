/**
 * "Oddaj bilet" for `handleFormAction` (issue #40), beside the transfer's intents on both pages that
 * show a ticket ("Moje bilety", the order's page): give back, and withdraw while no offer is live. Who
 * asks is resolved as for a transfer (`actor`, only for a valid form). A ticket given back is offered
 * at once to the first in line (the sweep would within a minute).
 */
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { intent } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { clientKey, enforceRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { RETURN_INTENT, ticketReturnSchema, WITHDRAW_RETURN_INTENT } from "~/modules/tickets/returns.schema";
import { giveTicketBack, type TicketViewer, withdrawTicketReturn } from "~/modules/tickets/returns.server";
import { returnMessages } from "~/modules/tickets/waitlist";
import { sweepOffers } from "./offer-settlement.server";

export const RETURN_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };

export function ticketReturnIntents(actor: () => Promise<TicketViewer | null>, ip: string) {
  const run =
    (work: (viewer: TicketViewer, ticketId: string) => Promise<string>) =>
    async ({ ticketId }: { ticketId: string }) => {
      await enforceRateLimit(`ticket-return:${clientKey(ip)}`, RETURN_RATE_LIMIT);
      const viewer = await actor();
      if (!viewer) throw new DomainError(returnMessages.notHolder, 404);
      return { message: await work(viewer, ticketId) };
    };
  return {
    [RETURN_INTENT]: intent({
      schema: ticketReturnSchema,
      failure: "Nie udało się oddać biletu. Spróbuj ponownie.",
      run: run(async (viewer, ticketId) => {
        await giveTicketBack(db(), ticketId, viewer);
        void sweepOffers().catch((error: unknown) =>
          logger.error({ err: error }, "waiting-list sweep failed"),
        );
        return returnMessages.created;
      }),
    }),
    [WITHDRAW_RETURN_INTENT]: intent({
      schema: ticketReturnSchema,
      failure: "Nie udało się wycofać oddania biletu. Spróbuj ponownie.",
      run: run(async (viewer, ticketId) => {
        await withdrawTicketReturn(db(), ticketId, viewer);
        return returnMessages.withdrawn;
      }),
    }),
  };
}
