import { describe, expect, it } from "vitest";
import { uploadProgressLabel } from "./image-upload";

describe("uploadProgressLabel", () => {
  it("says the percentage while the file is sent, rounded", () => {
    expect(uploadProgressLabel(0)).toBe("0%");
    expect(uploadProgressLabel(0.456)).toBe("46%");
    expect(uploadProgressLabel(0.999)).toBe("100%");
  });

  it("says the server is processing once the whole file is sent", () => {
    expect(uploadProgressLabel(1)).toBe("Przetwarzanie…");
  });
});
