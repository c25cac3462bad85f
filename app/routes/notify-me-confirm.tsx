// /powiadom-mnie/potwierdz/:token: the link of the confirmation e-mail confirms the alert (once; a used,
// forged or expired link gets its Polish message with 400). The token is in the URL: never cached, never
// indexed, never sent on as a Referer.
import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { logger } from "~/lib/logger.server";
import { siteFromMatches } from "~/lib/seo";
import { StockAlertPage } from "~/modules/stock-alerts/components/stock-alert-page";
import { stockAlertMessages } from "~/modules/stock-alerts/stock-alert-texts";
import { confirmStockAlert } from "~/modules/stock-alerts/stock-alerts.server";
import type { Route } from "./+types/notify-me-confirm";

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
};

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Potwierdzenie powiadomienia | ${siteFromMatches(matches).name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params }: Route.LoaderArgs) {
  try {
    const outcome = await confirmStockAlert(params.token);
    if (outcome.status === "confirmed") return data(outcome, { headers: PRIVATE_HEADERS });
    const message =
      outcome.status === "expired" ? stockAlertMessages.confirmExpired : stockAlertMessages.confirmInvalid;
    return data({ status: outcome.status, message }, { status: 400, headers: PRIVATE_HEADERS });
  } catch (error) {
    logger.error({ err: error }, "stock alert confirmation failed");
    return data(
      { status: "unavailable" as const, message: stockAlertMessages.unavailable },
      { status: 503, headers: PRIVATE_HEADERS },
    );
  }
}

export default function ConfirmStockAlert({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === "confirmed") {
    const { product } = loaderData;
    return (
      <StockAlertPage title="Powiadomienie potwierdzone" tone="success" testId="stock-alert-confirmed">
        <p className="text-foreground/90 leading-relaxed">
          {stockAlertMessages.confirmed} Produkt: „{product.name}”
          {product.sizeLabel ? `, rozmiar ${product.sizeLabel}` : ""}.
        </p>
        <Button asChild variant="secondary" className="w-full">
          <Link to={`/merch/${product.slug}`}>Zobacz produkt</Link>
        </Button>
      </StockAlertPage>
    );
  }
  return (
    <StockAlertPage title="Link nie działa" tone="problem" testId="stock-alert-confirm-failed">
      <p role="alert" className="font-semibold text-foreground">
        {loaderData.message}
      </p>
      <Button asChild variant="secondary" className="w-full">
        <Link to="/merch">Przejdź do sklepu</Link>
      </Button>
    </StockAlertPage>
  );
}
