import { createContext as createReactContext, useContext } from "react";
import { START_MODULES_AFTER_LOAD } from "~/lib/module-start";

/** The nonce during server rendering; browsers hide it from the DOM, so it is empty after hydration. */
export const NonceContext = createReactContext("");

export function useNonce() {
  return useContext(NonceContext);
}

/**
 * Runs before any module script: zod would otherwise probe `new Function` when the first schema is
 * built, which the CSP (no 'unsafe-eval') blocks and reports as a violation. Jitless zod validates the
 * same, by hand. In the document's head (root.tsx), not as React's bootstrap script at the end of the
 * body: React Router's module script is `async`, so with its modules cached it ran before the parser
 * reached that script (a violation on /auth, once in a run). Then: the app's modules wait for `load`
 * (decision 044, `module-start.ts`).
 */
export const BOOTSTRAP_SCRIPT = `globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});${START_MODULES_AFTER_LOAD}`;
