// /logout: POST ends the session on the server (SPEC §8 'Wylogowano pomyślnie!'). GET never signs out.
import { redirect } from "react-router";
import { handleAccountForm } from "~/modules/accounts/auth.server";
import { logoutIntents } from "~/modules/accounts/auth-actions.server";
import { cartCookiesOnLogout } from "~/modules/cart/cart-cookies.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  // The cart stays with the account, not in this browser (decision 031).
  return handleAccountForm({ request, context }, (answer) => logoutIntents(answer, cartCookiesOnLogout));
}
