/**
 * What the server knows of a request before React Router sees it, carried in React Router's own
 * context (no internal headers a client could forge): the CSP nonce, the client's IP address (Express's
 * `req.ip`, which honours TRUST_PROXY), and whether the page is rendered for the shared page cache.
 * server/request-handler.ts makes one per request; tests make theirs with `requestContext`.
 */
import { createContext, RouterContextProvider } from "react-router";

export type RequestFacts = {
  /** The CSP nonce of this response; empty outside production (no CSP names it). */
  nonce: string;
  clientIp: string;
  /**
   * The answer may be kept by the page cache: the document is then rendered whole, its inline scripts
   * hashed (into `scriptHashes`, which the cache reads back) and the nonce removed.
   */
  forSharedCache: boolean;
  scriptHashes: string[];
};

const NO_FACTS: RequestFacts = Object.freeze({
  nonce: "",
  clientIp: "unknown",
  forSharedCache: false,
  scriptHashes: Object.freeze([]) as unknown as string[],
});

const requestFactsKey = createContext<RequestFacts>(NO_FACTS);

/**
 * A fresh context for one request (each missing field "nothing known"). The facts object itself goes
 * in, not a copy: the page cache reads the script hashes the render writes back into it.
 */
export function requestContext(facts: Partial<RequestFacts> = {}): RouterContextProvider {
  facts.nonce ??= NO_FACTS.nonce;
  facts.clientIp ??= NO_FACTS.clientIp;
  facts.forSharedCache ??= NO_FACTS.forSharedCache;
  facts.scriptHashes ??= [];
  const context = new RouterContextProvider();
  context.set(requestFactsKey, facts as RequestFacts);
  return context;
}

export function requestFacts(context: Readonly<RouterContextProvider>): RequestFacts {
  return context.get(requestFactsKey);
}

export function clientIpOf(context: Readonly<RouterContextProvider>): string {
  return requestFacts(context).clientIp || "unknown";
}
