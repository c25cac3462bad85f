// /powiadom-mnie: the "Powiadom mnie" form's action. A fetcher on the product page gets its answer as
// data; a plain form post (before hydration) gets this page: the same words whatever the address's
// state, or the form again with its message and the typed address (400).
import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { clientIp } from "~/lib/request.server";
import { siteFromMatches } from "~/lib/seo";
import { NotifyMeForm } from "~/modules/stock-alerts/components/notify-me-form";
import { StockAlertPage } from "~/modules/stock-alerts/components/stock-alert-page";
import { handleStockAlertSubmission } from "~/modules/stock-alerts/stock-alerts.server";
import type { Route } from "./+types/notify-me";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Powiadom mnie | ${siteFromMatches(matches).name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** Never kept by a cache; the rate limit's Retry-After passes on to the page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function action({ request }: Route.ActionArgs) {
  const outcome = await handleStockAlertSubmission(request, clientIp(request));
  return data(outcome.data, { status: outcome.status, headers: outcome.headers });
}

function BackLink({ slug }: { slug: string | null }) {
  return (
    <Button asChild variant="secondary" className="w-full">
      {slug ? (
        <Link to={`/merch/${slug}`}>Wróć do produktu</Link>
      ) : (
        <Link to="/merch">Przejdź do sklepu</Link>
      )}
    </Button>
  );
}

export default function NotifyMe({ actionData }: Route.ComponentProps) {
  if (actionData?.status === "sent") {
    return (
      <StockAlertPage title="Sprawdź skrzynkę" tone="success" testId="notify-me-sent">
        <p className="text-foreground/90 leading-relaxed" role="status">
          {actionData.message}
        </p>
        <BackLink slug={actionData.product.slug} />
      </StockAlertPage>
    );
  }
  if (actionData?.status === "error") {
    const { product, fieldErrors } = actionData;
    // A field to correct: the form again; any other refusal (available, too many tries…): its message.
    const correctable = Boolean(fieldErrors.email || fieldErrors.consent);
    return (
      <StockAlertPage title="Powiadom mnie" tone="problem" testId="notify-me-refused">
        {product && correctable ? (
          <>
            <p className="text-foreground/90">
              „{product.name}”{product.sizeLabel ? `, rozmiar ${product.sizeLabel}` : ""}
            </p>
            {/* The message shows inside the form, beside its field or above it. */}
            <NotifyMeForm productId={product.id} variantId={product.variantId} answer={actionData} />
          </>
        ) : (
          <p role="alert" className="font-semibold text-foreground">
            {actionData.message}
          </p>
        )}
        <BackLink slug={product?.slug ?? null} />
      </StockAlertPage>
    );
  }
  return (
    <StockAlertPage title="Powiadom mnie" tone="info" testId="notify-me-empty">
      <p className="text-foreground/90 leading-relaxed">
        O dostępności produktu powiadomimy Cię z jego strony: przy wyprzedanym rozmiarze albo przed premierą
        znajdziesz formularz „Powiadom mnie”.
      </p>
      <BackLink slug={null} />
    </StockAlertPage>
  );
}
