/**
 * The browser side of the cart's forms (decision 031): every cart control is a plain HTML form posting
 * to `/cart`, which works without scripts and before hydration (the action answers with a redirect
 * back and the same message as a flash);
 * once the page has hydrated the same form runs as a fetcher and carries `_enhanced`, so the action
 * answers with data and the page updates in place (optimistically while it is sent).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  type FetcherWithComponents,
  useFetcher,
  useFetchers,
  useLocation,
  useNavigation,
} from "react-router";
import { EnhancedField, useHydrated } from "~/components/enhanced-field";
import { toast } from "~/components/ui/toaster";
import { ENHANCED_FIELD, noticeOf } from "~/lib/form-contract";
import { useEachNewValue } from "~/lib/use-each-new-value";
import { isCartAction } from "./cart-count";
import { CART_ACTION, type CartIntent, type CartResult } from "./cart-view";

export { useHydrated };

/**
 * The hidden fields every cart form carries: its intent and, only after hydration, `_enhanced` (a
 * plain submission, without it, is answered by a redirect).
 */
export function CartFormFields({ intent }: { intent: CartIntent }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <EnhancedField />
    </>
  );
}

/** Where a plain form goes back to with its message (the page it is on: a product page's add). */
export function ReturnHere() {
  const { pathname, search } = useLocation();
  return <input type="hidden" name="returnTo" value={`${pathname}${search}`} />;
}

/** The fields of a submission made from script (a radio's change, the locker map's choice). */
export function enhancedFields(intent: CartIntent, fields: Record<string, string> = {}) {
  return { intent, [ENHANCED_FIELD]: "1", ...fields };
}

/** Options for `fetcher.submit` of a cart form. */
export const CART_SUBMIT = { method: "post", action: CART_ACTION } as const;

/**
 * `onSubmit` of a fetcher form whose optimistic state must be on screen before the next tap (a second
 * "+" must send 3, not 2 again): the fetcher's state is committed synchronously (`flushSync`).
 */
export function submitAtOnce(fetcher: Pick<CartFetcher, "submit">) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const target =
      submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement
        ? submitter
        : event.currentTarget;
    void fetcher.submit(target, { ...CART_SUBMIT, flushSync: true });
  };
}

export { isCartAction, useCartCount } from "./cart-count";

export type CartFetcher = FetcherWithComponents<CartResult>;

// Each answer is reported once, even when a keyed fetcher's component mounts again with it.
const reported = new WeakSet<object>();

/**
 * A fetcher for one cart form. Its answer is handed to `onResult` once; a refusal (ok: false) is shown
 * as a toast unless `onResult` returns true (it showed it itself).
 */
export function useCartFetcher({
  key,
  onResult,
}: {
  key?: string;
  onResult?(result: CartResult): unknown;
} = {}): CartFetcher {
  const fetcher = useFetcher<CartResult>(key ? { key } : undefined);
  useEachNewValue(fetcher.data, (result) => {
    if (typeof result !== "object" || reported.has(result)) return;
    reported.add(result);
    const handled = onResult?.(result);
    if (!result.ok && handled !== true) {
      const notice = noticeOf(result);
      toast.error(notice.title, { description: notice.description });
    }
  });
  return fetcher;
}

/** The submitted value of a field while the fetcher's submission is under way (optimistic UI). */
export function pendingField(fetcher: Pick<CartFetcher, "state" | "formData">, name: string) {
  if (fetcher.state === "idle" || !fetcher.formData) return null;
  const value = fetcher.formData.get(name);
  return typeof value === "string" ? value : null;
}

/** A refusal of this fetcher's last submission, once it has settled (for inline messages). */
export function settledRefusal(fetcher: Pick<CartFetcher, "state" | "data">) {
  const result = fetcher.data;
  return fetcher.state === "idle" && result && !result.ok ? result : null;
}

/** Some cart form's submission is under way (the totals are about to change). */
export function useCartBusy() {
  return useFetchers().some(
    (fetcher) =>
      fetcher.state !== "idle" && fetcher.formData !== undefined && isCartAction(fetcher.formAction),
  );
}

/**
 * The checkout form is being sent, or its answer (the payment page) is loading: the buttons read
 * 'Przekierowywanie...'. A page restored from the back/forward cache (the buyer came back from the
 * payment provider) still holds that navigation: it no longer counts.
 */
export function useCheckingOut() {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    isCartAction(navigation.formAction) &&
    navigation.formData?.get("intent") === "checkout"
      ? navigation.formData
      : null;
  const [leftBehind, setLeftBehind] = useState<FormData | null>(null);
  const current = useRef(pending);
  current.current = pending;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeftBehind(current.current);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
  return pending !== null && pending !== leftBehind;
}
