/**
 * Pages that depend on time alone (which night leads the landing page, whether a night still sells)
 * go stale at a known instant. Loaders state that instant here; the server's page cache listens
 * (server/app.ts) and drops what it keeps once the instant has passed (decision 022).
 */
type Listener = (at: Date) => void;

let listener: Listener | undefined;

/** Registers the one listener (the page cache); `undefined` removes it. */
export function onPageExpiry(next: Listener | undefined) {
  listener = next;
}

/** Says that pages rendered now must not be served at or after `at` (null: nothing known). */
export function expirePagesAt(at: Date | null) {
  if (at) listener?.(at);
}
