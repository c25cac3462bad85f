/**
 * URLs as logs may show them (issue #14): one-time links and payment sessions are secrets, so query
 * parameters that carry one (password-reset and verify-email tokens, order-status tokens, payment
 * session ids) and path segments that are one (invitation tokens, test payment ids, better-auth's reset
 * token, the stock alerts' confirmation and unsubscribe tokens) are replaced with "[redacted]". The
 * rest of the URL stays, so a line still says what was asked.
 *
 * Requests the app refuses are logged too, so every spelling counts, not only the one the app reads
 * (issue #29): escaped names and separators (`token%3D…`, an escaped `&` or `?` inside a value), `;`
 * between parameters, several layers of escaping, and a token put in the path — after an order's id,
 * in its place, or as `;token=…`.
 */

export const REDACTED = "[redacted]";

/** Query parameters whose value is a secret, by name (case-insensitive). */
const SECRET_PARAM = /token|session_?id|secret|password|signature|^code$|^key$|otp/i;

/**
 * Paths whose next segment is a secret (as segments, so any spelling React Router still routes —
 * another case, an escaped letter, a doubled slash — is caught too).
 */
const SECRET_SEGMENT_AFTER = [
  ["zaproszenie"],
  ["platnosc-testowa"],
  ["api", "auth", "reset-password"],
  // "Powiadom mnie": the confirmation link's token and the unsubscribe link's signed alert id.
  ["powiadom-mnie", "potwierdz"],
  ["powiadom-mnie", "wypisz"],
];

/** An order's page: its id is no secret, but a token pasted in its place or after it is. */
const ORDER_PAGE = "zamowienie";
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.data)?$/i;

/** One layer of percent-decoding; a broken escape is left as it is and the rest still decoded. */
function decodeOnce(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%[0-9a-f]{2}/gi, (sequence) => {
      const code = Number.parseInt(sequence.slice(1), 16);
      return code < 0x80 ? String.fromCharCode(code) : sequence;
    });
  }
}

/** Every layer of percent-encoding a client may have added (a few are enough to hide a name). */
function decodeLayers(text: string) {
  let current = text;
  for (let layer = 0; layer < 4; layer++) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * Whether decoded text assigns a secret somewhere: `name=value` after any separator a URL or a sloppy
 * client may use (`&`, `;`, `?`, `/`, `#`, white space).
 */
function assignsSecret(decoded: string) {
  return decoded.split(/[?&;#/\s]/).some((piece) => {
    const at = piece.indexOf("=");
    return at > 0 && SECRET_PARAM.test(piece.slice(0, at));
  });
}

/** A redacted path segment, keeping single-fetch's `.data`, which says which kind of request it was. */
function redactedSegment(segment: string) {
  return `${REDACTED}${segment.endsWith(".data") ? ".data" : ""}`;
}

function redactPath(path: string) {
  const segments = path.split("/");
  const names = segments.map((segment) => decodeLayers(segment).toLowerCase());
  // The route's own segments, as React Router matches them: empty ones (a doubled slash) do not count.
  const filled = names.flatMap((name, index) => (name ? [index] : []));
  const secret = new Set<number>();
  for (const prefix of SECRET_SEGMENT_AFTER) {
    if (prefix.every((name, at) => names[filled[at]] === name) && filled[prefix.length] !== undefined) {
      secret.add(filled[prefix.length]);
    }
  }
  if (names[filled[0]] === ORDER_PAGE) {
    for (const [at, index] of filled.slice(1).entries()) {
      if (at > 0 || !ORDER_ID.test(segments[index])) secret.add(index);
    }
  }
  segments.forEach((segment, index) => {
    if (assignsSecret(decodeLayers(segment))) secret.add(index);
  });
  if (secret.size === 0) return path;
  return segments.map((segment, index) => (secret.has(index) ? redactedSegment(segment) : segment)).join("/");
}

function redactQuery(query: string) {
  // `;` separates parameters for some servers and proxies: a token after one is a token all the same.
  return query
    .split(/([&;])/)
    .map((pair, index) => {
      if (index % 2 === 1) return pair;
      const at = pair.indexOf("=");
      const rawName = at === -1 ? pair : pair.slice(0, at);
      const name = decodeLayers(rawName.replace(/\+/g, " "));
      if (at !== -1 && SECRET_PARAM.test(name)) return `${rawName}=${REDACTED}`;
      // An escaped `=`, `&` or `?` hides a secret inside one pair: the whole value goes.
      const decoded = decodeLayers(pair.replace(/\+/g, " "));
      if (!assignsSecret(decoded)) return pair;
      return at !== -1
        ? `${rawName}=${REDACTED}`
        : `${encodeURIComponent(decoded.split("=")[0])}=${REDACTED}`;
    })
    .join("");
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
