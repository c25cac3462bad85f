/**
 * Starting checkout from the browser (the cart's 'Zamawiam z obowiązkiem zapłaty' and the navigation
 * preview's 'Przejdź do płatności'). Sends only ids, quantities, delivery, locker and discount code to
 * POST /api/checkout; the server prices everything. See issue 6 for the endpoint.
 */
import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/components/ui/toaster";
import type { ParcelLocker } from "../../../db/schema";
import type { CartItem } from "./cart";
import type { CheckoutRequest } from "./cart.schema";
import type { DeliveryChoice } from "./delivery-choice";
import { LOCKER_REQUIRED_MESSAGE, LOCKER_REQUIRED_TITLE } from "./limits";

export const CHECKOUT_ENDPOINT = "/api/checkout";
export const PAYMENT_ERROR_TITLE = "Błąd płatności";
export const PAYMENT_ERROR_MESSAGE = "Płatności chwilowo niedostępne. Spróbuj ponownie za chwilę.";

export type CheckoutOutcome =
  | { ok: true; url: string }
  | { ok: false; title: string; message: string; productId?: string; field?: "email" };

export function buildCheckoutRequest(input: {
  items: readonly Pick<CartItem, "productId" | "variantId" | "quantity">[];
  delivery: DeliveryChoice;
  discountCode: string | null;
  /** A guest's e-mail, asked in the cart only for a first-order code. */
  email?: string | null;
}): CheckoutRequest {
  const locker: ParcelLocker | null = input.delivery.method === "inpost" ? input.delivery.locker : null;
  return {
    lines: input.items.map((item) => ({
      productId: item.productId,
      variantId: item.variantId,
      quantity: item.quantity,
    })),
    deliveryMethod: input.delivery.method,
    locker: locker
      ? {
          id: locker.id,
          name: locker.name,
          address: { line1: locker.address.line1, line2: locker.address.line2 ?? "" },
        }
      : null,
    discountCode: input.discountCode,
    ...(input.email ? { email: input.email.trim() } : {}),
  };
}

/**
 * Asks the server for a payment session. Never throws: every failure becomes a Polish title and
 * message for a toast. InPost without a locker is refused here, before any request.
 */
export async function requestCheckout(
  request: CheckoutRequest,
  fetcher: typeof fetch = fetch,
): Promise<CheckoutOutcome> {
  if (request.deliveryMethod === "inpost" && !request.locker) {
    return { ok: false, title: LOCKER_REQUIRED_TITLE, message: LOCKER_REQUIRED_MESSAGE };
  }
  const unavailable = { ok: false, title: PAYMENT_ERROR_TITLE, message: PAYMENT_ERROR_MESSAGE } as const;
  let response: Response;
  try {
    response = await fetcher(CHECKOUT_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request),
      credentials: "same-origin",
    });
  } catch {
    return unavailable;
  }
  const body = (await response.json().catch(() => null)) as {
    url?: unknown;
    message?: unknown;
    productId?: unknown;
    field?: unknown;
  } | null;
  if (response.ok) {
    // Internally 'Nie otrzymano URL do płatności' (SPEC §8): shown as the generic payment error.
    if (typeof body?.url === "string" && body.url.length > 0) return { ok: true, url: body.url };
    return unavailable;
  }
  if (
    (response.status === 409 || response.status === 400 || response.status === 429) &&
    typeof body?.message === "string" &&
    body.message
  ) {
    return {
      ok: false,
      title: response.status === 409 ? "Produkt niedostępny" : "Nie można złożyć zamówienia",
      message: body.message,
      productId: typeof body.productId === "string" ? body.productId : undefined,
      field: body.field === "email" ? "email" : undefined,
    };
  }
  return unavailable;
}

/**
 * The busy state and the call, with toasts. `busy` stays true after success while the browser leaves
 * for the payment page, so the button keeps reading 'Przekierowywanie...'.
 */
export function useStartCheckout() {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  // Coming back from the payment page through the back/forward cache: the button is usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
  const start = useCallback(
    async (input: Parameters<typeof buildCheckoutRequest>[0]): Promise<CheckoutOutcome | null> => {
      if (busy) return null;
      const request = buildCheckoutRequest(input);
      if (request.deliveryMethod === "inpost" && !request.locker) {
        toast.error(LOCKER_REQUIRED_TITLE, { description: LOCKER_REQUIRED_MESSAGE });
        return null;
      }
      setBusy(true);
      const outcome = await requestCheckout(request);
      if (outcome.ok) {
        window.location.assign(outcome.url);
        return outcome;
      }
      setBusy(false);
      toast.error(outcome.title, { description: outcome.message });
      // The e-mail for a first-order code is asked in the cart: the navigation's preview goes there.
      if (outcome.field === "email" && location.pathname !== "/cart") navigate("/cart");
      return outcome;
    },
    [busy, location.pathname, navigate],
  );
  return { start, busy };
}
