/**
 * The front-end budget (decision 010): hashed assets are served pre-compressed (Brotli, else gzip) with
 * immutable caching, the landing page stays within 150 KB of JavaScript, and the shell's optional parts
 * (toaster, mobile menu, account menu, cart preview) are not downloaded up front. The scripts start
 * after the first paint (decision 017): nothing is preloaded, and no script is requested before `load`.
 */
import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/fixtures";

async function scriptUrl(request: import("@playwright/test").APIRequestContext) {
  const html = await (await request.get("/")).text();
  const entry = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
  expect(entry, "the page loads the client entry").toBeTruthy();
  return entry as string;
}

test.describe("front-end budget", () => {
  test("/assets scripts are served pre-compressed with Brotli or gzip, as the client asks", async ({
    request,
  }) => {
    const url = await scriptUrl(request);
    const plain = await request.get(url, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.status()).toBe(200);
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    const source = await plain.text();

    for (const [accept, encoding] of [
      ["br", "br"],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const response = await request.get(url, { headers: { "Accept-Encoding": accept } });
      const headers = response.headers();
      expect(response.status(), accept).toBe(200);
      expect(headers["content-encoding"], accept).toBe(encoding);
      expect(headers["content-type"], accept).toContain("javascript");
      expect(headers.vary?.toLowerCase(), accept).toContain("accept-encoding");
      expect(headers["cache-control"], accept).toContain("immutable");
      // The client decodes it back to the very same script.
      expect(await response.text(), accept).toBe(source);
    }
  });

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
    for (const onDemand of ["toaster-impl", "mobile-menu-sheet", "account-dropdown", "cart-preview"]) {
      expect(scripts.map((script) => script.url).join("\n")).not.toContain(onDemand);
    }
  });

  test("a key pressed before the page has loaded starts the scripts at once", async ({ page }) => {
    // Images that never arrive keep `load` from firing, so only the key (or the 3 s fallback) can start them.
    await page.route(/\/(?:media|demo)\//, () => {});
    // A resource timing entry is written when its response has ended.
    const firstScript = page.waitForEvent("requestfinished", (request) =>
      new URL(request.url()).pathname.endsWith(".js"),
    );
    await page.goto("/merch/koszulka-nokturn-logo", { waitUntil: "domcontentloaded" });
    const parsedAt = await page.evaluate(
      () =>
        (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
          .domContentLoadedEventEnd,
    );
    await page.keyboard.press("Shift");
    await firstScript;
    const { started, loaded } = await page.evaluate(() => ({
      started: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => entry.startTime),
      ),
      loaded: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
    }));
    expect(loaded, "the page must not have loaded yet").toBe(0);
    // The fallback would start them 3 s after the document was parsed: earlier, it was the key.
    expect(started).toBeLessThan(parsedAt + 3000);
    await waitForHydration(page);
  });

  for (const path of ["/", "/merch/koszulka-nokturn-logo"]) {
    test(`${path}: no script is preloaded or requested before the page has loaded, then it hydrates`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(path)).text();
      expect(/<link[^>]*rel="modulepreload"/.test(html), "a module preload in the HTML").toBe(false);
      expect(/<script[^>]*type="module"/.test(html), "a module script in the HTML").toBe(false);

      await page.goto(path);
      await waitForHydration(page);
      const timing = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        const scripts = performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => ({ url: entry.name, startTime: entry.startTime }));
        // An image that never loads holds the scripts back for at most 3 s after the document is parsed.
        const start = Math.min(navigation.loadEventEnd, navigation.domContentLoadedEventEnd + 3000);
        return { start, scripts };
      });
      expect(timing.scripts.length, "the page's chunks are loaded").toBeGreaterThan(3);
      for (const script of timing.scripts) {
        expect(script.startTime, script.url).toBeGreaterThanOrEqual(timing.start);
      }
    });
  }

  test("a reloaded page comes back where it was scrolled before any script loads; a page opened anew starts at the top", async ({
    page,
  }) => {
    const path = "/merch/koszulka-nokturn-logo";
    await page.goto(path);
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    // The position is saved when the page is left; the reload gets no script file at all, so only the
    // inline restore script (decision 027) can put it back.
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
