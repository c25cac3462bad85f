import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toaster";
import { useCartBusy, useHydrated } from "./cart-forms-client";
import {
  type CartRefusal,
  emailRefusalOf,
  generalRefusalOf,
  refusalNotice,
  untoasted,
  visibleRefusal,
} from "./cart-page-state";
import type { CartNotice } from "./cart-view";

// Each notice and each answer of a plain form is toasted once.
const toasted = new WeakSet<object>();

/**
 * With scripts, what the server changed on its own and a refused checkout (a navigation's form: it
 * leaves for the payment page) are toasts too; the page shows them either way.
 */
export function useCartToasts(notice: CartNotice | null, refusal: CartRefusal | null) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    for (const message of untoasted<CartNotice | CartRefusal>([notice, refusal], toasted)) {
      const shown = "ok" in message ? refusalNotice(message) : message;
      toast.error(shown.title, { description: shown.message });
    }
  }, [hydrated, notice, refusal]);
}

/**
 * Where the refusal of the last plain form is shown: it stays until the cart changes again; one
 * about the e-mail is shown (and focused) at the field, one about another field of its own at that
 * field, the rest (`general`) above the summary.
 */
export function useCartRefusal(shown: CartRefusal | null) {
  const busy = useCartBusy();
  const [dismissed, setDismissed] = useState<CartRefusal | null>(null);
  useEffect(() => {
    if (busy) setDismissed(shown);
  }, [busy, shown]);
  const refusal = visibleRefusal(shown, dismissed);

  const emailRefusal = emailRefusalOf(refusal);
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (emailRefusal) emailRef.current?.focus();
  }, [emailRefusal]);

  return { busy, refusal, emailRefusal, emailRef, general: generalRefusalOf(refusal) };
}
