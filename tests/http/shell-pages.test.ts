/**
 * The site's shell as the production server renders it (issue #37: moved from tests/e2e/shell.test.ts):
 * the language, the navigation, the footer, the 404 page, the health check. What needs a browser
 * (the bar turning solid on scroll, the floating ticket button, the cart badge, the 404 page's link
 * after hydration, axe) stays in tests/e2e/shell.test.ts.
 */
import { describe, expect, test } from "vitest";
import { baseUrl, collapse, fetchPage, type HtmlPage } from "../support/html";

/** The hrefs of the links (within an element) whose collapsed text is the label. */
function hrefsOf(page: HtmlPage, label: string, within = "body") {
  return page
    .all(`${within} a[href]`)
    .filter((a) => collapse(a.textContent) === label)
    .map((a) => a.getAttribute("href"));
}

describe("site shell", () => {
  test("is Polish, with the navigation, footer and info links", async () => {
    const page = await fetchPage("/");
    expect(page.status).toBe(200);
    expect(page.one("html").getAttribute("lang")).toBe("pl");
    const nav = 'nav[aria-label="Główna nawigacja"]';
    expect(page.all(nav)).toHaveLength(1);
    for (const [label, href] of [
      ["Timetable", "/#agenda"],
      ["Rezydenci", "/rezydenci"],
      ["Ambasadorzy", "/ambasadorzy"],
      ["Merch", "/merch"],
    ]) {
      expect(hrefsOf(page, label, nav), label).toEqual([href]);
    }
    // The one visible before the mobile menu (a popover, hidden until opened) is opened.
    const signIn = page
      .all("a[href]")
      .filter((a) => collapse(a.textContent) === "Zaloguj się" && !a.closest("#mobile-menu"));
    expect(signIn.map((a) => a.getAttribute("href"))).toEqual(["/auth"]);
    const footer = '[data-testid="site-footer"]';
    for (const href of [
      "/privacy-policy",
      "/terms",
      "/returns",
      "/shipping",
      "/contact",
      "/deklaracja-dostepnosci",
    ]) {
      expect(page.all(`${footer} a[href="${href}"]`), href).toHaveLength(1);
    }
    expect(hrefsOf(page, "kontakt@nokturn.example", footer)).toEqual(["mailto:kontakt@nokturn.example"]);
  });

  test("unknown addresses get the Polish 404 page with status 404 and a link home", async () => {
    const page = await fetchPage("/to-nie-istnieje/wcale");
    expect(page.status).toBe(404);
    expect(page.all("h1, h2, h3, h4, h5, h6").map((heading) => collapse(heading.textContent))).toContain(
      "Oops! Page not found",
    );
    expect(collapse(page.one("title").textContent)).toMatch(/Nie znaleziono strony/);
    expect(hrefsOf(page, "Wróć na stronę główną", "main")).toEqual(["/"]);
  });

  test("health check answers", async () => {
    const response = await fetch(`${baseUrl()}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
