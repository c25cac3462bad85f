import { createContext as createReactContext, useContext } from "react";

/** The nonce during server rendering; browsers hide it from the DOM, so it is empty after hydration. */
export const NonceContext = createReactContext("");

export function useNonce() {
  return useContext(NonceContext);
}

/**
 * Runs before any module script (classic inline scripts run while the page is parsed; modules wait
 * for the end): zod would otherwise probe `new Function` when the first schema is built, which the
 * CSP (no 'unsafe-eval') blocks and reports as a violation. Jitless zod validates the same, by hand.
 */
export const BOOTSTRAP_SCRIPT =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
