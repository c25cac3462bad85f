/**
 * A request whose body stops at `maxBytes` while it streams in, for multipart uploads: reading fails
 * with BodyTooLarge instead of buffering an oversized body. The client's stream is never cancelled
 * with a reason (Node's request would emit that as an unhandled 'error'); reading simply stops and the
 * server drops the rest when it answers.
 */
export class BodyTooLarge extends Error {}

/** Whether `error` (or its cause, as undici wraps it) is the cap being hit. */
export function isBodyTooLarge(error: unknown) {
  return error instanceof BodyTooLarge || (error as Error | undefined)?.cause instanceof BodyTooLarge;
}

export function capBody(request: Request, maxBytes: number): Request {
  if (!request.body) return request;
  const source = request.body.getReader();
  let received = 0;
  const capped = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) {
        controller.close();
        return;
      }
      received += value.byteLength;
      if (received > maxBytes) {
        source.releaseLock();
        controller.error(new BodyTooLarge());
        return;
      }
      controller.enqueue(value);
    },
    cancel() {
      source.releaseLock();
    },
  });
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: capped,
    // Required by Node's fetch for a streamed body.
    duplex: "half",
  } as RequestInit);
}

/**
 * A one-file upload as domain code takes it (modules/media): its declared length, the `name` query
 * parameter, and the body read as a form, capped at `maxBytes` while it streams.
 */
export function uploadBodyOf(request: Request, maxBytes: number) {
  return {
    contentLength: Number(request.headers.get("content-length") ?? "0") || 0,
    name: new URL(request.url).searchParams.get("name"),
    read: () => capBody(request, maxBytes).formData(),
  };
}
