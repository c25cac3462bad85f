import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { cartStorageKey } from "~/lib/site";
import {
  addItem,
  type CartItem,
  cartItemsCount,
  cartTotal,
  type NewCartItem,
  parseStoredCart,
  removeItem,
  repriceItems,
  updateQuantity as updateLineQuantity,
} from "./cart";
import { cartCookieAssignment } from "./cart-cookie";

export type CartContextValue = {
  items: CartItem[];
  /** False until the stored cart has been read after hydration. */
  ready: boolean;
  addToCart(item: NewCartItem): void;
  removeFromCart(id: string): void;
  updateQuantity(id: string, quantity: number): void;
  clearCart(): void;
  getCartTotal(): number;
  getCartItemsCount(): number;
  /** Takes the server's current unit prices into the stored lines (cart page re-pricing). */
  applyServerPrices(
    prices: readonly { productId: string; variantId: string | null; unitPrice: number }[],
  ): void;
};

const CartContext = createContext<CartContextValue | null>(null);

/**
 * Mirrors the cart's lines into the cookie the server reads on `/cart` (decision 026): ids and
 * quantities only; an empty cart deletes it. Cookies disabled: the page falls back to the skeleton.
 */
function mirrorToCookie(items: CartItem[]) {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
    document.cookie = cartCookieAssignment(items, window.location.protocol === "https:");
  } catch {
    // A sandboxed document may refuse cookies: the cart itself is unaffected.
  }
}

/** Local storage may be missing or throw (private mode, disabled storage): the cart then lives in memory. */
function safeStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    const probe = "__nokturn_probe__";
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

export function CartProvider({ siteSlug, children }: { siteSlug: string; children: ReactNode }) {
  const key = cartStorageKey({ slug: siteSlug });
  const [items, setItems] = useState<CartItem[]>([]);
  const [ready, setReady] = useState(false);
  const storage = useRef<Storage | null>(null);

  // Loaded once after hydration, so the server render and the first client render agree.
  useEffect(() => {
    storage.current = safeStorage();
    const stored = parseStoredCart(storage.current?.getItem(key) ?? null);
    // Carts stored before the cookie existed get one now; a stale cookie is corrected (decision 026).
    mirrorToCookie(stored);
    // A transition: the re-render of the cart's readers is sliced like hydration, not forced into the
    // task that commits it (decision 027).
    startTransition(() => {
      setItems(stored);
      setReady(true);
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) setItems(parseStoredCart(event.newValue));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [key]);

  const commit = useCallback(
    (next: CartItem[] | ((current: CartItem[]) => CartItem[])) => {
      setItems((current) => {
        const value = typeof next === "function" ? next(current) : next;
        if (value === current) return current;
        try {
          if (value.length === 0) storage.current?.removeItem(key);
          else storage.current?.setItem(key, JSON.stringify(value));
        } catch {
          // Quota or privacy errors: keep the cart in memory for this session.
        }
        mirrorToCookie(value);
        return value;
      });
    },
    [key],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      ready,
      addToCart: (item) => commit((current) => addItem(current, item)),
      removeFromCart: (id) => commit((current) => removeItem(current, id)),
      updateQuantity: (id, quantity) => commit((current) => updateLineQuantity(current, id, quantity)),
      clearCart: () => commit([]),
      getCartTotal: () => cartTotal(items),
      getCartItemsCount: () => cartItemsCount(items),
      applyServerPrices: (prices) => commit((current) => repriceItems(current, prices)),
    }),
    [items, ready, commit],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error("useCart must be used within a CartProvider");
  return context;
}
