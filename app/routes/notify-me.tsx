// "Powiadom mnie", one route for its three addresses (one entry of the route manifest every page
// loads, decision 010's budget):
// - /powiadom-mnie: the form's action (handleFormAction, intent `subscribe`). A fetcher on the product
//   page gets its answer as data; a plain form post (without scripts) goes back to the product with the
//   same words as a flash, or a refusal gets this page: the form again with its message and the typed
//   address (400).
// - /powiadom-mnie/potwierdz/:token: the confirmation e-mail's link. A GET shows the page with one
//   button and confirms nothing (mail scanners open links, issue #42); its POST confirms the alert (the
//   link once; a used, forged or expired link gets its Polish message with 400).
// - /powiadom-mnie/wypisz/:token: a notice's unsubscribe link, without a login. A GET shows the page with
//   one button and changes nothing (mail scanners open links); the POST unsubscribes — the button, or a
//   mail provider's one-click POST (RFC 8058), for which this path is exempt from the cross-site check
//   (app/lib/origin-check.ts). A forged, expired or already used link gets its Polish message with 400.
// Tokens are in the URL: never cached, never indexed, never sent on as a Referer. Anything else: 404.
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { handleFormAction } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { TOKEN_LINK_HEADERS, tokenLinkNotFound, tokenLinkRouteHeaders } from "~/lib/private-page";
import { clientIpOf } from "~/lib/request-context";
import { siteFromMatches } from "~/lib/seo";
import { NotifyMeForm } from "~/modules/stock-alerts/components/notify-me-form";
import { StockAlertPage } from "~/modules/stock-alerts/components/stock-alert-page";
import {
  postedAlertProduct,
  type StockAlertResult,
  stockAlertForm,
} from "~/modules/stock-alerts/stock-alert-form.server";
import { stockAlertMessages } from "~/modules/stock-alerts/stock-alert-texts";
import {
  type ConfirmOutcome,
  confirmStockAlert,
  findConfirmation,
  findUnsubscribe,
  type UnsubscribeOutcome,
  unsubscribeStockAlert,
} from "~/modules/stock-alerts/stock-alerts.server";
import type { Route } from "./+types/notify-me";

const CONFIRM = "potwierdz";
const UNSUBSCRIBE = "wypisz";

export const headers: Route.HeadersFunction = tokenLinkRouteHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) => [
  {
    title: `${params.link === CONFIRM ? "Potwierdzenie powiadomienia" : params.link === UNSUBSCRIBE ? "Wypisanie z powiadomienia" : "Powiadom mnie"} | ${siteFromMatches(matches).name}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

const confirmProblems = {
  invalid: stockAlertMessages.confirmInvalid,
  expired: stockAlertMessages.confirmExpired,
  notified: stockAlertMessages.confirmNotified,
} as const;

/** The confirmation link's page (`find`, a GET) or its button's answer (`confirmStockAlert`, the POST). */
async function confirmAnswer(work: () => Promise<ConfirmOutcome>) {
  try {
    const outcome = await work();
    if (outcome.status === "confirmed" || outcome.status === "ready") {
      // The status said outright: after the button's POST the document's status is the action's only
      // when it sets one, and the loader run after it finds the link used (400).
      return data({ link: CONFIRM, ...outcome } as const, { status: 200, headers: TOKEN_LINK_HEADERS });
    }
    return data(
      { link: CONFIRM, status: outcome.status, message: confirmProblems[outcome.status] } as const,
      {
        status: 400,
        headers: TOKEN_LINK_HEADERS,
      },
    );
  } catch (error) {
    logger.error({ err: error }, "stock alert confirmation failed");
    return data({ link: CONFIRM, status: "unavailable", message: stockAlertMessages.unavailable } as const, {
      status: 503,
      headers: TOKEN_LINK_HEADERS,
    });
  }
}

type UnsubscribeAnswer = UnsubscribeOutcome | { status: "unavailable"; product: null };

async function unsubscribeAnswer(work: () => Promise<UnsubscribeOutcome>) {
  let outcome: UnsubscribeAnswer;
  try {
    outcome = await work();
  } catch (error) {
    logger.error({ err: error }, "stock alert unsubscribe failed");
    outcome = { status: "unavailable", product: null };
  }
  const status =
    outcome.status === "ready" || outcome.status === "unsubscribed"
      ? 200
      : outcome.status === "unavailable"
        ? 503
        : 400;
  return data({ link: UNSUBSCRIBE, ...outcome } as const, { status, headers: TOKEN_LINK_HEADERS });
}

export async function loader({ params }: Route.LoaderArgs) {
  if (!params.link && !params.token) return { link: null };
  if (params.link === CONFIRM && params.token) {
    const token = params.token;
    return confirmAnswer(() => findConfirmation(token));
  }
  if (params.link === UNSUBSCRIBE && params.token) {
    const token = params.token;
    return unsubscribeAnswer(() => findUnsubscribe(token));
  }
  return tokenLinkNotFound();
}

/**
 * The form's answer. A plain form's success goes back to the product with the words the script shows
 * in place; its refusal is this page, which shows the product's form again: a 400 carries the product
 * the posted form names (a 429 or a 503 does not: its message stands alone).
 */
async function subscribeAnswer(request: Request, ip: string) {
  const form = stockAlertForm(ip);
  const answer = await handleFormAction(request, form.intents, {
    invalidRequest: stockAlertMessages.failure,
    plain: { redirectTo: form.backTo },
  });
  if (answer instanceof Response || answer.data.ok || answer.init?.status !== 400) return answer;
  const posted = answer.data.result?.initialValue;
  const product = posted ? await postedAlertProduct(posted.productId, posted.variantId) : null;
  return product ? data<StockAlertResult>({ ...answer.data, product }, answer.init) : answer;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!params.link && !params.token) return subscribeAnswer(request, clientIpOf(context));
  // The body is not read: the token says which alert, and a one-click POST carries nothing else.
  if (!params.token) return tokenLinkNotFound();
  const token = params.token;
  if (params.link === CONFIRM) return confirmAnswer(() => confirmStockAlert(token));
  if (params.link !== UNSUBSCRIBE) return tokenLinkNotFound();
  return unsubscribeAnswer(() => unsubscribeStockAlert(token));
}

const problems = {
  already: stockAlertMessages.alreadyUnsubscribed,
  invalid: stockAlertMessages.unsubscribeInvalid,
  expired: stockAlertMessages.unsubscribeExpired,
  unavailable: stockAlertMessages.unavailable,
} as const;

function ShopLink() {
  return (
    <Button asChild variant="secondary" className="w-full">
      <Link to="/merch">Przejdź do sklepu</Link>
    </Button>
  );
}

export default function NotifyMe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.link === null) {
    return <SubscriptionAnswer answer={actionData && !("link" in actionData) ? actionData : undefined} />;
  }
  if (loaderData.link === CONFIRM) {
    const outcome =
      actionData && "link" in actionData && actionData.link === CONFIRM ? actionData : loaderData;
    if (outcome.status === "confirmed" || outcome.status === "ready") {
      const { product } = outcome;
      const named = `„${product.name}”${product.sizeLabel ? `, rozmiar ${product.sizeLabel}` : ""}`;
      if (outcome.status === "ready") {
        return (
          <StockAlertPage title="Potwierdź powiadomienie" tone="info" testId="stock-alert-confirm">
            <p className="text-foreground/90 leading-relaxed">
              {stockAlertMessages.confirmAsk} Produkt: {named}.
            </p>
            {/* A plain form: works before scripts; only this press confirms. */}
            <Form method="post" className="grid">
              <Button type="submit" disabled={navigation.state !== "idle"}>
                Potwierdzam
              </Button>
            </Form>
          </StockAlertPage>
        );
      }
      return (
        <StockAlertPage title="Powiadomienie potwierdzone" tone="success" testId="stock-alert-confirmed">
          <p role="status" className="text-foreground/90 leading-relaxed">
            {stockAlertMessages.confirmed} Produkt: {named}.
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
          {"message" in outcome ? outcome.message : stockAlertMessages.confirmInvalid}
        </p>
        <ShopLink />
      </StockAlertPage>
    );
  }

  const outcome =
    actionData && "link" in actionData && actionData.link === UNSUBSCRIBE ? actionData : loaderData;
  const productName = outcome.product
    ? `„${outcome.product.name}”${outcome.product.sizeLabel ? `, rozmiar ${outcome.product.sizeLabel}` : ""}`
    : null;
  if (outcome.status === "unsubscribed") {
    return (
      <StockAlertPage title="Wypisano" tone="success" testId="stock-alert-unsubscribed">
        <p role="status" className="text-foreground/90 leading-relaxed">
          {stockAlertMessages.unsubscribed} ({productName})
        </p>
        <ShopLink />
      </StockAlertPage>
    );
  }
  if (outcome.status === "ready") {
    return (
      <StockAlertPage title="Wypisać Cię?" tone="info" testId="stock-alert-unsubscribe">
        {outcome.notified ? (
          // The alert's one notice went out: nothing waits, and the page says so (issue #42).
          <p className="text-foreground/90 leading-relaxed">
            Adres <strong>{outcome.email}</strong>, produkt {productName}: {stockAlertMessages.noticeSent}{" "}
            Możesz mimo to wypisać adres z tego powiadomienia.
          </p>
        ) : (
          <p className="text-foreground/90 leading-relaxed">
            Adres <strong>{outcome.email}</strong> czeka na wiadomość o produkcie {productName}. Po wypisaniu
            nie wyślemy jej.
          </p>
        )}
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
      <ShopLink />
    </StockAlertPage>
  );
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

function SubscriptionAnswer({ answer: actionData }: { answer?: StockAlertResult }) {
  if (actionData?.ok && actionData.product) {
    return (
      <StockAlertPage title="Sprawdź skrzynkę" tone="success" testId="notify-me-sent">
        <p className="text-foreground/90 leading-relaxed" role="status">
          {actionData.message}
        </p>
        <BackLink slug={actionData.product.slug} />
      </StockAlertPage>
    );
  }
  if (actionData && !actionData.ok) {
    const { product } = actionData;
    const fieldErrors = actionData.result?.error;
    // A field to correct: the form again; any other refusal (available, too many tries…): its message.
    const correctable = Boolean(fieldErrors?.email || fieldErrors?.consent);
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
