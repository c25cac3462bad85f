import { describe, expect, it } from "vitest";
import { collectSitemapEntries, renderSitemap } from "./sitemap";

describe("sitemap", () => {
  it("merges sources, dropping repeated paths", async () => {
    const entries = await collectSitemapEntries([
      () => [{ path: "/" }, { path: "/rezydenci" }],
      async () => [{ path: "/rezydenci", priority: 0.1 }, { path: "/artist/a&b" }],
    ]);
    expect(entries.map((e) => e.path)).toEqual(["/", "/rezydenci", "/artist/a&b"]);
    expect(entries[1].priority).toBeUndefined();
  });

  it("renders absolute, escaped URLs with optional fields", () => {
    const xml = renderSitemap(
      [
        { path: "/", changeFrequency: "weekly", priority: 1 },
        { path: "/artist/a&b", lastModified: "2026-01-02T10:00:00Z" },
      ],
      "https://nokturn.example",
    );
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<loc>https://nokturn.example/</loc>");
    expect(xml).toContain("<changefreq>weekly</changefreq>");
    expect(xml).toContain("<priority>1.0</priority>");
    expect(xml).toContain("<loc>https://nokturn.example/artist/a&amp;b</loc>");
    expect(xml).toContain("<lastmod>2026-01-02</lastmod>");
  });
});
