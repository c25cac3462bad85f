/** The wishlist: product ids in local storage, on this device only (SPEC: "wishlist toggle (local only)"). */
import { useCallback, useEffect, useState } from "react";

export const WISHLIST_KEY = "nokturn-wishlist";

function read(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(WISHLIST_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Whether a product is on the wishlist, and a toggle. False until read after hydration. */
export function useWishlist(productId: string) {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    setSaved(read().includes(productId));
  }, [productId]);
  const toggle = useCallback(() => {
    const ids = read();
    const next = ids.includes(productId) ? ids.filter((id) => id !== productId) : [...ids, productId];
    try {
      window.localStorage.setItem(WISHLIST_KEY, JSON.stringify(next));
    } catch {
      // Storage unavailable: the heart still reflects the choice for this page.
    }
    setSaved(next.includes(productId));
    return next.includes(productId);
  }, [productId]);
  return { saved, toggle };
}
