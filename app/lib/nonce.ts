import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/** Per-request CSP nonce, set by the Express app and read by entry.server.tsx. */
export const nonceContext = createContext<string>("");

/** The nonce during server rendering; browsers hide it from the DOM, so it is empty after hydration. */
export const NonceContext = createReactContext("");

export function useNonce() {
  return useContext(NonceContext);
}
