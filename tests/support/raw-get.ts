/** A GET whose body is kept as it came over the wire (not decoded), with its status and headers. */
import http from "node:http";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<RawResponse>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}
