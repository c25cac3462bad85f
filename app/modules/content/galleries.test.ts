import { describe, expect, it } from "vitest";
import { ambassadorSlug } from "./ambassadors.schema";
import { galleryFormSchema, galleryMessages, photoCountLabel, swapNeighbour } from "./galleries.schema";

describe("swapNeighbour", () => {
  it("swaps an item with the one before or after it", () => {
    expect(swapNeighbour(["a", "b", "c"], 2, "up")).toEqual(["a", "c", "b"]);
    expect(swapNeighbour(["a", "b", "c"], 0, "down")).toEqual(["b", "a", "c"]);
  });

  it("gives null at either end or for an unknown index", () => {
    expect(swapNeighbour(["a", "b"], 0, "up")).toBeNull();
    expect(swapNeighbour(["a", "b"], 1, "down")).toBeNull();
    expect(swapNeighbour(["a", "b"], -1, "down")).toBeNull();
  });
});

describe("photoCountLabel", () => {
  it("uses Polish plural forms", () => {
    expect(photoCountLabel(0)).toBe("0 zdjęć");
    expect(photoCountLabel(1)).toBe("1 zdjęcie");
    expect(photoCountLabel(3)).toBe("3 zdjęcia");
    expect(photoCountLabel(5)).toBe("5 zdjęć");
    expect(photoCountLabel(12)).toBe("12 zdjęć");
    expect(photoCountLabel(22)).toBe("22 zdjęcia");
  });
});

describe("galleryFormSchema", () => {
  it("requires title and slug with SPEC's message and checks the slug's shape", () => {
    const empty = galleryFormSchema.safeParse({ intent: "create", title: " ", slug: "" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      galleryMessages.required,
      galleryMessages.required,
    ]);
    const bad = galleryFormSchema.safeParse({ intent: "create", title: "A", slug: "Zła Ścieżka" });
    expect(bad.error?.issues[0]?.message).toBe(galleryMessages.slug);
    const ok = galleryFormSchema.parse({ intent: "create", title: " Noc ", slug: "noc", date: "" });
    expect(ok).toMatchObject({ title: "Noc", slug: "noc", date: null, published: false, featured: false });
  });
});

describe("ambassadorSlug", () => {
  it("comes from the name with Polish letters transliterated, never empty", () => {
    expect(ambassadorSlug("Łukasz Żółć")).toBe("lukasz-zolc");
    expect(ambassadorSlug("zuza.rave")).toMatch(/^zuza-?rave$/);
    expect(ambassadorSlug("!!!")).toBe("ambasador");
  });
});
