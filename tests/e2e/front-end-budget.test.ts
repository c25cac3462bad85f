/**
 * The front-end budget (decision 010): the landing page stays within 150 KB of JavaScript, and the
 * shell's optional parts (toaster, account menu, cart preview) are not downloaded up front (the mobile
 * menu is HTML, a popover). Pages start with React Router's own <Scripts>, <ScrollRestoration> and
 * <HydratedRouter> (decision 030), after `load` (decision 044). That hashed assets are served pre-compressed (Brotli, else gzip) with
 * immutable caching is the server's answer: tests/http/static-assets.test.ts.
 */
import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/fixtures";

test.describe("front-end budget", () => {
  test("the landing page loads at most 150 KB of JavaScript, without the shell's on-demand parts", async ({
    page,
  }) => {
    const scripts: { url: string; bytes: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on("requestfinished", (request) => {
      if (!new URL(request.url()).pathname.endsWith(".js")) return;
      pending.push(
        request.sizes().then((sizes) => {
          scripts.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
        }),
      );
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await waitForHydration(page);
    await Promise.all(pending);

    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(total / 1024, scripts.map((script) => script.url).join("\n")).toBeLessThanOrEqual(150);
    for (const onDemand of ["toaster-impl", "account-dropdown", "cart-preview"]) {
      expect(scripts.map((script) => script.url).join("\n")).not.toContain(onDemand);
    }
  });

  // Two pages the page cache replays (their inline scripts allowed by hash) and one rendered for its
  // visitor (allowed by nonce).
  for (const [path, cached] of [
    ["/", true],
    ["/merch/koszulka-nokturn-logo", true],
    ["/auth", false],
  ] as const) {
    test(`${path} hydrates with React Router's own start-up, with no console error`, async ({
      page,
      request,
    }) => {
      // React Router's <Scripts> (decision 030), started on `load` (decision 044): its module preloads
      // and its one module script held until then.
      const html = await (await request.get(path)).text();
      expect(html).not.toContain('<link rel="modulepreload"');
      expect(html).toMatch(
        /<link rel="x-modulepreload-after-load" href="\/assets\/entry\.client-[\w-]+\.js"/,
      );
      expect(html.match(/<script[^>]*type="module"/g) ?? []).toHaveLength(0);
      expect(html.match(/<script[^>]*type="text\/x-module-after-load"/g) ?? []).toHaveLength(1);

      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const csp = response?.headers()["content-security-policy"] ?? "";
      if (cached) {
        // The request above put it in the page cache.
        expect(response?.headers()["x-cache"]).toBe("HIT");
        expect(csp).toContain("'sha256-");
      } else {
        expect(csp).toContain("'nonce-");
      }
      await waitForHydration(page);
      expect(errors, errors.join("\n")).toEqual([]);
      // Every script was asked for after the page's `load` (the page's own resources first).
      const timing = await page.evaluate(() => ({
        load: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => entry.startTime),
      }));
      expect(timing.scripts.length).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.load);
    });
  }

  test("a reloaded page comes back where it was scrolled, before any script loads; a page opened anew starts at the top", async ({
    page,
  }) => {
    const path = "/merch/koszulka-nokturn-logo";
    await page.goto(path);
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    // The position is saved when the page is left; the reload gets no script file at all, so only the
    // inline script of React Router's <ScrollRestoration> can put it back.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload({ waitUntil: "load" });
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    // Another page, opened anew (a new history entry: nothing stored for it), starts at the top.
    await page.unroute(/\/assets\/.*\.js$/);
    await page.goto("/merch");
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => typeof window.history.state?.key)).toBe("string");
  });
});
