/**
 * React's stream writes a page in 2 KB pieces; each one then went through a stream, a web stream,
 * Express, the compressor and the socket on its own (decision 036: ~6 ms of a core per page in
 * compression and writes). This writable keeps what React writes in one go and hands it on as one
 * chunk once React stops writing (a microtask later), so a page that renders at once leaves in one or
 * two chunks while a streamed part (a Suspense boundary resolved later) still leaves when it is ready.
 */
import { Writable } from "node:stream";

export function coalescedStream(onEnd?: () => void) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const readable = new ReadableStream<Uint8Array>({
    start(given) {
      controller = given;
    },
  });
  let pending: Buffer[] = [];
  let scheduled = false;
  let closed = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0 || closed) return;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    controller.enqueue(chunk);
  };
  const writable = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(flush);
      }
      callback();
    },
    final(callback) {
      flush();
      closed = true;
      controller.close();
      onEnd?.();
      callback();
    },
    destroy(error, callback) {
      if (!closed) {
        closed = true;
        pending = [];
        if (error) controller.error(error);
        else controller.close();
      }
      callback(error);
    },
  });
  return { writable, readable };
}
