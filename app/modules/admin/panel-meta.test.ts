import { describe, expect, it } from "vitest";
import { demoSite } from "~/lib/site";
import { panelMeta } from "./panel-meta";

const matches = (name: string) => [{ id: "root", loaderData: { site: { ...demoSite, name } } }];

describe("panelMeta", () => {
  it("names the brand of the settings, not the demo's", () => {
    expect(panelMeta(matches("NOCNA ZMIANA"), "Zamówienia")[0]).toEqual({
      title: "Zamówienia | Panel admina | NOCNA ZMIANA",
    });
    expect(panelMeta(matches("NOCNA ZMIANA"), null, "Edycja produktu")[0]).toEqual({
      title: "Edycja produktu | Panel admina | NOCNA ZMIANA",
    });
  });

  it("is the panel's own title without a page, and never indexed", () => {
    const tags = panelMeta(matches("NOCNA ZMIANA"), null);
    expect(tags[0]).toEqual({ title: "Panel admina | NOCNA ZMIANA" });
    expect(tags[1]).toEqual({ name: "robots", content: "noindex, nofollow" });
  });
});
