/**
 * The one way a JSON API route answers (the door's phones, issue #41): JSON, never cached; a refusal
 * (DomainError) as `{ message }` in Polish with its status; a body that is not the schema's a 400 —
 * never a 500 for what a client sent. A role's refusal (React Router's `data()`, thrown by the access
 * guards) is answered the same way, never cached.
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
    if (isThrownData(error)) {
      const headers = new Headers(error.init?.headers);
      headers.set("Cache-Control", "no-store");
      return Response.json(error.data, { status: error.init?.status ?? 500, headers });
    }
    throw error;
  }
}

/** React Router's `data(body, init)`, as a guard throws it. */
function isThrownData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit" &&
    "data" in value
  );
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
