import { describe, expect, it } from "vitest";
import { demoSite } from "~/lib/site";
import { getArchiveEvent, listArchiveEvents } from "./archive.server";

describe("built-in archive", () => {
  it("has the two events of SPEC, with slugs from the brand slug", () => {
    expect(listArchiveEvents(demoSite).map((e) => e.slug)).toEqual([
      "nokturn-wroclaw-2025",
      "sesja-merch-nokturn",
    ]);
    expect(listArchiveEvents({ ...demoSite, slug: "noc", name: "NOC" }).map((e) => e.slug)).toEqual([
      "noc-wroclaw-2025",
      "sesja-merch-noc",
    ]);
  });

  it("gives each event a title, date, city, hero and photos with alt texts", () => {
    for (const event of listArchiveEvents(demoSite)) {
      expect(event.title).toBeTruthy();
      expect(event.date).toBeTruthy();
      expect(event.city).toBe("Wrocław");
      expect(event.heroImage.src).toMatch(/^\/demo\//);
      expect(event.images.length).toBeGreaterThan(0);
      for (const image of event.images) expect(image.alt).toBeTruthy();
    }
    expect(getArchiveEvent(demoSite, "nokturn-wroclaw-2025")?.images).toHaveLength(9);
    expect(getArchiveEvent(demoSite, "sesja-merch-nokturn")?.images).toHaveLength(8);
  });

  it("knows no other slug", () => {
    expect(getArchiveEvent(demoSite, "nie-ma")).toBeNull();
    expect(getArchiveEvent(demoSite, "")).toBeNull();
  });
});
