import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { storageStateFor } from "./session-cookie";

/** Key of the cart in local storage for the demo brand. */
export const CART_KEY = "nokturn-cart";

/** Fails on serious or critical accessibility violations (outside `exclude`), listing them readably. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { exclude = [] }: { exclude?: string[] } = {},
) {
  const seriousViolations = async () => {
    await waitForSettledAnimations(page);
    // Only violations are read: axe then keeps one node per passing or incomplete rule, not every one.
    let builder = new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .options({ resultTypes: ["violations"] });
    // E.g. an iframe sandboxed without scripts, which axe cannot enter (it would wait forever).
    for (const selector of exclude) builder = builder.exclude(selector);
    const results = await builder.analyze();
    return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  };
  let serious = await seriousViolations();
  if (serious.length > 0) {
    // A toast that appears while axe is reading (e.g. a lazily loaded toaster) is measured mid-fade,
    // half transparent. Measure once more when the page has settled: a real violation stays.
    await page.waitForTimeout(1_000);
    serious = await seriousViolations();
  }
  const report = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(report, report.join("\n")).toEqual([]);
}

/**
 * Waits until every finite animation and transition has finished (a toast fading, a dialog closing):
 * axe measures the contrast of half-transparent elements mid-transition, which no reader ever sees.
 * Endless decorative animations (marquee, hero) and scroll-driven ones (the floating ticket button,
 * which "runs" as long as the page can scroll) are left running.
 */
async function waitForSettledAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.timeline !== document.timeline ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** Waits until React has hydrated the page, so client behaviour (scroll, menus) is live. */
export async function waitForHydration(page: Page) {
  // Generous: on a loaded 2-core CI machine the first hydration can take several seconds.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
}

/**
 * A storage state signed in as the demo `admin` or `customer` of the suite's server (sessions created
 * in its database before it started: tests/support/sessions.ts; the moderator is `TEST_MODERATOR`). For `test.use({ storageState })` or
 * `browser.newContext({ storageState })`.
 */
export function signedIn(
  account: "admin" | "customer" | "moderator",
  baseUrl = process.env.E2E_BASE_URL ?? "",
) {
  const cookie = process.env[`E2E_${account.toUpperCase()}_COOKIE`];
  // Listing the tests (`playwright test --list`) runs no global setup: no session, nothing to sign.
  if (!cookie || !baseUrl) return { cookies: [], origins: [] };
  return storageStateFor(baseUrl, cookie);
}
