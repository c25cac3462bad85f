import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * The `shouldRevalidate` of a page whose query only picks what to show of data already loaded (the
 * merch category, the account's open order): moving between such URLs of the page asks the server
 * nothing. `params` names the query parameters that only do that; without it, every one does. A form
 * submission or a move to another page revalidates as usual.
 */
export function skipRevalidationOnQuery(params?: readonly string[]) {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) => {
    if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
    if (!params) return false;
    const rest = (url: URL) => {
      const query = new URLSearchParams(url.search);
      for (const name of params) query.delete(name);
      return query.toString();
    };
    return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
  };
}
