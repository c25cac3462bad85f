/**
 * Security in a browser (issue #10), against the production build: the pages hydrate without a
 * single CSP violation, and a script injected into a page the cache replays does not run while the
 * page's own do. Everything a browser is not needed for — the security headers of every public page,
 * the cross-site POST sweep, cookies on an https site, error pages, the fuzz — is in
 * tests/http/security.test.ts (issue #25).
 */
import { expect, test } from "@playwright/test";
import { BOOTSTRAP_SCRIPT } from "../../app/lib/nonce";
import { waitForHydration } from "../support/fixtures";

const TOTE = "torba-nokturn-tote";

test.describe.configure({ timeout: 120_000 });

test("pages hydrate in a browser without a single CSP violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (?:execute|load|apply|connect|frame)/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const holder = window as unknown as { __csp?: string[] };
      holder.__csp ??= [];
      holder.__csp.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  for (const path of ["/", `/merch/${TOTE}`, "/cart", "/contact", "/auth"]) {
    await page.goto(path);
    await waitForHydration(page);
    // Lazy chunks and late effects get a moment to run.
    await page.waitForLoadState("networkidle");
    const seen = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    violations.push(...seen.map((line) => `${path}: ${line}`));
  }
  expect(violations, violations.join("\n")).toEqual([]);
});

test("a page replayed from the cache runs its own scripts and no injected one", async ({ page, request }) => {
  const path = `/merch/${TOTE}`;
  await request.get(path);
  const cached = await request.get(path);
  expect(cached.headers()["x-cache"]).toBe("HIT");
  const csp = cached.headers()["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'sha256-/);
  expect(csp).not.toContain("'nonce-");

  // What stored markup an attacker slipped into the page would try: an inline script, one with a
  // nonce guessed from nothing, one that starts like a script the page has (whose hash is listed),
  // and an event handler.
  const injected = [
    "<script>window.__injected = 'inline'</script>",
    '<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">window.__injected = "nonce"</script>',
    `<script>${BOOTSTRAP_SCRIPT}window.__injected = "copy"</script>`,
    "<img src=x onerror=\"window.__injected = 'handler'\">",
  ].join("");
  let replayed = "";
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    replayed = response.headers()["x-cache"] ?? "";
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    const body = (await response.text()).replace("</body>", `${injected}</body>`);
    await route.fulfill({ status: response.status(), headers, body });
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const holder = window as unknown as { __csp?: string[] };
      holder.__csp ??= [];
      holder.__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(path);
  expect(replayed).toBe("HIT");
  // The page's own scripts ran (hydration needs all of them) …
  await waitForHydration(page);
  // … and none of the injected ones did; the browser reported each.
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: string }).__injected),
  ).toBeUndefined();
  const seen = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect(seen.filter((line) => line.startsWith("script-src")).length, seen.join("\n")).toBeGreaterThanOrEqual(
    4,
  );
});
