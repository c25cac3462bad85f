import { describe, expect, it } from "vitest";
import { privatePageMeta } from "./private-page";
import { demoSite } from "./site";

describe("privatePageMeta", () => {
  it("titles the page with the brand of the settings and keeps it out of search engines", () => {
    const matches = [{ id: "root", loaderData: { site: { ...demoSite, name: "NOCNA ZMIANA" } } }];
    expect(privatePageMeta("Moje konto")({ matches })).toEqual([
      { title: "Moje konto | NOCNA ZMIANA" },
      { name: "robots", content: "noindex, nofollow" },
    ]);
  });
});
