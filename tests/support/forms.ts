/**
 * A storefront form sent as a browser without JavaScript sends it, over HTTP (no browser): the form is
 * read out of the page the server rendered (its action, method, hidden inputs, the defaults of every
 * control and the submit button pressed), the visible fields are filled, and the body goes as
 * `application/x-www-form-urlencoded` with the headers of a plain form navigation (`Origin`,
 * `Sec-Fetch-*`, `Referer`) and the tab's cookies. A 303 is followed with a GET carrying the cookies
 * it set (the flash), as the browser does, and the page it lands on is parsed (tests/support/html.ts).
 *
 * The `Origin` and `Referer` are the ones the Fetch standard gives a form post from that page: the
 * page's referrer policy (its `Referrer-Policy` header, or a `<meta name="referrer">`) decides them, so
 * a page served with `no-referrer` posts `Origin: null`, as Chromium does (and the server refuses).
 */
import http from "node:http";
import zlib from "node:zlib";
import { baseUrl, collapse, cookieOf, type HtmlPage, parsePage, type Visitor } from "./html";

/** One browser tab's cookies (one visitor), kept across its requests as a browser keeps them. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** A jar holding a cookie header's pairs (e.g. a seeded session's `name=value`). */
  static of(...headers: (string | undefined)[]) {
    const jar = new CookieJar();
    for (const header of headers) {
      for (const pair of (header ?? "").split(";")) {
        const at = pair.indexOf("=");
        if (at > 0) jar.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
    }
    return jar;
  }

  /** A visitor of the shared HTTP server (the seeded sessions of tests/support/http-global-setup.ts). */
  static as(visitor: Visitor) {
    return CookieJar.of(cookieOf(visitor));
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Takes in an answer's Set-Cookie lines (a cookie set empty or expired is dropped). */
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = /max-age=0\b|max-age=-/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line);
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export type Navigation = {
  /** The first answer (to the GET or the POST): its status, Location and the page it rendered. */
  status: number;
  location: string | null;
  /** The first answer, parsed (a refusal re-renders the form here). */
  answer: HtmlPage;
  /** Where the tab ended up after following the redirects (the answer itself when none). */
  page: HtmlPage;
  /** The path (and query and #fragment) the tab shows at the end, as `page.url()` would. */
  url: string;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The referrer policy the page set (header first, then the last valid `<meta name="referrer">`). */
function referrerPolicyOf(page: HtmlPage) {
  const policies = [
    "no-referrer",
    "no-referrer-when-downgrade",
    "same-origin",
    "origin",
    "strict-origin",
    "origin-when-cross-origin",
    "strict-origin-when-cross-origin",
    "unsafe-url",
  ];
  let policy = "";
  for (const token of (page.headers.get("referrer-policy") ?? "").split(",")) {
    if (policies.includes(token.trim().toLowerCase())) policy = token.trim().toLowerCase();
  }
  for (const meta of page.all('meta[name="referrer"]')) {
    const value = (meta.getAttribute("content") ?? "").trim().toLowerCase();
    if (policies.includes(value)) policy = value;
  }
  return policy || "strict-origin-when-cross-origin";
}

/**
 * The `Origin` and `Referer` of a form post from `page` to `target` (Fetch: "append a request Origin
 * header"; the referrer by the policy). Same-origin posts over http: the origin, except `no-referrer`.
 */
function originAndReferer(page: HtmlPage, target: URL) {
  const base = new URL(baseUrl());
  const from = new URL(page.url, base);
  const policy = referrerPolicyOf(page);
  const sameOrigin = target.origin === from.origin;
  const origin = policy === "no-referrer" || (policy === "same-origin" && !sameOrigin) ? "null" : from.origin;
  const full = `${from.origin}${from.pathname}${from.search}`;
  const referer: Record<string, string | undefined> = {
    "no-referrer": undefined,
    "same-origin": sameOrigin ? full : undefined,
    origin: `${from.origin}/`,
    "strict-origin": `${from.origin}/`,
    "origin-when-cross-origin": sameOrigin ? full : `${from.origin}/`,
    "strict-origin-when-cross-origin": sameOrigin ? full : `${from.origin}/`,
    "no-referrer-when-downgrade": full,
    "unsafe-url": full,
  };
  return { origin, referer: referer[policy] };
}

/**
 * One request with exactly the headers given, over node:http: `fetch` (undici) replaces a
 * `Sec-Fetch-Mode` of `navigate` with its own `cors`, and the server tells a plain form by it.
 */
function send(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: URLSearchParams },
): Promise<Response> {
  const body = init.body ? Buffer.from(init.body.toString()) : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: init.method,
        headers: { ...init.headers, ...(body ? { "content-length": String(body.length) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          let raw = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          if (encoding === "br") raw = zlib.brotliDecompressSync(raw);
          else if (encoding === "gzip") raw = zlib.gunzipSync(raw);
          else if (encoding === "deflate") raw = zlib.inflateSync(raw);
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (name === "content-encoding" || value === undefined) continue;
            for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
          }
          const status = response.statusCode ?? 0;
          resolve(new Response([101, 204, 205, 304].includes(status) ? null : raw, { status, headers }));
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function navigate(
  jar: CookieJar,
  path: string,
  init: { method: string; body?: URLSearchParams; headers?: Record<string, string> },
): Promise<Navigation> {
  const base = baseUrl();
  let url = new URL(path, base);
  let method = init.method;
  let body = init.body;
  let headers: Record<string, string> = { ...init.headers };
  let first: { status: number; location: string | null; answer: HtmlPage } | undefined;
  // The #fragment the tab ends on: a Location's own, else the one it had (kept across redirects).
  let fragment = url.hash;
  for (let hop = 0; hop < 10; hop++) {
    const cookie = jar.header();
    const response = await send(url, {
      method,
      body,
      headers: {
        accept: "text/html,application/xhtml+xml",
        "sec-fetch-mode": "navigate",
        "sec-fetch-dest": "document",
        "sec-fetch-site": "same-origin",
        "sec-fetch-user": "?1",
        ...headers,
        ...(cookie ? { cookie } : {}),
      },
    });
    jar.take(response);
    const location = response.headers.get("location");
    const page = parsePage(await response.text(), {
      status: response.status,
      headers: response.headers,
      url: `${url.pathname}${url.search}`,
    });
    first ??= { status: response.status, location, answer: page };
    if (!REDIRECTS.has(response.status) || !location) {
      return { ...first, page, url: `${url.pathname}${url.search}${fragment}` };
    }
    const next = new URL(location, url);
    if (next.origin !== new URL(base).origin) throw new Error(`a redirect off the site: ${location}`);
    if (next.hash) fragment = next.hash;
    url = next;
    // 301/302/303 turn a POST into a GET (307/308 would repeat it; none here does).
    if (response.status !== 307 && response.status !== 308) {
      method = "GET";
      body = undefined;
      const { origin: _origin, "content-type": _type, ...rest } = headers;
      headers = rest;
    }
  }
  throw new Error(`too many redirects from ${path}`);
}

/**
 * A form post the browser would send from a page of the site (same origin), with a body of the test's
 * own: for what no page offers as a form (a stale page's post). Followed as `submitForm` is.
 */
export async function postAsForm(path: string, fields: Record<string, string>, jar: CookieJar) {
  return navigate(jar, path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(baseUrl()).origin },
  });
}

/** Opens a page in the tab (a GET navigation with its cookies), following redirects. */
export async function openPage(path: string, jar: CookieJar): Promise<Navigation> {
  return navigate(jar, path, { method: "GET" });
}

type Control = Element;

/** What a visitor does to a control: types a value (string), ticks or clears a checkbox (boolean). */
export type FieldEntry = string | boolean;

export type SubmitOptions = {
  /** The submit button pressed: its visible text or the element (default: the form's first submit button). */
  button?: string | Element;
};

/** The form's controls in tree order, with those outside it naming it by `form="id"`. */
function controlsOf(page: HtmlPage, form: Element): Control[] {
  const id = form.getAttribute("id");
  const listed = "input, select, textarea, button";
  return page
    .all(listed)
    .filter((control) =>
      control.hasAttribute("form")
        ? id !== null && control.getAttribute("form") === id
        : form.contains(control),
    );
}

function isSubmit(control: Control) {
  const type = (control.getAttribute("type") ?? "").toLowerCase();
  if (control.tagName === "BUTTON") return type === "" || type === "submit";
  return control.tagName === "INPUT" && (type === "submit" || type === "image");
}

/** The value a select shows as the server rendered it (its selected option, else the first). */
function selectValue(select: Control) {
  const options = [...select.querySelectorAll("option")];
  const chosen = options.find((option) => option.hasAttribute("selected")) ?? options[0];
  return chosen ? (chosen.getAttribute("value") ?? collapse(chosen.textContent)) : "";
}

/** The value a control of a server-rendered form holds (before the visitor touches it). */
export function controlValue(control: Control) {
  if (control.tagName === "TEXTAREA") return (control.textContent ?? "").replace(/^\n/, "");
  if (control.tagName === "SELECT") return selectValue(control);
  return control.getAttribute("value") ?? "";
}

/**
 * The form matching `selector` in the page (or the form of an element of it: a button), with its
 * controls by name.
 */
export function formIn(page: HtmlPage, selector: string | Element) {
  const matches = typeof selector === "string" ? page.all(selector) : [selector];
  if (matches.length !== 1) throw new Error(`${matches.length} elements match ${selector} in ${page.url}`);
  const [match] = matches;
  const owner = match.getAttribute("form");
  const form =
    match.tagName === "FORM"
      ? match
      : owner
        ? page.document.getElementById(owner)
        : (match.closest("form") ?? match.querySelector("form"));
  if (!form) throw new Error(`no form in ${selector} of ${page.url}`);
  const controls = controlsOf(page, form);
  return {
    form,
    controls,
    /** The one named control (the first of a checkbox/radio group). */
    field(name: string) {
      const found = controls.find((control) => control.getAttribute("name") === name);
      if (!found) throw new Error(`no field "${name}" in ${selector} of ${page.url}`);
      return found;
    },
    /** The text of the form as a reader sees it. */
    text: () => collapse(form.textContent),
  };
}

/**
 * Submits the form matching `formSelector` in `page` as a browser without JavaScript does: every
 * successful control in tree order (hidden ones as rendered; checkboxes and radios when checked; the
 * pressed button's name and value), with `fields` typed in by name (every name given must be one of the
 * form's own visible controls). Sent to the form's action with its method, then the redirects followed.
 */
export async function submitForm(
  page: HtmlPage,
  formSelector: string | Element,
  fields: Record<string, FieldEntry>,
  jar: CookieJar,
  options: SubmitOptions = {},
): Promise<Navigation> {
  const { form, controls } = formIn(page, formSelector);
  const named = new Set(controls.map((control) => control.getAttribute("name")));
  for (const name of Object.keys(fields)) {
    if (!named.has(name)) throw new Error(`the form ${formSelector} of ${page.url} has no field "${name}"`);
    const hidden = controls.filter(
      (control) => control.getAttribute("name") === name && control.getAttribute("type") === "hidden",
    );
    if (hidden.length > 0)
      throw new Error(`"${name}" is a hidden field of ${formSelector}: a visitor cannot type it`);
  }
  const buttons = controls.filter(isSubmit);
  const wanted = options.button;
  const submitter =
    typeof wanted === "string"
      ? buttons.find((button) => collapse(button.textContent || button.getAttribute("value")) === wanted)
      : wanted
        ? buttons.find((button) => button === wanted)
        : buttons[0];
  if (wanted && !submitter) {
    throw new Error(
      `no submit button ${typeof wanted === "string" ? `"${wanted}"` : "as given"} in the form`,
    );
  }
  const body = new URLSearchParams();
  for (const control of controls) {
    const name = control.getAttribute("name");
    if (!name || control.hasAttribute("disabled") || control.closest("fieldset[disabled]")) continue;
    const type = (control.getAttribute("type") ?? "").toLowerCase();
    const entry = fields[name];
    if (isSubmit(control) || (control.tagName === "BUTTON" && type !== "submit")) {
      if (control === submitter) body.append(name, control.getAttribute("value") ?? "");
      continue;
    }
    if (type === "checkbox" || type === "radio") {
      const value = control.getAttribute("value") ?? "on";
      const checked =
        entry === undefined
          ? control.hasAttribute("checked")
          : typeof entry === "boolean"
            ? entry
            : entry === value;
      if (checked) body.append(name, value);
      continue;
    }
    if (type === "file" || type === "reset") continue;
    if (control.tagName === "SELECT" && typeof entry === "string") {
      const values = [...control.querySelectorAll("option")].map(
        (option) => option.getAttribute("value") ?? collapse(option.textContent),
      );
      if (!values.includes(entry)) throw new Error(`the select "${name}" has no option "${entry}"`);
    }
    body.append(name, typeof entry === "string" ? entry : controlValue(control));
  }
  const method = (
    submitter?.getAttribute("formmethod") ??
    form.getAttribute("method") ??
    "get"
  ).toLowerCase();
  const actionAttribute = submitter?.getAttribute("formaction") ?? form.getAttribute("action");
  const target = new URL(actionAttribute || page.url, new URL(page.url, baseUrl()));
  if (method !== "post") {
    target.search = body.toString();
    return navigate(jar, `${target.pathname}${target.search}`, { method: "GET" });
  }
  const { origin, referer } = originAndReferer(page, target);
  return navigate(jar, `${target.pathname}${target.search}`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      ...(referer ? { referer } : {}),
    },
  });
}

/** The flash or status box of a page (`data-testid="flash-notice"`), or undefined when it has none. */
export function noticeIn(page: HtmlPage) {
  const found = page.all('[data-testid="flash-notice"]');
  if (found.length > 1) throw new Error(`${found.length} notices in ${page.url}`);
  return found[0];
}

/** The text a reader sees in an element (whitespace collapsed). */
export function textOf(element: Element | undefined | null) {
  return collapse(element?.textContent);
}

/** A label's text as a reader meets it (without its aria-hidden parts, e.g. a required field's "*"). */
function labelText(label: Element) {
  const copy = label.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return collapse(copy.textContent);
}

/**
 * The name of the form's one control labelled `label` (its `<label for>`, a wrapping `<label>` or
 * `aria-label`), as getByLabel finds a field: the whole text, or a pattern.
 */
export function nameOfLabelled(page: HtmlPage, formSelector: string | Element, label: string | RegExp) {
  const { controls } = formIn(page, formSelector);
  const matches = (text: string) => (typeof label === "string" ? text === label : label.test(text));
  const found = controls.filter((control) => {
    if (control.getAttribute("type") === "hidden" || isSubmit(control)) return false;
    const id = control.getAttribute("id");
    const labels = [
      ...(id ? page.all(`label[for="${id}"]`) : []),
      ...(control.closest("label") ? [control.closest("label") as Element] : []),
    ];
    const aria = control.getAttribute("aria-label");
    return labels.some((element) => matches(labelText(element))) || (aria !== null && matches(aria));
  });
  if (found.length !== 1) throw new Error(`${found.length} controls labelled ${label} in ${page.url}`);
  const name = found[0].getAttribute("name");
  if (!name) throw new Error(`the control labelled ${label} has no name`);
  return name;
}
