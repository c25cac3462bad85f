// /powiadom-mnie/wypisz/:token: the unsubscribe link of a stock notice, without a login. A GET shows
// the page with one button and changes nothing (mail scanners open links); the POST unsubscribes —
// the page's button, or a mail provider's one-click POST (RFC 8058, `List-Unsubscribe=One-Click`), for
// which this path is exempt from the cross-site check (app/lib/origin-check.ts). A forged link, or one
// already used, gets its Polish message with 400.
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { logger } from "~/lib/logger.server";
import { siteFromMatches } from "~/lib/seo";
import { StockAlertPage } from "~/modules/stock-alerts/components/stock-alert-page";
import { stockAlertMessages } from "~/modules/stock-alerts/stock-alert-texts";
import {
  findUnsubscribe,
  type UnsubscribeOutcome,
  unsubscribeStockAlert,
} from "~/modules/stock-alerts/stock-alerts.server";
import type { Route } from "./+types/notify-me-unsubscribe";

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
};

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Wypisanie z powiadomienia | ${siteFromMatches(matches).name}` },
  { name: "robots", content: "noindex, nofollow" },
];

type Answer = UnsubscribeOutcome | { status: "unavailable"; product: null };

function answer(outcome: Answer) {
  const status =
    outcome.status === "ready" || outcome.status === "unsubscribed"
      ? 200
      : outcome.status === "unavailable"
        ? 503
        : 400;
  return data(outcome, { status, headers: PRIVATE_HEADERS });
}

async function orUnavailable(work: () => Promise<UnsubscribeOutcome>): Promise<Answer> {
  try {
    return await work();
  } catch (error) {
    logger.error({ err: error }, "stock alert unsubscribe failed");
    return { status: "unavailable", product: null };
  }
}

export async function loader({ params }: Route.LoaderArgs) {
  return answer(await orUnavailable(() => findUnsubscribe(params.token)));
}

// The body is not read: the token says which alert, and a one-click POST carries nothing else.
export async function action({ params }: Route.ActionArgs) {
  return answer(await orUnavailable(() => unsubscribeStockAlert(params.token)));
}

const problems = {
  already: stockAlertMessages.alreadyUnsubscribed,
  invalid: stockAlertMessages.unsubscribeInvalid,
  unavailable: stockAlertMessages.unavailable,
} as const;

export default function UnsubscribeStockAlert({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const outcome: Answer = actionData ?? loaderData;
  const productName = outcome.product
    ? `„${outcome.product.name}”${outcome.product.sizeLabel ? `, rozmiar ${outcome.product.sizeLabel}` : ""}`
    : null;

  if (outcome.status === "unsubscribed") {
    return (
      <StockAlertPage title="Wypisano" tone="success" testId="stock-alert-unsubscribed">
        <p role="status" className="text-foreground/90 leading-relaxed">
          {stockAlertMessages.unsubscribed} ({productName})
        </p>
        <Button asChild variant="secondary" className="w-full">
          <Link to="/merch">Przejdź do sklepu</Link>
        </Button>
      </StockAlertPage>
    );
  }
  if (outcome.status === "ready") {
    return (
      <StockAlertPage title="Wypisać Cię?" tone="info" testId="stock-alert-unsubscribe">
        <p className="text-foreground/90 leading-relaxed">
          Adres <strong>{outcome.email}</strong> czeka na wiadomość o produkcie {productName}. Po wypisaniu
          nie wyślemy jej.
        </p>
        <Form method="post" className="grid">
          <Button type="submit" disabled={navigation.state !== "idle"}>
            Wypisz mnie
          </Button>
        </Form>
      </StockAlertPage>
    );
  }
  return (
    <StockAlertPage title="Nie można wypisać" tone="problem" testId="stock-alert-unsubscribe-failed">
      <p role="alert" className="font-semibold text-foreground">
        {problems[outcome.status]}
      </p>
      <Button asChild variant="secondary" className="w-full">
        <Link to="/merch">Przejdź do sklepu</Link>
      </Button>
    </StockAlertPage>
  );
}
