/**
 * The time from first paint to the first tap that works (issue #26), for `npm run lighthouse`
 * (`--taps-only` measures only this). Chromium (puppeteer-core) under the issue's mobile profile —
 * Lighthouse's: 412×823 at 1.75 DPR with touch, a phone's user agent, 150 ms latency, 1.6 Mbps down
 * and 750 kbps up (`Network.emulateNetworkConditions`), 4× CPU slowdown
 * (`Emulation.setCPUThrottlingRate`) — against the production server, each run in a fresh browser
 * context (no cookies, cold HTTP cache: a new visitor).
 *
 * Controls, and what "works" means:
 * - `add`: the product page's "Dodaj do koszyka" (a size is picked first when none is) — the cart on
 *   the server gains the product: the `nokturn_cart_count` cookie the cart's answers set goes up
 *   (a plain form that navigates to `/cart` and a fetcher that updates in place both set it), checked
 *   afterwards against the `/cart` the server renders for the browser's cookies.
 * - `plus`: `/cart` with two products in it (added by clicking the product page's button, like a
 *   buyer, before the throttling; the HTTP cache is cleared after), the first line's "+" — the
 *   quantity on the server rises (the count cookie, then `/cart` from the server).
 * - `menu`: `/`, the mobile menu button — the menu's panel is shown (its `beforetoggle` to open, or
 *   the panel visible).
 * - `photo`: a gallery's first photo — the full-size view is shown: the photo's own page
 *   (`…/zdjecie/1`) painted, or the lightbox visible in place.
 *
 * Two kinds of run, alternated, N of each per control (`--tap-runs`, 5 by default):
 * - **At first paint**: the page is loaded; at its first contentful paint (the `firstContentfulPaint`
 *   lifecycle event of the DevTools protocol, which does not wait for the page's main thread) the
 *   control is found (one evaluation in the page; scrolled into view if it is below the fold) and
 *   tapped once: touch start and end at its centre (`Input.dispatchTouchEvent`). Honoured = the
 *   effect appears within 15 s of the tap; reported with the times from the paint to the touch and
 *   to the effect, and whether the effect came by a navigation (plain form or link) or in place.
 * - **Repeated**: from the first paint the control is tapped every 250 ms (never two taps at once: a
 *   tap waits for the page to take the previous one) until the effect appears. The tap that worked is
 *   the one whose click came last before the effect's cause — the navigation or the POST to the cart
 *   (seen on the network, not in the page), the menu's `beforetoggle`, the photo click the script
 *   took over (`defaultPrevented`) — and every tap before it was lost.
 *
 * A small probe in every document (added before the page's own scripts) reports with page-side
 * timestamps: hydration (`<html data-hydrated="true">`, set by `root.tsx`), the menu's opening,
 * every click, and clicks the page's script took over. All times are wall-clock and relative to the first paint,
 * except "painted", which is counted from the start of the navigation.
 */
import { setTimeout as sleep } from "node:timers/promises";
import puppeteer, { type Browser, type BrowserContext, type Page } from "puppeteer-core";
import { readCartCount } from "../app/modules/cart/cart-view";

/** Issue #26's phone: Lighthouse's mobile profile, applied with the DevTools protocol. */
export const MOBILE_PROFILE = {
  viewport: { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  latencyMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
  cpuSlowdown: 4,
} as const;

/** Lighthouse's mobile user agent (its "moto g power"), so the server sees a phone, not a bot. */
function mobileUserAgent(browserVersion: string) {
  const major = /\/(\d+)\./.exec(browserVersion)?.[1] ?? "130";
  return `Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`;
}

/** The products a filled cart holds (the cart's page is measured with them, like Lighthouse's). */
export const CART_PRODUCTS = ["koszulka-nokturn-logo", "naklejki-pack-vol-1"];
/** Units in the cart, readable by scripts, set by every answer of the cart (decision 031). */
const CART_COUNT_COOKIE = "nokturn_cart_count";

const ADD_BUTTON = '[data-testid="add-to-cart"]';
const SIZE_PICKER = '[data-testid="size-picker"]';
/** A size that can be bought: the label of an enabled radio (the radio itself is visually hidden). */
const AVAILABLE_SIZE = `${SIZE_PICKER} label:has(input[type="radio"]:not(:disabled))`;

const TAP_INTERVAL_MS = 250;
/** How long a tap has to show its effect. */
const EFFECT_TIMEOUT_MS = 15_000;
/** How long the repeated taps go on without an effect before the run gives up. */
const REPEAT_WINDOW_MS = 30_000;
const PAINT_TIMEOUT_MS = 45_000;

export type TapControlId = "add" | "plus" | "menu" | "photo";

type ProbeEvent = { kind: "hydrated" | "menu-open" | "click" | "taken-click"; at: number; url: string };

/** One page load of one control: what the browser and the probe reported, all in wall-clock ms. */
type Run = {
  page: Page;
  context: BrowserContext;
  origin: string;
  url: string;
  /** Units in the cart before the tap, and the quantities of its lines on the server. */
  before: { count: number; quantities: number[] | null };
  lifecycle: { name: string; loaderId: string; at: number }[];
  /** Navigations and POSTs to the cart that started after the first tap. */
  triggers: { at: number; kind: "navigation" | "post" }[];
  events: ProbeEvent[];
  armed: boolean;
};

type Control = {
  id: TapControlId;
  label: string;
  path: string;
  /** Before the page is loaded (no throttling yet): e.g. fill the cart. */
  prepare?(page: Page, origin: string): Promise<void>;
  /** One tap on the control (with what must come first, e.g. the size); when its touch started. */
  tap(run: Run): Promise<number | null>;
  /** When the effect appeared (wall clock), or null if it has not (yet). */
  effect(run: Run): Promise<number | null>;
  /** The server's own word after the run (null: could not tell). */
  confirm?(run: Run): Promise<boolean | null>;
  /** A click the page's script took over is the cause of the effect (the lightbox opening in place). */
  takenClickIsCause?: boolean;
};

// ——— the cart, as the server and the browser's cookies see it ———

function cookieHeader(cookies: { name: string; value: string }[]) {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** The count cookie's value (0 when there is none), read as the badge reads it (React Router's encoding). */
export async function cartCount(context: BrowserContext): Promise<number> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === CART_COUNT_COOKIE);
  return cookie ? readCartCount(cookieHeader([cookie])) : 0;
}

/** The quantities of the lines of the cart the server renders for these cookies (null: none found). */
export async function serverCartQuantities(origin: string, cookie: string): Promise<number[] | null> {
  const response = await fetch(new URL("/cart", origin), { headers: { cookie } });
  if (!response.ok) return null;
  const html = await response.text();
  const quantities = [
    ...html.matchAll(/data-testid="line-quantity-value"[^>]*>\s*(?:<!-- -->)?\s*(\d+)/g),
  ].map((match) => Number(match[1]));
  return quantities.length > 0 ? quantities : null;
}

/**
 * Adds the product to the cart like a buyer, in a page without throttling: opens its page, picks the
 * first size in stock if none is picked, clicks "Dodaj do koszyka" and waits for the cart's count
 * cookie to go up — whether the form was sent in place (a fetcher) or as a plain form that ends on
 * `/cart`. Used by `npm run lighthouse` to fill the cart of `/cart`'s runs as well.
 */
export async function addToCartLikeABuyer(page: Page, origin: string, slug: string) {
  const context = page.browserContext();
  const before = await cartCount(context);
  await page.goto(new URL(`/merch/${slug}`, origin).toString(), { waitUntil: "load" });
  // A page that works from the first paint needs no wait; a hydrated one is what a buyer meets later.
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 }).catch(() => {});
  if (!(await sizeIsPicked(page))) await page.click(AVAILABLE_SIZE);
  await page.click(ADD_BUTTON);
  const deadline = Date.now() + 30_000;
  while ((await cartCount(context)) <= before) {
    if (Date.now() > deadline) throw new Error(`Adding ${slug} to the cart: the count cookie never went up`);
    await sleep(100);
  }
  // A plain form goes on to /cart: let that page arrive before the next one is opened.
  await page.waitForNetworkIdle({ idleTime: 300, timeout: 15_000 }).catch(() => {});
}

/** Puts CART_PRODUCTS in the cart of the page's browser context; returns its cookies as a header. */
export async function fillCartLikeABuyer(page: Page, origin: string): Promise<string> {
  for (const slug of CART_PRODUCTS) await addToCartLikeABuyer(page, origin, slug);
  return cookieHeader(await page.browserContext().cookies());
}

/** There is no size to pick, or one is picked. */
async function sizeIsPicked(page: Page) {
  return page.evaluate((picker) => {
    const radios = [...document.querySelectorAll<HTMLInputElement>(`${picker} input[type="radio"]`)];
    return radios.length === 0 || radios.some((radio) => radio.checked);
  }, SIZE_PICKER);
}

// ——— taps ———

/**
 * Where to touch the element: its centre, after scrolling it into view if it is not (as a thumb would
 * scroll first); null while it is not on the page, "skip" when `unless` matches. One evaluation in the
 * page's own world and nothing else: puppeteer's `waitForSelector()`/`tap()` first inject their
 * helper script into the new document, which took 0.6–0.8 s at 4× CPU and would tap late.
 */
function locate(selector: string, unless: string | null) {
  return `(() => {
    if (${JSON.stringify(unless)} && document.querySelector(${JSON.stringify(unless)})) return "skip";
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) return null;
    const box = element.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth)
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    // "instant": the site scrolls smoothly (scroll-behavior), and the box would be read mid-way.
    element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    // The thumb lifts after the scrolled page is on screen: a frame with the new scroll position.
    return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
      const after = element.getBoundingClientRect();
      resolve({ x: after.left + after.width / 2, y: after.top + after.height / 2 });
    })));
  })()`;
}

/**
 * Taps the element like a finger: touch start and touch end at its centre (the DevTools protocol's
 * `Input.dispatchTouchEvent`; the browser turns them into a click, handled whenever the page's main
 * thread gets to it). Waits up to 10 s for the element. Returns when the touch started, or null when
 * skipped (`unless` matched).
 */
async function tapOn(page: Page, selector: string, unless: string | null = null): Promise<number | null> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const point = (await page.evaluate(locate(selector, unless))) as { x: number; y: number } | "skip" | null;
    if (point === "skip") return null;
    if (point) {
      const touchedAt = Date.now();
      await page.touchscreen.touchStart(point.x, point.y);
      await page.touchscreen.touchEnd();
      return touchedAt;
    }
    if (Date.now() > deadline) throw new Error(`${selector}: not on the page`);
    await sleep(50);
  }
}

/** `promise`'s value, or `fallback` after `ms` or on failure (a page navigating away, a busy page). */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    promise.catch(() => fallback),
    new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms);
    }),
  ]);
  clearTimeout(timer);
  return result;
}

/** The first contentful paint of a document other than the first one (a navigation's page shown). */
function laterPaint(run: Run): number | null {
  const first = run.lifecycle.find((event) => event.name === "firstContentfulPaint");
  const later = run.lifecycle.find(
    (event) => event.name === "firstContentfulPaint" && event.loaderId !== first?.loaderId,
  );
  return later?.at ?? null;
}

const cartGained = async (run: Run) =>
  (await within(cartCount(run.context), 5_000, run.before.count)) > run.before.count ? Date.now() : null;

async function serverQuantities(run: Run) {
  return serverCartQuantities(run.origin, cookieHeader(await run.context.cookies()));
}

const CONTROLS: Control[] = [
  {
    id: "add",
    label: 'Produkt, "Dodaj do koszyka"',
    path: `/merch/${CART_PRODUCTS[0]}`,
    async tap(run) {
      // The server renders the first size in stock as picked; a size is tapped only if none is.
      await tapOn(run.page, AVAILABLE_SIZE, `html:not(:has(${SIZE_PICKER})), ${SIZE_PICKER} input:checked`);
      return tapOn(run.page, ADD_BUTTON);
    },
    effect: cartGained,
    async confirm(run) {
      const quantities = await serverQuantities(run);
      return quantities === null ? null : quantities.reduce((sum, quantity) => sum + quantity, 0) > 0;
    },
  },
  {
    id: "plus",
    label: 'Koszyk (2 produkty), "+"',
    path: "/cart",
    async prepare(page, origin) {
      await fillCartLikeABuyer(page, origin);
      // A new visit to /cart, like Lighthouse's: the product pages' scripts are not in the cache.
      const cdp = await page.createCDPSession();
      await cdp.send("Network.clearBrowserCache");
      await cdp.detach();
    },
    async tap(run) {
      return tapOn(run.page, '[data-testid="cart-line"] button[aria-label^="Zwiększ ilość"]');
    },
    effect: cartGained,
    async confirm(run) {
      const quantities = await serverQuantities(run);
      const before = run.before.quantities?.[0];
      return quantities === null || before === undefined ? null : quantities[0] > before;
    },
  },
  {
    id: "menu",
    label: "Menu mobilne",
    path: "/",
    async tap(run) {
      return tapOn(run.page, '[data-testid="mobile-menu-button"]');
    },
    async effect(run) {
      const opened = run.events.find((event) => event.kind === "menu-open");
      if (opened) return opened.at;
      const visible = await within(
        run.page.evaluate(() => {
          const panel = document.querySelector('[data-testid="mobile-menu"]');
          return Boolean(panel?.checkVisibility());
        }),
        2_000,
        false,
      );
      return visible ? Date.now() : null;
    },
  },
  {
    id: "photo",
    label: "Galeria, zdjęcie",
    path: "/gallery/nokturn-listopad-2025",
    takenClickIsCause: true,
    async tap(run) {
      return tapOn(run.page, '[data-testid="photo-tile"]');
    },
    async effect(run) {
      // Its own page (a plain link: before hydration or without scripts), once painted…
      if (/\/zdjecie\/\d+$/.test(new URL(run.page.url()).pathname)) {
        const painted = laterPaint(run);
        if (painted) return painted;
      }
      // …or the lightbox in place (after hydration).
      const visible = await within(
        run.page.evaluate(() => {
          const lightbox = document.querySelector('[data-testid="lightbox"]');
          return Boolean(lightbox?.checkVisibility());
        }),
        2_000,
        false,
      );
      return visible ? Date.now() : null;
    },
  },
];

export const TAP_CONTROLS: readonly { id: TapControlId; label: string; path: string }[] = CONTROLS;

/**
 * Reports to the script what happens in the page, with the page's own timestamps (wall clock). A
 * string, not a function: tsx's transform would wrap the inner functions in a helper the page lacks.
 */
const PROBE = `(() => {
  const report = window.__firstTapReport;
  if (typeof report !== "function") return;
  const send = (kind) => report(kind, performance.timeOrigin + performance.now(), location.href);
  let hydrated = false;
  new MutationObserver(() => {
    if (!hydrated && document.documentElement && document.documentElement.dataset.hydrated === "true") {
      hydrated = true;
      send("hydrated");
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
  document.addEventListener("beforetoggle", (event) => {
    const target = event.target;
    if (event.newState === "open" && target.matches && target.matches('[data-testid="mobile-menu"]')) send("menu-open");
  }, true);
  // Every click, before anything else sees it (taps and clicks are matched by time).
  window.addEventListener("click", () => send("click"), true);
  // Bubbling to the window, after the page's own listeners (React's are on the document).
  window.addEventListener("click", (event) => {
    if (event.defaultPrevented) send("taken-click");
  });
})();`;

type Mode = "first-paint" | "repeated";

/**
 * How the effect came: a navigation (a plain form or link: before hydration or without scripts), or
 * in place (a fetcher's POST, the lightbox, the popover).
 */
type EffectPath = "navigation" | "in place" | null;

export type FirstPaintRun = {
  paintMs: number | null;
  /**
   * When the touch started, after the paint (finding the control and scrolling to it take one trip to
   * the page's main thread), and when the page had taken the touch's end (a busy main thread holds it).
   */
  tapDelayMs: number | null;
  tapDeliveredAfterPaintMs: number | null;
  effectPath: EffectPath;
  honoured: boolean;
  effectAfterPaintMs: number | null;
  hydratedAfterPaintMs: number | null;
  /** The server holds the change (cart controls; null: not applicable or could not tell). */
  serverConfirmed: boolean | null;
  error?: string;
};

export type RepeatedRun = {
  paintMs: number | null;
  taps: number;
  /** 0-based index of the tap that worked, null when none did. */
  workingTap: number | null;
  firstWorkingTapAfterPaintMs: number | null;
  tapsLost: number;
  effectAfterPaintMs: number | null;
  hydratedAfterPaintMs: number | null;
  effectPath: EffectPath;
  serverConfirmed: boolean | null;
  error?: string;
};

/** One load of the control's page in a fresh context, tapped at first paint or repeatedly from it. */
async function measureOnce(
  browser: Browser,
  origin: string,
  control: Control,
  mode: Mode,
): Promise<FirstPaintRun | RepeatedRun> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const url = new URL(control.path, origin).toString();
  const run: Run = {
    page,
    context,
    origin,
    url,
    before: { count: 0, quantities: null },
    lifecycle: [],
    triggers: [],
    events: [],
    armed: false,
  };
  try {
    await control.prepare?.(page, origin);
    run.before = {
      count: await cartCount(context),
      quantities: control.id === "plus" ? await serverQuantities(run) : null,
    };
    await page.goto("about:blank");

    await page.exposeFunction("__firstTapReport", (kind: string, at: number, pageUrl: string) => {
      run.events.push({ kind: kind as ProbeEvent["kind"], at, url: pageUrl });
    });
    await page.evaluateOnNewDocument(PROBE);
    await page.setViewport(MOBILE_PROFILE.viewport);
    await page.setUserAgent(mobileUserAgent(await browser.version()));
    await page.emulateNetworkConditions({
      offline: false,
      latency: MOBILE_PROFILE.latencyMs,
      download: (MOBILE_PROFILE.downloadKbps * 1024) / 8,
      upload: (MOBILE_PROFILE.uploadKbps * 1024) / 8,
    });
    await page.emulateCPUThrottling(MOBILE_PROFILE.cpuSlowdown);

    const cdp = await page.createCDPSession();
    await cdp.send("Page.enable");
    await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
    const { frameTree } = await cdp.send("Page.getFrameTree");
    const mainFrame = frameTree.frame.id;
    cdp.on("Page.lifecycleEvent", (event) => {
      if (event.frameId === mainFrame)
        run.lifecycle.push({ name: event.name, loaderId: event.loaderId, at: Date.now() });
    });
    page.on("request", (request) => {
      if (!run.armed) return;
      const isNavigation = request.isNavigationRequest() && request.frame() === page.mainFrame();
      const toCart = request.method() === "POST" && new URL(request.url()).pathname.startsWith("/cart");
      if (isNavigation || toCart)
        run.triggers.push({ at: Date.now(), kind: isNavigation ? "navigation" : "post" });
    });

    const started = Date.now();
    // Not awaited: the taps start at the first paint, long before `load` (and may navigate away).
    void page.goto(url, { waitUntil: "load", timeout: 120_000 }).catch(() => {});
    const paintDeadline = started + PAINT_TIMEOUT_MS;
    let paintedAt: number | undefined;
    while (!paintedAt) {
      paintedAt = run.lifecycle.find((event) => event.name === "firstContentfulPaint")?.at;
      if (paintedAt) break;
      if (Date.now() > paintDeadline) throw new Error("no first contentful paint");
      await sleep(5);
    }
    /** Hydration of the first document (not of a page a tap navigated to), waiting up to 10 s for it. */
    const hydratedAfterPaint = async () => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const left =
          run.triggers.find((trigger) => trigger.kind === "navigation")?.at ?? Number.POSITIVE_INFINITY;
        const hydrated = run.events.find(
          (event) => event.kind === "hydrated" && event.url === url && event.at < left,
        );
        if (hydrated) return Math.round(hydrated.at - paintedAt);
        if (left !== Number.POSITIVE_INFINITY || Date.now() > deadline) return null;
        await sleep(100);
      }
    };
    const effectPath = (effectAt: number | null): EffectPath =>
      effectAt === null
        ? null
        : run.triggers.some((trigger) => trigger.kind === "navigation" && trigger.at <= effectAt)
          ? "navigation"
          : "in place";
    const waitForEffect = async (until: number) => {
      for (;;) {
        const at = await control.effect(run);
        if (at !== null) return at;
        if (Date.now() > until) return null;
        await sleep(100);
      }
    };

    run.armed = true;
    if (mode === "first-paint") {
      let tappedAt: number | null = null;
      let deliveredAt: number | null = null;
      let error: string | undefined;
      try {
        tappedAt = Date.now();
        // When the touch started (after finding the control in the page and scrolling to it).
        tappedAt = (await control.tap(run)) ?? tappedAt;
        deliveredAt = Date.now();
      } catch (tapError) {
        error = `tap: ${(tapError as Error).message.split("\n")[0]}`;
      }
      const effectAt = await waitForEffect((tappedAt ?? Date.now()) + EFFECT_TIMEOUT_MS);
      return {
        paintMs: paintedAt - started,
        tapDelayMs: tappedAt === null ? null : tappedAt - paintedAt,
        tapDeliveredAfterPaintMs: deliveredAt === null ? null : deliveredAt - paintedAt,
        effectPath: effectPath(effectAt),
        honoured: effectAt !== null,
        effectAfterPaintMs: effectAt === null ? null : Math.round(effectAt - paintedAt),
        hydratedAfterPaintMs: await hydratedAfterPaint(),
        serverConfirmed: effectAt !== null && control.confirm ? await control.confirm(run) : null,
        ...(error ? { error } : {}),
      } satisfies FirstPaintRun;
    }

    const taps: number[] = [];
    const causeSeen = () =>
      run.triggers.length > 0 ||
      (control.takenClickIsCause === true && run.events.some((event) => event.kind === "taken-click"));
    let effectAt: number | null = null;
    for (let index = 0; Date.now() < paintedAt + REPEAT_WINDOW_MS; index++) {
      const slot = paintedAt + index * TAP_INTERVAL_MS;
      if (slot > Date.now()) await sleep(slot - Date.now());
      if (causeSeen()) break;
      if (index > 0) {
        effectAt = await control.effect(run);
        if (effectAt !== null || causeSeen()) break;
      }
      const attempt = Date.now();
      // A tap that finds no control (the page is navigating after the previous one) still counts.
      taps.push((await control.tap(run).catch(() => null)) ?? attempt);
    }
    effectAt ??= await waitForEffect(Date.now() + EFFECT_TIMEOUT_MS);
    const takenClick = control.takenClickIsCause
      ? run.events.find((event) => event.kind === "taken-click")?.at
      : undefined;
    const cause =
      effectAt === null
        ? null
        : Math.min(
            run.triggers[0]?.at ?? Number.POSITIVE_INFINITY,
            takenClick ?? Number.POSITIVE_INFINITY,
            effectAt,
          );
    // The click that did it: the last one before the cause (a tap's click comes a little after its
    // touch, and the navigation or POST a little after the click); its tap, the last touch before it.
    const clickAt =
      cause === null
        ? undefined
        : run.events.filter((event) => event.kind === "click" && event.at <= cause).at(-1)?.at;
    const reference = clickAt ?? cause;
    let workingTap: number | null = null;
    if (reference !== null) {
      for (const [index, at] of taps.entries()) if (at <= reference) workingTap = index;
    }
    return {
      paintMs: paintedAt - started,
      taps: taps.length,
      workingTap,
      firstWorkingTapAfterPaintMs: workingTap === null ? null : Math.round(taps[workingTap] - paintedAt),
      tapsLost: workingTap ?? taps.length,
      effectAfterPaintMs: effectAt === null ? null : Math.round(effectAt - paintedAt),
      hydratedAfterPaintMs: await hydratedAfterPaint(),
      effectPath: effectPath(effectAt),
      serverConfirmed: effectAt !== null && control.confirm ? await control.confirm(run) : null,
    } satisfies RepeatedRun;
  } catch (error) {
    const message = (error as Error).message.split("\n")[0];
    return mode === "first-paint"
      ? {
          paintMs: null,
          tapDelayMs: null,
          tapDeliveredAfterPaintMs: null,
          effectPath: null,
          honoured: false,
          effectAfterPaintMs: null,
          hydratedAfterPaintMs: null,
          serverConfirmed: null,
          error: message,
        }
      : {
          paintMs: null,
          taps: 0,
          workingTap: null,
          firstWorkingTapAfterPaintMs: null,
          tapsLost: 0,
          effectAfterPaintMs: null,
          hydratedAfterPaintMs: null,
          effectPath: null,
          serverConfirmed: null,
          error: message,
        };
  } finally {
    await context.close().catch(() => {});
  }
}

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2);
};
const present = (values: (number | null)[]) => values.filter((value): value is number => value !== null);

export type TapSummary = {
  control: TapControlId;
  label: string;
  path: string;
  runs: number;
  /** Runs whose tap at first paint was honoured. */
  honoured: number;
  paintMs: number | null;
  hydratedAfterPaintMs: number | null;
  /**
   * Median time from the paint to the touch of the tap at first paint: finding the control takes one
   * trip to the page's main thread, which a busy page delays (a finger would not wait for it, but its
   * tap would wait in the queue all the same).
   */
  tapMadeAfterPaintMs: number | null;
  /** Median time from the paint to the effect of the tap made at the paint (honoured runs). */
  effectAfterPaintMs: number | null;
  /** Median time from the paint to the first tap that worked (repeated taps every 250 ms). */
  firstWorkingTapAfterPaintMs: number | null;
  /** Taps lost before the first that worked, per repeated run. */
  tapsLost: number[];
  /** Repeated runs in which no tap worked. */
  repeatedWithoutEffect: number;
  /** A change of the cart that the server did not hold afterwards (should be 0). */
  serverDisagreed: number;
  target: "met" | "not met";
  firstPaintRuns: FirstPaintRun[];
  repeatedRuns: RepeatedRun[];
};

const seconds = (ms: number | null) => (ms === null ? "—" : `${(ms / 1000).toFixed(2)} s`);

/** Progress line of one run. */
function describe(run: FirstPaintRun | RepeatedRun) {
  const painted = `painted ${seconds(run.paintMs)}`;
  const hydrated = `hydrated +${seconds(run.hydratedAfterPaintMs)}`;
  if (run.error && run.paintMs === null) return `error: ${run.error}`;
  if ("honoured" in run)
    return `${painted}, ${hydrated}; tap at paint (touch +${seconds(run.tapDelayMs)}, taken +${seconds(run.tapDeliveredAfterPaintMs)}) ${
      run.honoured
        ? `honoured, effect +${seconds(run.effectAfterPaintMs)} (${run.effectPath})`
        : "not honoured"
    }${run.serverConfirmed === false ? " (server disagrees)" : ""}${run.error ? ` [${run.error}]` : ""}`;
  return `${painted}, ${hydrated}; ${run.taps} taps, ${
    run.workingTap === null
      ? "none worked"
      : `tap ${run.workingTap + 1} worked at +${seconds(run.firstWorkingTapAfterPaintMs)} (${run.tapsLost} lost; ${run.effectPath})`
  }${run.serverConfirmed === false ? " (server disagrees)" : ""}`;
}

/**
 * Measures the chosen controls against the server at `origin`, `runs` runs of each kind per control,
 * in one Chromium of its own. `log` gets a line per run.
 */
export async function measureFirstTaps({
  origin,
  chromePath,
  chromeFlags,
  runs,
  controls,
  log = (line) => process.stdout.write(`${line}\n`),
}: {
  origin: string;
  chromePath: string;
  chromeFlags: string[];
  runs: number;
  controls: TapControlId[];
  log?: (line: string) => void;
}): Promise<TapSummary[]> {
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: chromeFlags.filter((flag) => !flag.startsWith("--headless")),
  });
  const summaries: TapSummary[] = [];
  try {
    for (const control of CONTROLS.filter((candidate) => controls.includes(candidate.id))) {
      // Warm-up request: the server's first render of a page is not what visitors see.
      await fetch(new URL(control.path, origin)).then((response) => response.arrayBuffer());
      const firstPaintRuns: FirstPaintRun[] = [];
      const repeatedRuns: RepeatedRun[] = [];
      for (let index = 1; index <= runs; index++) {
        const atPaint = (await measureOnce(browser, origin, control, "first-paint")) as FirstPaintRun;
        firstPaintRuns.push(atPaint);
        log(`  ${control.id} ${control.path} run ${index}/${runs}, at first paint: ${describe(atPaint)}`);
        const repeated = (await measureOnce(browser, origin, control, "repeated")) as RepeatedRun;
        repeatedRuns.push(repeated);
        log(`  ${control.id} ${control.path} run ${index}/${runs}, every 250 ms: ${describe(repeated)}`);
      }
      const honoured = firstPaintRuns.filter((run) => run.honoured).length;
      const all = [...firstPaintRuns, ...repeatedRuns];
      summaries.push({
        control: control.id,
        label: control.label,
        path: control.path,
        runs,
        honoured,
        paintMs: median(present(all.map((run) => run.paintMs))),
        hydratedAfterPaintMs: median(present(all.map((run) => run.hydratedAfterPaintMs))),
        tapMadeAfterPaintMs: median(present(firstPaintRuns.map((run) => run.tapDelayMs))),
        effectAfterPaintMs: median(present(firstPaintRuns.map((run) => run.effectAfterPaintMs))),
        firstWorkingTapAfterPaintMs: median(
          present(repeatedRuns.map((run) => run.firstWorkingTapAfterPaintMs)),
        ),
        tapsLost: repeatedRuns.map((run) => run.tapsLost),
        repeatedWithoutEffect: repeatedRuns.filter((run) => run.workingTap === null).length,
        serverDisagreed: all.filter((run) => run.serverConfirmed === false).length,
        target: honoured === runs ? "met" : "not met",
        firstPaintRuns,
        repeatedRuns,
      });
    }
  } finally {
    await browser.close();
  }
  return summaries;
}

/** The "First tap" table, as Markdown rows (header first). */
export function firstTapTable(summaries: TapSummary[]): string[][] {
  const header = [
    "Control (page)",
    "Painted",
    "Hydrated after paint",
    "Tap at paint made",
    "Tap at first paint honoured",
    "Its effect after paint",
    "First working tap after paint",
    "Taps lost (runs)",
    "Target",
  ];
  const rows = summaries.map((summary) => [
    `${summary.label} (${summary.path})`,
    seconds(summary.paintMs),
    seconds(summary.hydratedAfterPaintMs),
    `+${seconds(summary.tapMadeAfterPaintMs)}`,
    `${summary.honoured}/${summary.runs}`,
    seconds(summary.effectAfterPaintMs),
    summary.repeatedWithoutEffect > 0
      ? `${seconds(summary.firstWorkingTapAfterPaintMs)} (${summary.repeatedWithoutEffect} run(s): none)`
      : seconds(summary.firstWorkingTapAfterPaintMs),
    summary.tapsLost.join("/"),
    summary.serverDisagreed > 0
      ? `${summary.target}; server disagreed ${summary.serverDisagreed}×`
      : summary.target,
  ]);
  return [header, ...rows];
}
