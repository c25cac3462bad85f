/**
 * Whether the page has hydrated, and the form field that says so (decision 035): a form carries
 * `_enhanced` only once scripts run it, so its action answers with data (a toast); the same form sent
 * before or without scripts gets a 303 with the message as a flash.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
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

/**
 * A controlled field's ref that takes over what was typed before hydration (decision 044: scripts
 * start on `load`, a slow phone's visitor may type first). React leaves the typed text in the field
 * when it hydrates but its state does not know it, so the next render would put the state back;
 * once hydrated, a value the field holds that differs from the rendered one is handed to `adopt`.
 */
export function useTypedBeforeHydration(rendered: string, adopt: (typed: string) => void) {
  const field = useRef<HTMLInputElement>(null);
  const first = useRef({ rendered, adopt });
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== first.current.rendered) first.current.adopt(typed);
  }, []);
  return field;
}
