/** Whose cart a request is about: the signed-in customer, and the browser's cart cookie. */
import type { CartOwner } from "./cart-store.server";

export type CartUser = { id: string; email: string } | null;
export type Visitor = { owner: CartOwner; user: CartUser };

/** `cookieBound`: the cart-id cookie is the signed one this server wrote (cart-cookies.server.ts). */
export function visitorFor(user: CartUser, cookieCartId: string | null, cookieBound = false): Visitor {
  return {
    user: user ? { id: user.id, email: user.email } : null,
    owner: { userId: user?.id ?? null, cookieCartId, cookieBound },
  };
}
