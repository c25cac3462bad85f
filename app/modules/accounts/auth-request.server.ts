/**
 * What better-auth is told of the request it serves besides the request's own headers: the client's
 * address, from the request context (Express's `req.ip`, honouring TRUST_PROXY; decision 035). Every
 * call we make into better-auth — `auth().api.*` from our routes and the /api/auth handler — runs
 * inside `withAuthRequest`, and its hooks, our limits and the session row read the address with
 * `authRequestIp()`. No header carries it, so there is none for a client to forge.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type AuthRequestFacts = {
  /** The client's address as the request context has it ("unknown" when nothing is known). */
  ip: string;
};

const current = new AsyncLocalStorage<Readonly<AuthRequestFacts>>();

/** Runs `call` (a better-auth call and all it awaits) with the request's facts. */
export function withAuthRequest<T>(facts: AuthRequestFacts, call: () => T): T {
  return current.run(Object.freeze({ ...facts }), call);
}

/** The client's address of the better-auth call under way; "unknown" outside `withAuthRequest`. */
export function authRequestIp(): string {
  return current.getStore()?.ip || "unknown";
}
