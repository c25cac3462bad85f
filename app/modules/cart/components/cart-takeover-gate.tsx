import { lazy, Suspense, useEffect, useState } from "react";
import { cartStorageKey } from "~/lib/site";

// The takeover (a fetcher, the old cart's parser) loads only for a browser that still has an old cart.
const CartTakeover = lazy(() =>
  import("./cart-takeover").then((module) => ({ default: module.CartTakeover })),
);

/**
 * Looks, once the browser is idle after hydration, for a cart stored the old way (local storage,
 * decision 026) and only then loads the takeover, which sends it to the server's cart (decision 031).
 * Every other visitor pays one storage read.
 */
export function CartTakeoverGate({ siteSlug }: { siteSlug: string }) {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const look = () => {
      try {
        if (window.localStorage.getItem(cartStorageKey({ slug: siteSlug }))) setNeeded(true);
      } catch {
        // Storage disabled: there is no old cart to take over.
      }
    };
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(look, { timeout: 3_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(look, 200);
    return () => clearTimeout(timer);
  }, [siteSlug]);
  return needed ? (
    <Suspense fallback={null}>
      <CartTakeover siteSlug={siteSlug} />
    </Suspense>
  ) : null;
}
