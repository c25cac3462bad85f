import { describe, expect, it } from "vitest";
import { pickEncoding } from "./precompressed";

const both = new Set([".br", ".gz"]);

describe("pickEncoding", () => {
  it("prefers Brotli, then gzip", () => {
    expect(pickEncoding("gzip, deflate, br, zstd", both)?.name).toBe("br");
    expect(pickEncoding("gzip, deflate", both)?.name).toBe("gzip");
    expect(pickEncoding("gzip", new Set([".br"]))).toBeUndefined();
  });

  it("honours q-values, refusals and the wildcard", () => {
    expect(pickEncoding("br;q=0, gzip", both)?.name).toBe("gzip");
    expect(pickEncoding("br;q=0.5, gzip;q=0.8", both)?.name).toBe("gzip");
    expect(pickEncoding("*", both)?.name).toBe("br");
    expect(pickEncoding("*;q=0", both)).toBeUndefined();
  });

  it("serves the plain file without an Accept-Encoding or with identity only", () => {
    expect(pickEncoding(undefined, both)).toBeUndefined();
    expect(pickEncoding("", both)).toBeUndefined();
    expect(pickEncoding("identity", both)).toBeUndefined();
  });
});
