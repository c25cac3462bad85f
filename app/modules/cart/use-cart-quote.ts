/** The cart page's view of the server's prices: re-quoted whenever lines, delivery or code change. */
import { useEffect, useRef, useState } from "react";
import type { DeliveryMethod } from "../../../db/schema";
import type { CartItem } from "./cart";
import type { CartQuote } from "./pricing";

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

export function useCartQuote(
  items: readonly CartItem[],
  deliveryMethod: DeliveryMethod,
  discountCode: string | null,
  enabled: boolean,
): QuoteState {
  const [answer, setAnswer] = useState<{ quote: CartQuote; body: string } | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const body = JSON.stringify({
    lines: items.map((item) => ({
      productId: item.productId,
      variantId: item.variantId,
      quantity: item.quantity,
    })),
    deliveryMethod,
    discountCode,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the request on retry
  useEffect(() => {
    if (!enabled) return;
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
