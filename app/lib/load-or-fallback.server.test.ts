import { describe, expect, it } from "vitest";
import { loadOrFallback } from "./load-or-fallback.server";

describe("loadOrFallback", () => {
  const messages = { loadError: "Nie udało się pobrać galerii", log: "test load failed" };

  it("gives the data and no load error when the read works", async () => {
    expect(await loadOrFallback(async () => ["a", "b"], [], messages)).toEqual({
      data: ["a", "b"],
      loadError: null,
    });
  });

  it("gives the fallback and the screen's Polish message when the read fails", async () => {
    const failing = async (): Promise<string[]> => {
      throw new Error("connection refused");
    };
    expect(await loadOrFallback(failing, [], messages)).toEqual({
      data: [],
      loadError: "Nie udało się pobrać galerii",
    });
  });
});
