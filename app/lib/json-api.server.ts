/**
 * The one way a JSON API route answers (the door's phones, issue #41): JSON, never cached; a refusal
 * (DomainError) as `{ message }` in Polish with its status; a body that is not the schema's a 400 —
 * never a 500 for what a client sent. Thrown responses (a role's 401/403) pass through untouched.
 */
import type { z } from "zod";
import { DomainError } from "./domain-error";

const NO_STORE = { "Cache-Control": "no-store" };

/** Runs `handler`, answering its result as JSON and a DomainError as its refusal. */
export async function jsonAnswer(handler: () => Promise<unknown>): Promise<Response> {
  try {
    return Response.json(await handler(), { headers: NO_STORE });
  } catch (error) {
    if (error instanceof DomainError) {
      return Response.json({ message: error.message }, { status: error.status, headers: error.headers() });
    }
    throw error;
  }
}

/** The request's JSON body read by `schema`, or a 400 refusal with `invalid`. */
export async function readJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  invalid: string,
): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new DomainError(invalid, 400);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new DomainError(invalid, 400);
  return parsed.data;
}
