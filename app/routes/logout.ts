// /logout: POST ends the session on the server (SPEC §8 'Wylogowano pomyślnie!'). GET never signs out.
import { redirect } from "react-router";
import { handleLogout } from "~/modules/accounts/auth-actions.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

export function action({ request }: Route.ActionArgs) {
  return handleLogout(request);
}
