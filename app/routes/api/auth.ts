// better-auth's HTTP endpoints (/api/auth/*): sign-in, sign-up, sign-out, session, password reset.
import { auth } from "~/lib/auth.server";
import type { Route } from "./+types/auth";

export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}
