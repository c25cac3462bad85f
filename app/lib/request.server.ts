/**
 * Facts the Express layer attaches to each request as internal headers (always overwritten there,
 * so a client cannot forge them): the CSP nonce, the client's IP address, and whether the page cache
 * may keep the answer.
 */
export const NONCE_HEADER = "x-nokturn-nonce";
export const CLIENT_IP_HEADER = "x-nokturn-client-ip";
/**
 * Set (to "1") on a request whose answer the page cache may keep: the document is then rendered whole,
 * its inline scripts hashed and the nonce removed (app/lib/inline-scripts.server.ts).
 */
export const PAGE_CACHE_HEADER = "x-nokturn-page-cache";
/** Response header (internal, removed before sending) with the hashes of the page's inline scripts. */
export const SCRIPT_HASHES_HEADER = "x-nokturn-script-hashes";

/** Whether the page cache may keep this request's answer (see PAGE_CACHE_HEADER). */
export function isPageCacheRender(request: Request): boolean {
  return request.headers.get(PAGE_CACHE_HEADER) === "1";
}

export function requestNonce(request: Request): string {
  return request.headers.get(NONCE_HEADER) ?? "";
}

/** The client's IP (Express's `req.ip`, which honours TRUST_PROXY), or "unknown". */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}

/** The value of one cookie of the request, or null. */
export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}
