import { describe, expect, it } from "vitest";
import { photoAnchor, photoIndexOf, photoLinks, photoPagePath, photoTilePath } from "./photo-paths";

describe("a photo's own page", () => {
  it("is numbered from 1, as the viewer's counter, and leads back to the tile's anchor", () => {
    expect(photoPagePath("/gallery/lato", 0)).toBe("/gallery/lato/zdjecie/1");
    expect(photoPagePath("/archive/noc", 8)).toBe("/archive/noc/zdjecie/9");
    expect(photoAnchor(2)).toBe("zdjecie-3");
    expect(photoTilePath("/gallery/lato", 2)).toBe("/gallery/lato#zdjecie-3");
  });

  it("links to its neighbours around the ends and back to its tile", () => {
    expect(photoLinks("/gallery/lato", 0, 10)).toEqual({
      path: "/gallery/lato/zdjecie/1",
      previousPath: "/gallery/lato/zdjecie/10",
      nextPath: "/gallery/lato/zdjecie/2",
      closePath: "/gallery/lato#zdjecie-1",
    });
    expect(photoLinks("/gallery/lato", 9, 10).nextPath).toBe("/gallery/lato/zdjecie/1");
    expect(photoLinks("/gallery/lato", 0, 1).nextPath).toBe("/gallery/lato/zdjecie/1");
  });

  it("reads only the canonical number of an existing photo", () => {
    expect(photoIndexOf("1", 10)).toBe(0);
    expect(photoIndexOf("10", 10)).toBe(9);
    for (const param of [undefined, "", "0", "11", "03", "+3", "3.0", "-1", "x", "1e1", "99999"]) {
      expect(photoIndexOf(param, 10), String(param)).toBeNull();
    }
    expect(photoIndexOf("1", 0)).toBeNull();
  });
});
