import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { CartLoaderData, CartResult } from "~/modules/cart/cart-view";
import { CartPage } from "~/modules/cart/components/cart-page";
import { useRootData } from "~/root";
import type { Route } from "./+types/cart";
import { cartAction, cartLoader } from "./cart-action.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    site,
    title: "Koszyk",
    description: `Twój koszyk w sklepie ${site.name}: produkty, dostawa, kod rabatowy i podsumowanie zamówienia.`,
    path: "/cart",
  });
};

/** The visitor's cart from the server (decision 031): every change is a form posting here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return cartLoader({ request, context });
}

export async function action({ request, context }: Route.ActionArgs) {
  return cartAction({ request, context });
}

/**
 * A visitor with a cart (or signed in) gets their own page, `private, no-store` from the loader; the
 * empty cart of a visitor without cookies is the same for everyone and stays cacheable. An action's
 * answer is never kept.
 */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  // Cookies of both are carried over by React Router itself.
  const merged = new Headers(loaderHeaders);
  for (const name of ["Cache-Control", "Retry-After"]) {
    const value = actionHeaders.get(name);
    if (value) merged.set(name, value);
  }
  return merged;
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { site, user } = useRootData();
  return (
    <CartPage
      data={loaderData as CartLoaderData}
      result={(actionData ?? null) as CartResult | null}
      site={site}
      user={user}
    />
  );
}
