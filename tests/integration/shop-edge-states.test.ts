/**
 * A shop state that would disturb every other test on the e2e suite's server (moved from e2e
 * shop-edge-states.test.ts, which started a server of its own for it): a category whose products are
 * all switched off. The /merch route's loader runs against a real database after the panel's
 * 'set-active' switched the stickers off, and its page is rendered on the server as React Router
 * renders it (react-dom/server), so the Polish text and the way back are checked without a browser.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type StaticHandlerContext,
  StaticRouterProvider,
  useLoaderData,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "../../app/lib/request-context";
import Merch, { loader } from "../../app/routes/merch";
import { demoProductId } from "../../db/seed";
import { type AdminTestEnv, adminCookie, ORIGIN, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});

const STICKERS = ["naklejki-pack-vol-1", "naklejka-holo-logo", "naklejki-pack-vol-2"];

/** Switches a product off through the products tab's action, as the panel's switch does. */
async function switchOff(slug: string) {
  const { action } = await import("../../app/routes/admin/products");
  const request = new Request(`${ORIGIN}/admin/products`, {
    method: "POST",
    headers: { cookie: await adminCookie() },
    body: new URLSearchParams({ intent: "set-active", productId: demoProductId(slug), isActive: "false" }),
  });
  const answer = (await action({ request, params: {}, context: requestContext() } as never)) as unknown;
  const status =
    answer && typeof answer === "object" && "init" in answer
      ? ((answer as { init?: ResponseInit | null }).init?.status ?? 200)
      : 200;
  expect(status, slug).toBeLessThan(400);
}

/** The /merch page at `url` as the server renders it: the route's loader, then its component. */
async function renderMerch(url: string) {
  type Props = Parameters<typeof Merch>[0];
  const routes = [
    {
      id: "merch",
      path: "/merch",
      loader: () => loader(),
      Component: () => createElement(Merch, { loaderData: useLoaderData() } as Props),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = (await handler.query(new Request(url))) as StaticHandlerContext;
  expect(context.errors).toBeNull();
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    data: context.loaderData.merch as Awaited<ReturnType<typeof loader>>,
    html: renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false })),
  };
}

describe("a category whose products are all switched off", () => {
  it("says 'Brak produktów w tej kategorii' and links to every product", async () => {
    const before = await renderMerch(`${ORIGIN}/merch?category=stickers`);
    expect(before.data.products.filter((product) => product.category === "stickers").length).toBeGreaterThan(
      0,
    );
    expect(before.html).not.toContain("Brak produktów w tej kategorii");

    for (const slug of STICKERS) await switchOff(slug);

    const empty = await renderMerch(`${ORIGIN}/merch?category=stickers`);
    expect(empty.data.products.some((product) => product.category === "stickers")).toBe(false);
    expect(empty.html).toContain("Brak produktów w tej kategorii");
    expect(empty.html).toMatch(/<a [^>]*href="\/merch"[^>]*>Zobacz wszystkie produkty<\/a>/);
    expect(empty.html).not.toContain('data-testid="product-grid"');

    // Every other category still lists its products, and so does "Wszystko".
    const all = await renderMerch(`${ORIGIN}/merch`);
    expect(all.html).toContain('data-testid="product-grid"');
    expect(all.html).not.toContain("Brak produktów w tej kategorii");
    expect(all.data.products.length).toBeGreaterThan(0);
  });
});
