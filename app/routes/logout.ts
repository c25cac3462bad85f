// /logout: POST ends the session on the server (SPEC §8 'Wylogowano pomyślnie!'). GET never signs out.
import { redirect } from "react-router";
import { handleLogout } from "~/modules/accounts/auth-actions.server";
import { cartCookiesOnLogout } from "~/modules/cart/cart-route.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const response = await handleLogout(request);
  for (const cookie of cartCookiesOnLogout()) response.headers.append("Set-Cookie", cookie);
  return response;
}
