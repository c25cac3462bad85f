import { useSyncExternalStore } from "react";
import { ENHANCED_FIELD } from "~/lib/form-contract";

const subscribeNothing = () => () => {};

/**
 * `_enhanced`, only once the page has hydrated: the action then answers with data (a toast), while
 * the same form sent before or without scripts gets a 303 with the message as a flash.
 */
export function EnhancedField() {
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  return hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null;
}
