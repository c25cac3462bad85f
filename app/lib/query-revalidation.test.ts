import { describe, expect, it } from "vitest";
import { skipRevalidationOnQuery } from "./query-revalidation";

const args = (from: string, to: string, formMethod?: "POST") =>
  ({
    currentUrl: new URL(from, "http://shop.test"),
    nextUrl: new URL(to, "http://shop.test"),
    formMethod,
    defaultShouldRevalidate: true,
  }) as Parameters<ReturnType<typeof skipRevalidationOnQuery>>[0];

describe("skipRevalidationOnQuery", () => {
  it("without names, no query change of the same page asks the server", () => {
    const should = skipRevalidationOnQuery();
    expect(should(args("/merch", "/merch?category=hoodies"))).toBe(false);
    expect(should(args("/merch?category=hoodies", "/merch?category=tees"))).toBe(false);
  });

  it("with names, only those parameters are free; any other change revalidates", () => {
    const should = skipRevalidationOnQuery(["order"]);
    expect(should(args("/account/orders", "/account/orders?order=abc"))).toBe(false);
    expect(should(args("/account/orders?order=abc", "/account/orders"))).toBe(false);
    expect(should(args("/account/orders", "/account/orders?page=2"))).toBe(true);
  });

  it("another page or a form submission revalidates as React Router would", () => {
    const should = skipRevalidationOnQuery();
    expect(should(args("/merch", "/cart"))).toBe(true);
    expect(should(args("/merch", "/merch", "POST"))).toBe(true);
  });
});
