import { describe, expect, it } from "vitest";
import { demoImage, demoImageNames, demoImageSpecs } from "./demo-images";

const productSlugs = [
  "koszulka-nokturn-logo",
  "bluza-nokturn-afterhours",
  "longsleeve-strobe",
  "koszulka-bouncy-stage",
  "czapka-nokturn-beanie",
  "torba-nokturn-tote",
  "smycz-nokturn",
  "bandana-nokturn",
  "naklejki-pack-vol-1",
  "naklejka-holo-logo",
  "naklejki-pack-vol-2",
  "zapalniczka-nokturn",
];
const artistSlugs = ["mira-volt", "kacper-noir", "ola-fuzz", "brzask"];
const gallerySlugs = [
  "nokturn-listopad-2025",
  "nokturn-open-air-2025",
  "nokturn-wrzesien-2025",
  "nokturn-backstage",
];
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** [name, width, height, widths] of every image the seed and the site rely on. */
const expected: [string, number, number, number[]][] = [
  ["event-hero", 1920, 1080, [640, 768, 1024, 1600, 1920]],
  ["aftermovie-poster", 1600, 900, [640, 1024, 1600]],
  ["og-default", 1200, 630, [1200]],
  ["archive-default", 1600, 900, [640, 1024, 1600]],
  ...productSlugs.flatMap((slug) =>
    [1, 2].map(
      (v) =>
        [`product-${slug}-${v}`, 1200, 1200, [320, 640, 960, 1200]] as [string, number, number, number[]],
    ),
  ),
  ...artistSlugs.flatMap(
    (slug) =>
      [
        [`artist-${slug}`, 800, 800, [240, 480, 800]],
        [`artist-${slug}-bg`, 1920, 1080, [640, 1024, 1920]],
      ] as [string, number, number, number[]][],
  ),
  ...range(3).map((n) => [`ambassador-${n}`, 600, 600, [240, 600]] as [string, number, number, number[]]),
  ...gallerySlugs.flatMap((slug) => [
    [`gallery-${slug}-hero`, 1920, 1080, [640, 1024, 1920]] as [string, number, number, number[]],
    ...range(10).map(
      (n) =>
        (n % 2 === 1
          ? [`gallery-${slug}-${n}`, 1600, 1067, [480, 960, 1600]]
          : [`gallery-${slug}-${n}`, 1067, 1600, [480, 960, 1067]]) as [string, number, number, number[]],
    ),
  ]),
  ["archive-nokturn-wroclaw-2025-hero", 1920, 1080, [640, 1024, 1920]],
  ["archive-sesja-merch-nokturn-hero", 1920, 1080, [640, 1024, 1920]],
  ...range(9).map(
    (n) =>
      [`archive-nokturn-wroclaw-2025-${n}`, 1600, 1067, [480, 960, 1600]] as [
        string,
        number,
        number,
        number[],
      ],
  ),
  ...range(8).map(
    (n) =>
      [`archive-sesja-merch-nokturn-${n}`, 1600, 1067, [480, 960, 1600]] as [
        string,
        number,
        number,
        number[],
      ],
  ),
  ...range(9).map(
    (n) => [`landing-grid-${n}`, 800, 800, [320, 640, 800]] as [string, number, number, number[]],
  ),
];

describe("demo images", () => {
  it.each(expected)("%s is %i x %i with the expected widths", (name, width, height, widths) => {
    const ref = demoImage(name);
    expect(ref.width).toBe(width);
    expect(ref.height).toBe(height);
    expect(ref.widths).toEqual(widths);
    expect(ref.formats).toEqual(["webp"]);
  });

  it("lists exactly the expected names, without duplicates", () => {
    expect(new Set(demoImageNames).size).toBe(demoImageNames.length);
    expect([...demoImageNames].sort()).toEqual(expected.map(([n]) => n).sort());
  });

  it("has ascending widths ending with the full width, /demo/ sources and a colour", () => {
    for (const name of demoImageNames) {
      const ref = demoImage(name);
      expect(ref.src).toBe(`/demo/${name}`);
      expect(ref.src.startsWith("/demo/")).toBe(true);
      expect(ref.widths.length).toBeGreaterThan(0);
      for (let i = 1; i < ref.widths.length; i++) expect(ref.widths[i]!).toBeGreaterThan(ref.widths[i - 1]!);
      expect(ref.widths.at(-1)).toBe(ref.width);
      expect(ref.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("keeps the landing poster light", () => {
    const hero = demoImageSpecs.find((s) => s.name === "event-hero")!;
    expect(hero.quality).toBeLessThanOrEqual(62);
  });

  it("passes alt through and returns a fresh object", () => {
    const a = demoImage("event-hero", "Scena główna");
    expect(a.alt).toBe("Scena główna");
    expect(demoImage("event-hero").alt).toBeUndefined();
    a.widths.push(1);
    expect(demoImage("event-hero").widths).toEqual([640, 768, 1024, 1600, 1920]);
  });

  it("throws on unknown names", () => {
    expect(() => demoImage("nope")).toThrow(/Unknown demo image/);
    expect(() => demoImage("gallery-nokturn-backstage-11")).toThrow();
  });
});
