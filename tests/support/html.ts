/**
 * The HTTP layer's way to read a page: the production server's answer parsed as a browser would parse
 * it before any script runs (linkedom), without a browser. For what the server renders: texts, links,
 * titles and meta tags, JSON-LD, status codes, redirects, a form's answer with JavaScript off.
 * What needs a browser (hydration, layout, focus, axe) stays in tests/e2e.
 * linkedom keeps attribute names as the server wrote them (React writes `srcSet`, `fetchPriority`),
 * where a browser lowercases them: ask for them as written.
 */
import { parseHTML } from "linkedom";
import { inject } from "vitest";

export type Visitor = "anonymous" | "admin" | "customer" | "moderator";

export type HtmlPage = {
  status: number;
  headers: Headers;
  /** The final URL's path and query (after redirects, when followed). */
  url: string;
  html: string;
  document: Document;
  /** Every element matching the selector. */
  all(selector: string): Element[];
  /** The one element matching the selector; fails when there is none. */
  one(selector: string): Element;
  /** The text of the page's body with whitespace collapsed, as a reader meets it. */
  text(): string;
};

/** The shared HTTP server's address (tests/support/http-global-setup.ts). */
export function baseUrl() {
  return inject("baseUrl");
}

/** The cookie header a visitor of the shared server sends. */
export function cookieOf(visitor: Visitor) {
  if (visitor === "anonymous") return undefined;
  return inject(`${visitor}Cookie`);
}

/** Whitespace collapsed, as a reader sees the text (non-breaking spaces kept). */
export function collapse(text: string | null | undefined) {
  return (text ?? "").replace(/[ \t\n\r]+/g, " ").trim();
}

/** Parses server-rendered HTML into a page to query. */
export function parsePage(html: string, { status = 200, headers = new Headers(), url = "/" } = {}): HtmlPage {
  const { document } = parseHTML(html);
  return {
    status,
    headers,
    url,
    html,
    document: document as unknown as Document,
    all: (selector) => [...document.querySelectorAll(selector)] as unknown as Element[],
    one(selector) {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no element matches ${selector} in ${url}`);
      return element as unknown as Element;
    },
    text: () => collapse(document.body?.textContent),
  };
}

export type FetchPageOptions = {
  as?: Visitor;
  /** Extra headers (a cookie here is sent beside the visitor's). */
  headers?: Record<string, string>;
  /** Follow redirects (default) or answer the redirect itself. */
  redirect?: "follow" | "manual";
  method?: string;
  /** A form body, sent as a browser without JavaScript sends a form. */
  form?: Record<string, string> | URLSearchParams;
};

/** A page of the shared server as the visitor gets it, parsed. */
export async function fetchPage(path: string, options: FetchPageOptions = {}): Promise<HtmlPage> {
  const base = baseUrl();
  const cookies = [cookieOf(options.as ?? "anonymous"), options.headers?.cookie].filter(Boolean);
  const headers: Record<string, string> = { ...options.headers };
  if (cookies.length > 0) headers.cookie = cookies.join("; ");
  let body: URLSearchParams | undefined;
  if (options.form) {
    body = options.form instanceof URLSearchParams ? options.form : new URLSearchParams(options.form);
    headers["content-type"] = "application/x-www-form-urlencoded";
    // A same-site form post, as the browser sends it (decision 011).
    headers.origin ??= base;
  }
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    redirect: options.redirect ?? "follow",
  });
  const finalUrl = new URL(response.url || `${base}${path}`);
  return parsePage(await response.text(), {
    status: response.status,
    headers: response.headers,
    url: `${finalUrl.pathname}${finalUrl.search}`,
  });
}

/** The content of a meta tag (`name` or `property`), or null. */
export function metaContent(page: HtmlPage, key: string) {
  return (
    (
      page.document.querySelector(`meta[name="${key}"]`) ??
      page.document.querySelector(`meta[property="${key}"]`)
    )?.getAttribute("content") ?? null
  );
}

/** Every JSON-LD block of the page, parsed. */
export function jsonLd(page: HtmlPage): Record<string, unknown>[] {
  return page
    .all('script[type="application/ld+json"]')
    .map((script) => JSON.parse(script.textContent ?? "null") as Record<string, unknown>);
}
