// @ts-check
/// <reference lib="webworker" />
/**
 * The door app's service worker (issue #41, decision 041), scope /bramka: the app opens again without
 * network. Pages of /bramka: the network first (fresh when there is signal), the kept copy when not.
 * /assets/* (hashed, never changing): the kept copy first. The API is never kept here — the night,
 * the scans and the outbox live in the app's IndexedDB. Plain JavaScript: it is served as it is.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const CACHE = "nokturn-bramka-v1";
/** How long a page waits for the network before the kept copy answers (a basement's one bar). */
const NETWORK_PATIENCE_MS = 3000;

sw.addEventListener("install", () => {
  void sw.skipWaiting();
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

/** The page tells the worker what it loaded before the worker was in charge: kept now. */
sw.addEventListener("message", (event) => {
  const data = /** @type {{ type?: string; urls?: unknown }} */ (event.data ?? {});
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === "string" && isKept(new URL(url, sw.location.origin)));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          urls.map((url) => cache.add(new Request(url, { credentials: "same-origin" })).catch(() => {})),
        ),
      ),
  );
});

/** @param {URL} url */
function isPage(url) {
  return url.pathname === "/bramka" || url.pathname.startsWith("/bramka/");
}

/** @param {URL} url */
function isKept(url) {
  if (url.origin !== sw.location.origin) return false;
  return isPage(url) || url.pathname.startsWith("/assets/") || url.pathname === "/favicon.svg";
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!isKept(url)) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(keptFirst(request));
    return;
  }
  if (isPage(url) && !url.pathname.endsWith(".data")) event.respondWith(networkFirst(request));
});

/** @param {Request} request */
async function keptFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** @param {Request} request */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise((_, reject) => setTimeout(() => reject(new Error("slow")), NETWORK_PATIENCE_MS)),
    ]);
    const answer = /** @type {Response} */ (response);
    if (answer.ok) await cache.put(request, answer.clone());
    return answer;
  } catch {
    const kept = await cache.match(request, { ignoreSearch: true });
    if (kept) return kept;
    return new Response(
      "<!doctype html><meta charset=utf-8><title>Bramka offline</title><p>Brak sieci, a ta strona nie była jeszcze otwarta na tym telefonie.</p>",
      {
        status: 503,
        headers: { "content-type": "text/html; charset=utf-8" },
      },
    );
  }
}
