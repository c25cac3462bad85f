import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { cartStorageKey } from "~/lib/site";
import { useEachNewValue } from "~/lib/use-each-new-value";
import { CART_SUBMIT, enhancedFields } from "../cart-forms-client";
import type { CartResult } from "../cart-view";
import { parseStoredCart } from "../legacy-local-cart";

/** Session-storage keys of the old cart page (delivery choice, applied code), removed with the cart. */
const OLD_SESSION_KEYS = ["deliveryChoice", "appliedDiscount"];

function readOldCart(key: string) {
  try {
    return parseStoredCart(window.localStorage.getItem(key)).map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      quantity: line.quantity,
    }));
  } catch {
    // Storage disabled (private mode, a sandbox): nothing to take over.
    return [];
  }
}

function forgetOldCart(key: string) {
  try {
    window.localStorage.removeItem(key);
    for (const name of OLD_SESSION_KEYS) window.sessionStorage.removeItem(name);
  } catch {
    // Storage refused: the lines are on the server already.
  }
}

let attempted = false;

/**
 * Takes a cart stored the old way (local storage, decision 026) over into the server's cart, once: its
 * lines are sent to the cart (intent `takeover`); once the server has them, the stored copy and the
 * old session choices are removed. Renders nothing.
 */
export function CartTakeover({ siteSlug }: { siteSlug: string }) {
  // Keyed: its answer outlives a remount of the shell (an error page), so the copy is still removed.
  const fetcher = useFetcher<CartResult>({ key: "cart-takeover" });
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  const key = cartStorageKey({ slug: siteSlug });

  // Loaded by CartTakeoverGate once the browser was idle and an old cart was found: sent at once.
  useEffect(() => {
    if (attempted) return;
    attempted = true;
    const lines = readOldCart(key);
    if (lines.length > 0) {
      void submit.current(enhancedFields("takeover", { lines: JSON.stringify(lines) }), CART_SUBMIT);
    }
  }, [key]);

  useEachNewValue(fetcher.data, (result) => {
    if (result.ok && result.intent === "takeover") forgetOldCart(key);
  });

  return null;
}
