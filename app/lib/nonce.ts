import { createContext as createReactContext, useContext } from "react";

/** The nonce during server rendering; browsers hide it from the DOM, so it is empty after hydration. */
export const NonceContext = createReactContext("");

export function useNonce() {
  return useContext(NonceContext);
}
