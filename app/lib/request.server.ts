/**
 * Facts the Express layer attaches to each request as internal headers (always overwritten there,
 * so a client cannot forge them): the CSP nonce and the client's IP address.
 */
export const NONCE_HEADER = "x-nokturn-nonce";
export const CLIENT_IP_HEADER = "x-nokturn-client-ip";

export function requestNonce(request: Request): string {
  return request.headers.get(NONCE_HEADER) ?? "";
}

/** The client's IP (Express's `req.ip`, which honours TRUST_PROXY), or "unknown". */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}
