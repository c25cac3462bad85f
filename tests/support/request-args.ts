import { type RequestFacts, requestContext } from "../../app/lib/request-context";

/** A request with the context React Router would hand its loaders (server/request-handler.ts). */
export function requestArgs(url: string, init?: RequestInit, facts: Partial<RequestFacts> = {}) {
  return { request: new Request(url, init), context: requestContext(facts) };
}
