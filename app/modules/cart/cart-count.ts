/**
 * The navigation badge's number (decision 031), apart from the cart's forms so the shell, which every
 * page loads, carries only this.
 */
import { useSyncExternalStore } from "react";
import { useFetchers, useNavigation } from "react-router";
import { CART_ACTION, readCartCount } from "./cart-view";

const subscribeNothing = () => () => {};

/** A submission to the cart's action (`/cart`, with or without React Router's `?index`-style query). */
export function isCartAction(formAction: string | undefined) {
  return formAction !== undefined && formAction.split("?")[0] === CART_ACTION;
}

/** Units an add form is sending (the bundle sends several products, each with its quantity). */
function addedUnits(formData: FormData) {
  const quantities = formData.getAll("quantity");
  const products = formData.getAll("productId").length;
  let units = 0;
  for (let index = 0; index < products; index++) {
    const value = Number(quantities[index] ?? "1");
    units += Number.isSafeInteger(value) && value > 0 ? value : 1;
  }
  return units;
}

const readCountCookie = () => readCartCount(document.cookie);
const noCount = () => 0;

/**
 * The navigation badge's number: the readable count cookie the cart's answers set (0 in the server's
 * HTML, so cached pages are the same for everyone), read again whenever a fetcher or a navigation
 * moves on, plus the units of add forms still being sent.
 */
export function useCartCount() {
  const fetchers = useFetchers();
  // A navigation (a plain cart form's redirect, a login) may have changed the cookie: read it again.
  useNavigation();
  const stored = useSyncExternalStore(subscribeNothing, readCountCookie, noCount);
  let adding = 0;
  for (const fetcher of fetchers) {
    // Once the answer is in ("loading"), the cookie already counts it.
    if (fetcher.state !== "submitting" || !isCartAction(fetcher.formAction) || !fetcher.formData) continue;
    if (fetcher.formData.get("intent") === "add") adding += addedUnits(fetcher.formData);
  }
  return stored + adding;
}
