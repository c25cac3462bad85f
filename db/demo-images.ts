/**
 * Catalogue of the demo images (pure data, no image library): every image the seed and the site use
 * is rendered by `scripts/demo-assets.ts` from this list into `public/demo/`.
 *
 * Files on disk are `${src}-${width}.webp` for each entry of `widths` (the last one is the full width).
 */
import type { ImageRef } from "./schema";

export type PaletteName = "acid" | "magenta" | "violet" | "ice" | "red" | "amber" | "dusk" | "mono";

/** `bg` is the night, `a` the key light, `b` the fill light, `c` an accent. */
export type Palette = { bg: string; a: string; b: string; c: string };

export const palettes: Record<PaletteName, Palette> = {
  acid: { bg: "#07060b", a: "#c6ff3d", b: "#6e5bff", c: "#ff2e88" },
  magenta: { bg: "#0a0509", a: "#ff2e88", b: "#6e5bff", c: "#ffc2e2" },
  violet: { bg: "#07060f", a: "#6e5bff", b: "#ff2e88", c: "#c6ff3d" },
  ice: { bg: "#04070c", a: "#6fe3ff", b: "#6e5bff", c: "#f2fbff" },
  red: { bg: "#0b0405", a: "#ff2a3d", b: "#ff2e88", c: "#ffb199" },
  amber: { bg: "#0b0705", a: "#ffad42", b: "#ff2e88", c: "#fff0d2" },
  dusk: { bg: "#0b0716", a: "#ff8a3d", b: "#6e5bff", c: "#c6ff3d" },
  mono: { bg: "#060607", a: "#e9ecf2", b: "#8a93a6", c: "#c6ff3d" },
};

export type SceneKind =
  | "stage"
  | "crowd"
  | "dj"
  | "lasers"
  | "smoke"
  | "strobe"
  | "lights"
  | "backstage"
  | "portrait"
  | "merch-session"
  | "product"
  | "og";

export type SceneParams = Record<string, string | number | boolean>;

export type DemoImageSpec = {
  name: string;
  width: number;
  height: number;
  /** Ascending; the last one equals `width`. */
  widths: number[];
  /** WebP quality. */
  quality: number;
  scene: SceneKind;
  palette: PaletteName;
  params: SceneParams;
  /** Approximate mean colour of the rendered image (`#rrggbb`), used as the loading placeholder. */
  color: string;
};

// --- colour helpers (shared with the generator) -------------------------------------------------

export function hexToRgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function rgbToHex(r: number, g: number, b: number): string {
  const c = (x: number) =>
    Math.max(0, Math.min(255, Math.round(x)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two `#rrggbb` colours, `t` = 0 gives `a`, 1 gives `b`. */
export function mixHex(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex(x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t);
}

// --- the catalogue -------------------------------------------------------------------------------

/** How much of the key light shows in the average colour of a scene (calibrated on the renders). */
const sceneGlow: Record<SceneKind, number> = {
  stage: 0.1,
  crowd: 0.12,
  dj: 0.08,
  lasers: 0.08,
  smoke: 0.12,
  strobe: 0.3,
  lights: 0.1,
  backstage: 0.1,
  portrait: 0.07,
  "merch-session": 0.07,
  product: 0.04,
  og: 0.06,
};

const specs: DemoImageSpec[] = [];

function add(
  name: string,
  width: number,
  height: number,
  widths: number[],
  scene: SceneKind,
  palette: PaletteName,
  params: SceneParams = {},
  quality = 64,
): void {
  const p = palettes[palette];
  const glow = typeof params.glow === "number" ? params.glow : sceneGlow[scene];
  const base = scene === "product" ? "#141318" : p.bg;
  specs.push({
    name,
    width,
    height,
    widths,
    quality,
    scene,
    palette,
    params,
    // a strobe flash washes the frame out towards white
    color: mixHex(base, scene === "strobe" ? "#c9ccd4" : mixHex(p.a, p.b, 0.4), glow),
  });
}

const HERO = [640, 1024, 1920];
const WIDE = [640, 1024, 1600];

// Landing, posters, defaults
add(
  "event-hero",
  1920,
  1080,
  [640, 768, 1024, 1600, 1920],
  "stage",
  "acid",
  { lasers: 34, beams: 8, led: "logo", rows: 5 },
  58,
);
add("aftermovie-poster", 1600, 900, WIDE, "stage", "magenta", {
  lasers: 0,
  beams: 10,
  strobe: true,
  rows: 4,
});
add("og-default", 1200, 630, [1200], "og", "acid", {}, 76);
add("archive-default", 1600, 900, WIDE, "crowd", "violet", { confetti: true });

// Products: `-1` is the front shot, `-2` the back or a detail.
type ProductSpec = { slug: string; kind: string; palette: PaletteName; print: string; body: string };
const products: ProductSpec[] = [
  { slug: "koszulka-nokturn-logo", kind: "tee", palette: "acid", print: "#c6ff3d", body: "#111014" },
  { slug: "bluza-nokturn-afterhours", kind: "hoodie", palette: "violet", print: "#c6ff3d", body: "#121116" },
  { slug: "longsleeve-strobe", kind: "longsleeve", palette: "ice", print: "#f2f4f8", body: "#0f0f12" },
  {
    slug: "koszulka-bouncy-stage",
    kind: "tee-bouncy",
    palette: "magenta",
    print: "#ff2e88",
    body: "#121015",
  },
  { slug: "czapka-nokturn-beanie", kind: "beanie", palette: "acid", print: "#c6ff3d", body: "#141317" },
  { slug: "torba-nokturn-tote", kind: "tote", palette: "violet", print: "#c6ff3d", body: "#16151a" },
  { slug: "smycz-nokturn", kind: "lanyard", palette: "acid", print: "#0b0a0e", body: "#c6ff3d" },
  { slug: "bandana-nokturn", kind: "bandana", palette: "magenta", print: "#ff2e88", body: "#121116" },
  { slug: "naklejki-pack-vol-1", kind: "stickers", palette: "acid", print: "#c6ff3d", body: "#ffffff" },
  { slug: "naklejka-holo-logo", kind: "holo", palette: "violet", print: "#0b0a0e", body: "#d8d2ff" },
  { slug: "naklejki-pack-vol-2", kind: "stickers-2", palette: "magenta", print: "#ff2e88", body: "#ffffff" },
  { slug: "zapalniczka-nokturn", kind: "lighter", palette: "acid", print: "#0b0a0e", body: "#c6ff3d" },
];
for (const p of products) {
  for (const view of [1, 2]) {
    add(`product-${p.slug}-${view}`, 1200, 1200, [320, 640, 960, 1200], "product", p.palette, {
      kind: p.kind,
      view,
      print: p.print,
      body: p.body,
    });
  }
}

// Artists: portrait + wide stage background
const artists: { slug: string; palette: PaletteName; look: string }[] = [
  { slug: "mira-volt", palette: "magenta", look: "long-hair" },
  { slug: "kacper-noir", palette: "ice", look: "cap" },
  { slug: "ola-fuzz", palette: "acid", look: "buns" },
  { slug: "brzask", palette: "amber", look: "hood" },
];
for (const a of artists) {
  add(`artist-${a.slug}`, 800, 800, [240, 480, 800], "portrait", a.palette, {
    look: a.look,
    headphones: true,
  });
  add(`artist-${a.slug}-bg`, 1920, 1080, HERO, "stage", a.palette, {
    lasers: a.slug === "brzask" ? 0 : 22,
    beams: 9,
    led: a.slug === "kacper-noir" ? "bars" : "tunnel",
    rows: 4,
    sky: a.slug === "brzask",
  });
}

// Ambassadors
add("ambassador-1", 600, 600, [240, 600], "portrait", "violet", { look: "beanie", lanyard: true });
add("ambassador-2", 600, 600, [240, 600], "portrait", "acid", {
  look: "short",
  lanyard: true,
  glasses: true,
});
add("ambassador-3", 600, 600, [240, 600], "portrait", "red", { look: "long-hair", lanyard: true });

// Galleries: a hero and ten shots each, alternating landscape and portrait
type Shot = [SceneKind, PaletteName, SceneParams?];
const galleries: { slug: string; hero: Shot; shots: Shot[] }[] = [
  {
    slug: "nokturn-listopad-2025",
    hero: ["stage", "magenta", { lasers: 26, beams: 8, led: "tunnel", rows: 5 }],
    shots: [
      ["crowd", "magenta", { confetti: true }],
      ["dj", "violet", {}],
      ["lasers", "red", { mode: "sheet" }],
      ["smoke", "magenta", { figures: 1 }],
      ["strobe", "ice", {}],
      ["lights", "violet", { mode: "heads" }],
      ["crowd", "red", { phones: true }],
      ["lasers", "magenta", { mode: "tunnel" }],
      ["dj", "red", { side: "right" }],
      ["lights", "magenta", { mode: "bokeh" }],
    ],
  },
  {
    slug: "nokturn-open-air-2025",
    hero: ["stage", "dusk", { lasers: 30, beams: 8, led: "logo", rows: 5, sky: true }],
    shots: [
      ["crowd", "dusk", { sky: true }],
      ["lasers", "acid", { mode: "fan", sky: true }],
      ["dj", "dusk", { sky: true }],
      ["smoke", "dusk", { figures: 3 }],
      ["stage", "acid", { lasers: 18, beams: 6, led: "bars", rows: 4, sky: true }],
      ["crowd", "acid", { sky: true, confetti: true }],
      ["lights", "dusk", { mode: "bokeh" }],
      ["strobe", "dusk", {}],
      ["lasers", "violet", { mode: "tunnel", sky: true }],
      ["crowd", "dusk", { sky: true, phones: true }],
    ],
  },
  {
    slug: "nokturn-wrzesien-2025",
    hero: ["stage", "violet", { lasers: 30, beams: 10, led: "bars", rows: 5 }],
    shots: [
      ["lasers", "acid", { mode: "fan" }],
      ["crowd", "violet", {}],
      ["strobe", "mono", {}],
      ["dj", "acid", {}],
      ["smoke", "violet", { figures: 2 }],
      ["lights", "acid", { mode: "heads" }],
      ["crowd", "ice", { phones: true }],
      ["lasers", "ice", { mode: "sheet" }],
      ["smoke", "acid", { figures: 1 }],
      ["dj", "magenta", { side: "right" }],
    ],
  },
  {
    slug: "nokturn-backstage",
    hero: ["backstage", "amber", { neon: true }],
    shots: [
      ["backstage", "amber", {}],
      ["dj", "amber", { side: "right" }],
      ["portrait", "amber", { look: "cap", headphones: true }],
      ["backstage", "red", { neon: true }],
      ["lights", "amber", { mode: "heads" }],
      ["portrait", "mono", { look: "long-hair" }],
      ["backstage", "violet", { door: "left" }],
      ["crowd", "amber", { fromStage: true }],
      ["lights", "red", { mode: "bokeh" }],
      ["backstage", "acid", { neon: true, door: "left" }],
    ],
  },
];
for (const g of galleries) {
  const [hs, hp, hparams] = g.hero;
  add(`gallery-${g.slug}-hero`, 1920, 1080, HERO, hs, hp, hparams ?? {});
  g.shots.forEach(([scene, palette, params], i) => {
    const landscape = i % 2 === 0;
    add(
      `gallery-${g.slug}-${i + 1}`,
      landscape ? 1600 : 1067,
      landscape ? 1067 : 1600,
      landscape ? [480, 960, 1600] : [480, 960, 1067],
      scene,
      palette,
      params ?? {},
    );
  });
}

// Archive
add("archive-nokturn-wroclaw-2025-hero", 1920, 1080, HERO, "stage", "violet", {
  lasers: 24,
  beams: 9,
  led: "logo",
  rows: 5,
});
add("archive-sesja-merch-nokturn-hero", 1920, 1080, HERO, "merch-session", "acid", {
  garment: "hoodie",
  people: 2,
});
const wroclaw: Shot[] = [
  ["crowd", "violet", { confetti: true }],
  ["lasers", "acid", { mode: "fan" }],
  ["dj", "magenta", {}],
  ["strobe", "mono", {}],
  ["smoke", "red", { figures: 2 }],
  ["lights", "ice", { mode: "heads" }],
  ["crowd", "acid", { phones: true }],
  ["lasers", "violet", { mode: "tunnel" }],
  ["stage", "red", { lasers: 0, beams: 12, led: "bars", rows: 4, strobe: true }],
];
wroclaw.forEach(([scene, palette, params], i) => {
  add(`archive-nokturn-wroclaw-2025-${i + 1}`, 1600, 1067, [480, 960, 1600], scene, palette, params ?? {});
});
const merchSession: [PaletteName, SceneParams][] = [
  ["acid", { garment: "tee" }],
  ["violet", { garment: "hoodie", hood: true }],
  ["magenta", { garment: "tee-bouncy", tote: true }],
  ["ice", { garment: "longsleeve", beanie: true }],
  ["red", { garment: "hoodie", lanyard: true }],
  ["acid", { garment: "tee", people: 2 }],
  ["amber", { garment: "longsleeve", bandana: true }],
  ["violet", { garment: "tee", beanie: true, lanyard: true }],
];
merchSession.forEach(([palette, params], i) => {
  add(`archive-sesja-merch-nokturn-${i + 1}`, 1600, 1067, [480, 960, 1600], "merch-session", palette, params);
});

// Landing grid (square tiles)
const grid: Shot[] = [
  ["lasers", "acid", { mode: "fan" }],
  ["crowd", "magenta", { confetti: true }],
  ["dj", "violet", {}],
  ["merch-session", "acid", { garment: "tee" }],
  ["strobe", "ice", {}],
  ["product", "violet", { kind: "stickers-2", view: 1, print: "#ff2e88", body: "#ffffff", flatlay: true }],
  ["smoke", "magenta", { figures: 1 }],
  ["lights", "acid", { mode: "heads" }],
  ["lasers", "violet", { mode: "tunnel" }],
];
grid.forEach(([scene, palette, params], i) => {
  add(`landing-grid-${i + 1}`, 800, 800, [320, 640, 800], scene, palette, params ?? {});
});

const byName = new Map(specs.map((s) => [s.name, s]));

/** Every demo image with what the generator needs to render it. */
export const demoImageSpecs: readonly DemoImageSpec[] = specs;

export const demoImageNames: string[] = specs.map((s) => s.name);

/** The image reference of a demo image, e.g. `demoImage("product-smycz-nokturn-1", "Smycz NOKTURN")`. */
export function demoImage(name: string, alt?: string): ImageRef {
  const s = byName.get(name);
  if (!s) throw new Error(`Unknown demo image: ${name}`);
  const ref: ImageRef = {
    src: `/demo/${s.name}`,
    width: s.width,
    height: s.height,
    widths: [...s.widths],
    formats: ["webp"],
    color: s.color,
  };
  if (alt !== undefined) ref.alt = alt;
  return ref;
}
