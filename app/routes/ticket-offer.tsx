// /bilety/oferta/:token — a waiting-list offer's page (issue #40), from its e-mail. It works without
// scripts: the night, the type, the face value (the returned ticket's price, never more), until when
// the offer holds, and a plain form with the name on the ticket and the 18+ box, whose action starts
// the checkout of that one ticket and leaves for the payment page. A forged, expired or used link gets
// its Polish message (400) and nothing is stored. The token is in the URL: never cached or indexed.
import { data, Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatDateTime } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { handleFormAction, intent } from "~/lib/form-action.server";
import type { FormActionResult } from "~/lib/form-contract";
import { formatPrice } from "~/lib/money";
import { clientIpOf } from "~/lib/request-context";
import { startOfferCheckout } from "~/modules/checkout/offer-checkout.server";
import { ATTENDEE_NAME_MAX } from "~/modules/tickets/attendees";
import { TicketLinkPage } from "~/modules/tickets/components/ticket-link-page";
import { findOffer } from "~/modules/tickets/offers.server";
import { ADULT_CONFIRMATION_LABEL } from "~/modules/tickets/ticket-terms";
import { offerMessages } from "~/modules/tickets/waitlist";
import { offerPurchaseSchema } from "~/modules/tickets/waitlist.schema";
import type { Route } from "./+types/ticket-offer";

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });
  const referrer = loaderHeaders.get("Referrer-Policy");
  if (referrer) headers.set("Referrer-Policy", referrer);
  return headers;
};

export const meta: Route.MetaFunction = () => [
  { title: "Bilet z listy oczekujących" },
  { name: "robots", content: "noindex, nofollow" },
];

const BUY_INTENT = "buy";

export async function loader({ params }: Route.LoaderArgs) {
  const found = await findOffer(db(), params.token);
  if (found.status !== "ready") {
    return data(
      { offer: null, message: offerMessages[found.status] },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const { offer } = found;
  return data(
    {
      offer: {
        nightTitle: offer.nightTitle,
        when: formatDateTime(offer.startsAt),
        typeName: offer.typeName,
        price: offer.price,
        until: formatDateTime(offer.expiresAt),
      },
      message: null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleFormAction(
    request,
    {
      [BUY_INTENT]: intent({
        schema: offerPurchaseSchema,
        failure: "Nie udało się rozpocząć płatności. Spróbuj ponownie.",
        run: async (input) => {
          const started = await startOfferCheckout({
            token: params.token,
            attendee: { firstName: input.firstName, lastName: input.lastName },
            ip: clientIpOf(context),
          });
          return { message: "", redirectTo: started.url };
        },
      }),
    },
    { invalidRequest: offerMessages.invalid },
  );
}

function errorsOf(answer: FormActionResult | undefined, field: string) {
  const error = answer?.result?.error as Record<string, string[] | null> | undefined;
  return error?.[field] ?? undefined;
}

export default function TicketOffer({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { offer } = loaderData;
  if (!offer) {
    return (
      <TicketLinkPage title="Oferta niedostępna" tone="problem" testId="ticket-offer-failed">
        <p role="alert" className="font-semibold text-foreground">
          {loaderData.message}
        </p>
      </TicketLinkPage>
    );
  }
  const answer = actionData as FormActionResult | undefined;
  const refusal = answer && !answer.ok ? answer.message : null;
  return (
    <TicketLinkPage title={offerMessages.heading} tone="info" testId="ticket-offer">
      <dl className="grid gap-1 text-sm">
        <dt className="text-muted">Wydarzenie</dt>
        <dd className="font-semibold">
          {offer.nightTitle}, {offer.when}
        </dd>
        <dt className="text-muted">Bilet</dt>
        <dd className="font-semibold">{offer.typeName}</dd>
        <dt className="text-muted">{offerMessages.price}</dt>
        <dd className="font-display text-2xl" data-testid="ticket-offer-price">
          {formatPrice(offer.price)}
        </dd>
        <dt className="text-muted">{offerMessages.validUntil}</dt>
        <dd>{offer.until}</dd>
      </dl>
      {refusal ? (
        <p role="alert" className="rounded-md border border-danger/50 bg-danger/10 p-3 font-semibold text-sm">
          {refusal}
        </p>
      ) : null}
      <Form method="post" className="grid gap-4" data-testid="ticket-offer-form">
        <input type="hidden" name="intent" value={BUY_INTENT} />
        <Field label="Imię osoby z biletem" errors={errorsOf(answer, "firstName")} required>
          <Input name="firstName" autoComplete="given-name" required maxLength={ATTENDEE_NAME_MAX} />
        </Field>
        <Field label="Nazwisko osoby z biletem" errors={errorsOf(answer, "lastName")} required>
          <Input name="lastName" autoComplete="family-name" required maxLength={ATTENDEE_NAME_MAX} />
        </Field>
        <Field
          orientation="horizontal"
          errors={errorsOf(answer, "adult")}
          required
          label={<span className="font-normal leading-snug">{ADULT_CONFIRMATION_LABEL}</span>}
        >
          <Checkbox name="adult" required />
        </Field>
        <Button type="submit" disabled={navigation.state !== "idle"}>
          {offerMessages.buy}
        </Button>
      </Form>
    </TicketLinkPage>
  );
}
