/**
 * URLs as logs may show them (issue #14): one-time links and payment sessions are secrets, so query
 * parameters that carry one (password-reset and verify-email tokens, order-status tokens, payment
 * session ids) and path segments that are one (invitation tokens, test payment ids, better-auth's reset
 * token) are replaced with "[redacted]". The rest of the URL stays, so a line still says what was asked.
 */

export const REDACTED = "[redacted]";

/** Query parameters whose value is a secret, by name (case-insensitive). */
const SECRET_PARAM = /token|session_?id|secret|password|signature|^code$|^key$|otp/i;

/** Path prefixes whose next segment is a secret. */
const SECRET_SEGMENT_AFTER = ["/zaproszenie/", "/platnosc-testowa/", "/api/auth/reset-password/"];

function redactPath(path: string) {
  for (const prefix of SECRET_SEGMENT_AFTER) {
    if (!path.toLowerCase().startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const end = rest.indexOf("/");
    const segment = end === -1 ? rest : rest.slice(0, end);
    if (!segment) return path;
    // Single-fetch requests add `.data`; it says which kind of request it was, so it stays.
    const suffix = segment.endsWith(".data") ? ".data" : "";
    return `${prefix}${REDACTED}${suffix}${end === -1 ? "" : rest.slice(end)}`;
  }
  return path;
}

function redactQuery(query: string) {
  return query
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      const rawName = at === -1 ? pair : pair.slice(0, at);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // a broken escape: judge the raw name
      }
      return at !== -1 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join("&");
}

/**
 * The URL (absolute, or a path with its query as Express's `req.url`) without secrets. Anything that
 * is no URL is returned as it came.
 */
export function redactUrl(url: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  const origin = absolute?.[0] ?? "";
  const rest = url.slice(origin.length);
  const hashAt = rest.indexOf("#");
  const withoutHash = hashAt === -1 ? rest : rest.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? null : withoutHash.slice(queryAt + 1);
  // A fragment never reaches the server; if one is logged anyway it may hold anything.
  const hash = hashAt === -1 ? "" : `#${REDACTED}`;
  return `${origin}${redactPath(path)}${query === null ? "" : `?${redactQuery(query)}`}${hash}`;
}

/** Keys of a log line's object that hold a URL or a path. */
const URL_KEYS = ["url", "path", "href", "originalUrl", "redirect", "location"];

/** A log line's fields with every URL-like field redacted (pino's `formatters.log`). */
export function redactLogFields(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key of URL_KEYS) {
    const value = fields[key];
    if (typeof value !== "string") continue;
    const redacted = redactUrl(value);
    if (redacted === value) continue;
    copy ??= { ...fields };
    copy[key] = redacted;
  }
  return copy ?? fields;
}
