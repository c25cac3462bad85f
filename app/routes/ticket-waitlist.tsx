// The waiting list of a sold-out night (issue #40), one route for its two addresses:
// - /bilety/lista: the event page's form's action (handleFormAction, intent `waitlist`); it goes back
//   to the night's page with the answer as a flash, accepted or refused (the page is cached and shows
//   no per-visitor form state). The same answer whatever the address's state.
// - /bilety/lista/potwierdz/:token: the confirmation e-mail's link. A GET shows one button and
//   confirms nothing (mail scanners open links); its POST confirms (the link once; a used, forged or
//   expired one gets its Polish message with 400).
// Tokens are in the URL: never cached, never indexed, never sent on as a Referer. Anything else: 404.
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { now as clockNow } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { handleFormAction, intent } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { TOKEN_LINK_HEADERS, tokenLinkNotFound, tokenLinkRouteHeaders } from "~/lib/private-page";
import { checkRateLimit, clientKey } from "~/lib/rate-limit.server";
import { clientIpOf } from "~/lib/request-context";
import { waitlistConfirmationMail } from "~/modules/checkout/waitlist-mail.server";
import { TicketLinkPage } from "~/modules/tickets/components/ticket-link-page";
import { eventOfType } from "~/modules/tickets/ticket-sale.server";
import { WAITLIST_INTENT, waitlistMessages } from "~/modules/tickets/waitlist";
import { waitlistSchema } from "~/modules/tickets/waitlist.schema";
import {
  confirmWaitlist,
  findWaitlistConfirmation,
  joinWaitlist,
  soldOutNight,
  WAITLIST_RATE_LIMITS,
  type WaitlistConfirmOutcome,
} from "~/modules/tickets/waitlist.server";
import type { Route } from "./+types/ticket-waitlist";

const CONFIRM = "potwierdz";

export const headers: Route.HeadersFunction = tokenLinkRouteHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Lista oczekujących" },
  { name: "robots", content: "noindex, nofollow" },
];

const problems = {
  invalid: waitlistMessages.confirmInvalid,
  expired: waitlistMessages.confirmExpired,
} as const;

async function confirmAnswer(work: () => Promise<WaitlistConfirmOutcome>) {
  try {
    const outcome = await work();
    if (outcome.status === "confirmed" || outcome.status === "ready") {
      return data({ ...outcome, message: null }, { status: 200, headers: TOKEN_LINK_HEADERS });
    }
    return data(
      { status: outcome.status, night: null, message: problems[outcome.status] },
      { status: 400, headers: TOKEN_LINK_HEADERS },
    );
  } catch (error) {
    logger.error({ err: error }, "waiting-list confirmation failed");
    return data(
      { status: "invalid" as const, night: null, message: waitlistMessages.failure },
      { status: 503, headers: TOKEN_LINK_HEADERS },
    );
  }
}

/** The form's one intent; `backTo` is the night's page once the form named one. */
function joinForm(ip: string) {
  let backTo = "/";
  const intents = {
    [WAITLIST_INTENT]: intent({
      schema: waitlistSchema,
      invalid: waitlistMessages.invalid,
      failure: waitlistMessages.failure,
      failureStatus: 503,
      run: async (input) => {
        const database = db();
        const eventId = input.ticketTypeId ? await eventOfType(database, input.ticketTypeId) : null;
        if (!eventId) throw new DomainError(waitlistMessages.unknown, 400);
        const limit = await checkRateLimit(`waitlist:${clientKey(ip)}`, WAITLIST_RATE_LIMITS.perClient, {
          database,
        });
        if (!limit.allowed) {
          const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
          throw new DomainError(waitlistMessages.rateLimited(minutes), 429, undefined, {
            retryAfterSeconds: limit.retryAfterSeconds,
          });
        }
        const now = clockNow();
        const night = await soldOutNight(database, eventId, now);
        if (!night) throw new DomainError(waitlistMessages.notSoldOut, 400);
        backTo = `/wydarzenia/${night.slug}#bilety`;
        await joinWaitlist(input, night, waitlistConfirmationMail(input), { now, database });
        return { message: waitlistMessages.sent };
      },
    }),
  };
  return { intents, backTo: () => backTo };
}

export async function loader({ params }: Route.LoaderArgs) {
  if (params.link !== CONFIRM || !params.token) return tokenLinkNotFound();
  const token = params.token;
  return confirmAnswer(() => findWaitlistConfirmation(token));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!params.link && !params.token) {
    const form = joinForm(clientIpOf(context));
    return handleFormAction(request, form.intents, {
      invalidRequest: waitlistMessages.failure,
      plain: { redirectTo: form.backTo, refusals: true },
    });
  }
  if (params.link !== CONFIRM || !params.token) return tokenLinkNotFound();
  const token = params.token;
  return confirmAnswer(() => confirmWaitlist(token));
}

export default function TicketWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const outcome = actionData && "night" in actionData ? actionData : loaderData;
  if (outcome.status === "ready" && outcome.night) {
    return (
      <TicketLinkPage title="Potwierdź zapis" tone="info" testId="waitlist-confirm">
        <p className="text-foreground/90 leading-relaxed">
          {waitlistMessages.confirmAsk} Noc: „{outcome.night.title}”.
        </p>
        {/* A plain form: works before scripts; only this press confirms. */}
        <Form method="post" className="grid">
          <Button type="submit" disabled={navigation.state !== "idle"}>
            Potwierdzam
          </Button>
        </Form>
      </TicketLinkPage>
    );
  }
  if (outcome.status === "confirmed" && outcome.night) {
    return (
      <TicketLinkPage title="Jesteś na liście" tone="success" testId="waitlist-confirmed">
        <p role="status" className="text-foreground/90 leading-relaxed">
          {waitlistMessages.confirmed}
        </p>
        <Button asChild variant="secondary" className="w-full">
          <Link to={`/wydarzenia/${outcome.night.slug}`}>Wróć do wydarzenia</Link>
        </Button>
      </TicketLinkPage>
    );
  }
  return (
    <TicketLinkPage title="Link nie działa" tone="problem" testId="waitlist-confirm-failed">
      <p role="alert" className="font-semibold text-foreground">
        {outcome.message ?? waitlistMessages.confirmInvalid}
      </p>
    </TicketLinkPage>
  );
}
