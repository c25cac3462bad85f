/** JSON endpoints of the shop: bodies read defensively, answers never cached, failures in Polish. */
import type { z } from "zod";
import { cartIssueMessage, INVALID_CART_MESSAGE } from "./cart.schema";

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

/**
 * The body read and validated by `schema`, or the 400 to answer: a body that is no JSON gets
 * `invalidBody`, one the schema refuses gets `issueMessage` (our own Polish texts, never zod's).
 */
export async function readJsonRequest<T>(
  request: Request,
  schema: z.ZodType<T>,
  {
    invalidBody = INVALID_CART_MESSAGE,
    issueMessage = (error: z.ZodError) => cartIssueMessage(error),
  }: { invalidBody?: string; issueMessage?: (error: z.ZodError) => string } = {},
): Promise<{ data: T; refused?: undefined } | { refused: Response }> {
  let body: unknown;
  try {
    body = await readJsonBody(request);
  } catch (error) {
    if (error instanceof BadRequest) return { refused: json({ message: invalidBody }, 400) };
    throw error;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { refused: json({ message: issueMessage(parsed.error) }, 400) };
  return { data: parsed.data };
}
