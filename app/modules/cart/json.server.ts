/** JSON endpoints of the shop: bodies read defensively, answers never cached, failures in Polish. */

/** Largest JSON body the shop's endpoints read (a full cart is a few kilobytes). */
const MAX_BODY_BYTES = 64 * 1024;

export class BadRequest extends Error {}

/**
 * Reads a JSON body. Refuses anything that is not `application/json` (cross-site forms cannot send
 * that without a CORS preflight, which we never allow) or is larger than 64 kB.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) throw new BadRequest("content type");
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new BadRequest("too large");
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest("malformed");
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function methodNotAllowed() {
  return Response.json(
    { message: "Nieobsługiwana metoda żądania." },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}
