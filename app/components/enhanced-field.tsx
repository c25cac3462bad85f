/**
 * Whether the page has hydrated, and the form field that says so (decision 035): a form carries
 * `_enhanced` only once scripts run it, so its action answers with data (a toast); the same form sent
 * before or without scripts gets a 303 with the message as a flash.
 */
import { useSyncExternalStore } from "react";
import { ENHANCED_FIELD } from "~/lib/form-contract";

const subscribeNothing = () => () => {};

/** False in the server's HTML and during hydration, true once React runs the page. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export function EnhancedField() {
  return useHydrated() ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null;
}
