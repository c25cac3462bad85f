import { staticPageMeta } from "~/lib/seo";
import { type RequestArgs, sessionUser } from "~/modules/accounts/auth.server";
import { safeRedirectPath } from "~/modules/accounts/redirect";
import { cartAction, cartLoader, readCartForm } from "~/modules/cart/cart-route.server";
import type { CartActionData, CartLoaderData } from "~/modules/cart/cart-view";
import { CartPage } from "~/modules/cart/components/cart-page";
import { checkoutFromCart } from "~/modules/checkout/cart-checkout.server";
import { useRootData } from "~/root";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Koszyk",
  description: "Twój koszyk w sklepie NOKTURN: produkty, dostawa, kod rabatowy i podsumowanie zamówienia.",
  path: "/cart",
});

/** The visitor's cart from the server (decision 031): every change is a form posting here. */
async function cartUser(args: RequestArgs) {
  const user = await sessionUser(args);
  return user ? { id: user.id, email: user.email } : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return cartLoader(request, await cartUser({ request, context }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readCartForm(request);
  if (read.refused) return read.refused;
  const user = await cartUser({ request, context });
  if (read.form.get("intent") === "checkout") return checkoutFromCart(request, read.form, user);
  return cartAction(request, {
    form: read.form,
    user,
    returnTo: safeRedirectPath(read.form.get("returnTo")),
  });
}

/**
 * A visitor with a cart (or signed in) gets their own page, `private, no-store` from the loader; the
 * empty cart of a visitor without cookies is the same for everyone and stays cacheable. An action's
 * answer is never kept.
 */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) {
    // Cookies of both are carried over by React Router itself.
    if (name.toLowerCase() !== "set-cookie") merged.set(name, value);
  }
  return merged;
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { site, user } = useRootData();
  return (
    <CartPage
      data={loaderData as CartLoaderData}
      result={(actionData ?? null) as CartActionData | null}
      site={site}
      user={user}
    />
  );
}
