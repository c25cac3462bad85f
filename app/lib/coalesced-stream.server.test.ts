import { describe, expect, it } from "vitest";
import { coalescedStream } from "./coalesced-stream.server";

async function chunksOf(readable: ReadableStream<Uint8Array>) {
  const chunks: string[] = [];
  for await (const chunk of readable) chunks.push(Buffer.from(chunk).toString("utf8"));
  return chunks;
}

describe("coalescedStream", () => {
  it("hands on what is written in one go as one chunk, and what comes later as another", async () => {
    let ended = false;
    const { writable, readable } = coalescedStream(() => {
      ended = true;
    });
    const read = chunksOf(readable);
    for (const piece of ["<html>", "<body>", "<p>Noc</p>"]) writable.write(Buffer.from(piece));
    await new Promise((resolve) => setTimeout(resolve, 5));
    writable.write(Buffer.from("<p>później</p>"));
    writable.end(Buffer.from("</body></html>"));
    expect(await read).toEqual(["<html><body><p>Noc</p>", "<p>później</p></body></html>"]);
    expect(ended).toBe(true);
  });

  it("fails the readable when the render is destroyed with an error", async () => {
    const { writable, readable } = coalescedStream();
    const read = chunksOf(readable);
    // React's pipe listens for the destination's errors; so does this test.
    writable.on("error", () => {});
    writable.destroy(new Error("render failed"));
    await expect(read).rejects.toThrow("render failed");
  });
});
