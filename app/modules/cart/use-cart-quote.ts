/** The cart page's view of the server's prices: re-quoted whenever lines, delivery or code change. */
import { useEffect, useRef, useState } from "react";
import type { DeliveryMethod } from "../../../db/schema";
import type { CartItem } from "./cart";
import { defaultDeliveryChoice } from "./delivery-choice";
import type { CartQuote } from "./pricing";
import type { ServerCart } from "./server-cart";

export const QUOTE_ENDPOINT = "/api/cart/prices";
const DEBOUNCE_MS = 150;

export type QuoteState = {
  quote: CartQuote | null;
  /** The shown quote answers the cart as it is now (not an older one). */
  fresh: boolean;
  /** A request for the current cart is in flight (the shown quote may be stale). */
  loading: boolean;
  /** The last request failed; checkout is still possible (the server re-prices anyway). */
  error: boolean;
  retry(): void;
};

/** The request body for a cart: what identifies the answer (ids, quantities, delivery, code). */
export function quoteRequestBody(
  items: readonly CartItem[],
  deliveryMethod: DeliveryMethod,
  discountCode: string | null,
) {
  return JSON.stringify({
    lines: items.map((item) => ({
      productId: item.productId,
      variantId: item.variantId,
      quantity: item.quantity,
    })),
    deliveryMethod,
    discountCode,
  });
}

/**
 * `serverCart`: the quote the server rendered the page with (decision 026), for its lines with the
 * default delivery and no code. It is the first answer; while the cart asks exactly that, no request
 * is sent for it.
 */
export function useCartQuote(
  items: readonly CartItem[],
  deliveryMethod: DeliveryMethod,
  discountCode: string | null,
  enabled: boolean,
  serverCart: ServerCart | null = null,
): QuoteState {
  const [answer, setAnswer] = useState<{ quote: CartQuote; body: string } | null>(() =>
    serverCart
      ? {
          quote: serverCart.quote,
          body: quoteRequestBody(serverCart.items, defaultDeliveryChoice.method, null),
        }
      : null,
  );
  const serverBody = useRef(answer?.body ?? null);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const body = quoteRequestBody(items, deliveryMethod, discountCode);

  // `attempt` re-runs the request on retry.
  useEffect(() => {
    if (!enabled) return;
    // The server already answered this very cart (once: a later return to it asks again).
    if (serverBody.current !== null && serverBody.current === body && attempt === 0) {
      serverBody.current = null;
      setLoading(false);
      return;
    }
    serverBody.current = null;
    setLoading(true);
    const timer = setTimeout(async () => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      try {
        const response = await fetch(QUOTE_ENDPOINT, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body,
          signal: current.signal,
        });
        if (!response.ok) throw new Error(`quote ${response.status}`);
        const next = (await response.json()) as CartQuote;
        if (current.signal.aborted) return;
        setAnswer({ quote: next, body });
        setError(false);
        setLoading(false);
      } catch {
        if (current.signal.aborted) return;
        setError(true);
        setLoading(false);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [body, enabled, attempt]);

  useEffect(() => () => controller.current?.abort(), []);

  return {
    quote: answer?.quote ?? null,
    fresh: answer?.body === body,
    loading,
    error,
    retry: () => setAttempt((value) => value + 1),
  };
}
