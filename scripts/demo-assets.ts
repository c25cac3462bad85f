/**
 * Renders every demo image of `db/demo-images.ts` from hand-written SVG artwork with sharp into
 * `public/demo/` (WebP at every width of the spec) and writes `public/demo/manifest.json`.
 *
 * Nothing is downloaded and no font files are needed: the NOKTURN wordmark is drawn from our own
 * geometric glyphs, the few other words use generic font families. Randomness comes from a PRNG seeded
 * with the image name, so the output is reproducible.
 *
 *   npx tsx scripts/demo-assets.ts            # skip when public/demo/.version matches
 *   npx tsx scripts/demo-assets.ts --force    # render everything again
 *   npx tsx scripts/demo-assets.ts --only=event-hero,og-default   # render a few (no manifest)
 *   npx tsx scripts/demo-assets.ts --logos    # (re)write public/logo.svg and public/favicon.svg
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { type DemoImageSpec, demoImageSpecs, mixHex, type Palette, palettes } from "../db/demo-images";

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");
const outDir = path.join(root, "public", "demo");

// --- deterministic randomness --------------------------------------------------------------------

function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

class Rng {
  private s: number;
  constructor(seed: string) {
    this.s = seedOf(seed);
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = Math.imul(this.s ^ (this.s >>> 15), 1 | this.s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// --- SVG helpers -----------------------------------------------------------------------------------

const f = (n: number) => (Math.round(n * 10) / 10).toString();
const WHITE = "#ffffff";
const INK = "#030305";

/** One SVG document under construction: `defs` are deduplicated by key. */
class Canvas {
  readonly defs: string[] = [];
  readonly body: string[] = [];
  private keys = new Map<string, string>();
  private n = 0;
  constructor(
    readonly w: number,
    readonly h: number,
    readonly r: Rng,
    readonly p: Palette,
  ) {}

  id(prefix = "d"): string {
    return `${prefix}${this.n++}`;
  }

  add(...parts: string[]): this {
    this.body.push(...parts);
    return this;
  }

  def(key: string, make: (id: string) => string): string {
    const known = this.keys.get(key);
    if (known) return known;
    const id = this.id();
    this.keys.set(key, id);
    this.defs.push(make(id));
    return id;
  }

  /** Soft radial glow (approximately gaussian falloff), fills its bounding box. */
  glowGrad(color: string, hard = false): string {
    return this.def(`glow:${color}:${hard}`, (id) => {
      const stops = hard
        ? [
            [0, 1],
            [0.7, 0.9],
            [0.85, 0.5],
            [1, 0],
          ]
        : [
            [0, 1],
            [0.2, 0.7],
            [0.45, 0.3],
            [0.7, 0.09],
            [1, 0],
          ];
      return `<radialGradient id="${id}">${stops
        .map(([o, a]) => `<stop offset="${o}" stop-color="${color}" stop-opacity="${a}"/>`)
        .join("")}</radialGradient>`;
    });
  }

  glow(cx: number, cy: number, rx: number, ry: number, color: string, opacity: number, hard = false): this {
    const id = this.glowGrad(color, hard);
    return this.add(
      `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${id})" fill-opacity="${opacity.toFixed(3)}"/>`,
    );
  }

  /** Vertical gradient over the whole canvas. */
  sky(stops: [number, string][]): this {
    const id = this.id();
    this.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
        .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
        .join("")}</linearGradient>`,
    );
    return this.add(`<rect width="${this.w}" height="${this.h}" fill="url(#${id})"/>`);
  }

  /** A light beam (cone) from (x, y) to (tx, ty) with a soft edge, fading out along its length. */
  beam(x: number, y: number, tx: number, ty: number, spread: number, color: string, opacity: number): this {
    const id = this.id();
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x)}" y1="${f(y)}" x2="${f(tx)}" y2="${f(ty)}"><stop offset="0" stop-color="${color}" stop-opacity="1"/><stop offset="0.45" stop-color="${color}" stop-opacity="0.45"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></linearGradient>`,
    );
    const dx = tx - x;
    const dy = ty - y;
    const len = Math.hypot(dx, dy);
    const nx = -dy / len;
    const ny = dx / len;
    const layers: [number, number][] = [
      [1, 0.22],
      [0.6, 0.3],
      [0.28, 0.45],
      [0.08, 0.7],
    ];
    const polys = layers.map(([k, a]) => {
      const s = spread * len * k;
      return `<polygon points="${f(x + nx * 2)},${f(y + ny * 2)} ${f(x - nx * 2)},${f(y - ny * 2)} ${f(tx - nx * s)},${f(ty - ny * s)} ${f(tx + nx * s)},${f(ty + ny * s)}" fill-opacity="${(a * opacity).toFixed(3)}"/>`;
    });
    return this.add(`<g fill="url(#${id})">${polys.join("")}</g>`);
  }

  /** A fan of laser lines from (x, y) at the given angles (degrees, 0 = right, -90 = up). */
  lasers(x: number, y: number, angles: number[], length: number, color: string, opacity = 1): this {
    const g = this.def(`lz:${color}:${f(x)}:${f(y)}:${f(length)}`, (id) => {
      return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(x)}" cy="${f(y)}" r="${f(length)}"><stop offset="0" stop-color="${color}" stop-opacity="1"/><stop offset="0.5" stop-color="${color}" stop-opacity="0.7"/><stop offset="1" stop-color="${color}" stop-opacity="0.05"/></radialGradient>`;
    });
    const core = mixHex(color, WHITE, 0.45);
    const gc = this.def(`lzc:${core}:${f(x)}:${f(y)}:${f(length)}`, (id) => {
      return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(x)}" cy="${f(y)}" r="${f(length)}"><stop offset="0" stop-color="${core}" stop-opacity="1"/><stop offset="0.55" stop-color="${core}" stop-opacity="0.6"/><stop offset="1" stop-color="${core}" stop-opacity="0"/></radialGradient>`;
    });
    const d = angles
      .map((a) => {
        const rad = (a * Math.PI) / 180;
        return `M${f(x)} ${f(y)}L${f(x + Math.cos(rad) * length)} ${f(y + Math.sin(rad) * length)}`;
      })
      .join("");
    const s = Math.max(this.w, this.h) / 1600;
    return this.add(
      `<g fill="none" stroke-linecap="round"><path d="${d}" stroke="url(#${g})" stroke-width="${f(14 * s)}" stroke-opacity="${(0.07 * opacity).toFixed(3)}"/><path d="${d}" stroke="url(#${g})" stroke-width="${f(5 * s)}" stroke-opacity="${(0.2 * opacity).toFixed(3)}"/><path d="${d}" stroke="url(#${gc})" stroke-width="${f(1.6 * s)}" stroke-opacity="${(0.9 * opacity).toFixed(3)}"/></g>`,
    );
  }

  /** Drifting smoke: many soft blobs. */
  smoke(cx: number, cy: number, w: number, h: number, colors: string[], n: number, opacity: number): this {
    const r = this.r;
    for (let i = 0; i < n; i++) {
      const x = cx + r.range(-0.5, 0.5) * w;
      const y = cy + r.range(-0.5, 0.5) * h;
      const rx = r.range(0.08, 0.22) * w;
      this.glow(x, y, rx, rx * r.range(0.35, 0.7), r.pick(colors), opacity * r.range(0.4, 1));
    }
    return this;
  }

  vignette(strength = 0.75): this {
    const id = this.def(`vig:${strength}`, (i) => {
      return `<radialGradient id="${i}" cx="0.5" cy="0.5" r="0.72"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="0.8" stop-color="#000" stop-opacity="${(strength * 0.55).toFixed(2)}"/><stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient>`;
    });
    return this.add(`<rect width="${this.w}" height="${this.h}" fill="url(#${id})"/>`);
  }

  toString(scale = 1): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${Math.round(this.w * scale)}" height="${Math.round(this.h * scale)}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }
}

// --- the NOKTURN wordmark (own geometric glyphs, 10 units tall) ----------------------------------

const GW = 7.6;
const GT = 2.2;
const GAP = 1.5;

const rect = (x: number, y: number, w: number, h: number) =>
  `M${f(x * 10)} ${f(y * 10)}h${f(w * 10)}v${f(h * 10)}h${f(-w * 10)}z`;
/** Parallelogram with horizontal top and bottom edges. */
const para = (xt: number, yt: number, xb: number, yb: number, w: number) =>
  `M${f(xt * 10)} ${f(yt * 10)}L${f((xt + w) * 10)} ${f(yt * 10)}L${f((xb + w) * 10)} ${f(yb * 10)}L${f(xb * 10)} ${f(yb * 10)}z`;

/** Glyph outlines (in tenths of a unit, so paths stay integral), `x` = left edge. */
function glyph(ch: string, x: number): string {
  const W = GW;
  const T = GT;
  const d = T * 1.35;
  const out: string[] = [];
  const R = (a: number, b: number, c: number, e: number) => out.push(rect(x + a, b, c, e));
  const P = (a: number, b: number, c: number, e: number, w: number) => out.push(para(x + a, b, x + c, e, w));
  switch (ch) {
    case "N":
      R(0, 0, T, 10);
      R(W - T, 0, T, 10);
      P(0, 0, W - d, 10, d);
      break;
    case "O": {
      // chamfered ring: outer clockwise, inner counter-clockwise
      const c = 1.6;
      const o = [
        [c, 0],
        [W - c, 0],
        [W, c],
        [W, 10 - c],
        [W - c, 10],
        [c, 10],
        [0, 10 - c],
        [0, c],
      ];
      const ci = 0.9;
      const i = [
        [T + ci, T],
        [T, T + ci],
        [T, 10 - T - ci],
        [T + ci, 10 - T],
        [W - T - ci, 10 - T],
        [W - T, 10 - T - ci],
        [W - T, T + ci],
        [W - T - ci, T],
      ];
      const poly = (pts: number[][]) =>
        `M${pts.map(([a, b]) => `${f((x + a!) * 10)} ${f(b! * 10)}`).join("L")}z`;
      out.push(poly(o) + poly(i));
      break;
    }
    case "K":
      R(0, 0, T, 10);
      P(W - d, 0, T * 0.55, 5.6, d);
      P(T * 0.55 + 0.6, 4.4, W - d, 10, d);
      break;
    case "T":
      R(0, 0, W, T);
      R(W / 2 - T / 2, 0, T, 10);
      break;
    case "U":
      R(0, 0, T, 10);
      R(W - T, 0, T, 10);
      R(0, 10 - T, W, T);
      break;
    case "R": {
      // chamfered bowl (ring like the O) on a stem, with a slanted leg
      const b = 6;
      const c = 1.4;
      const ci = 0.7;
      const o = [
        [0, 0],
        [W - c, 0],
        [W, c],
        [W, b - c],
        [W - c, b],
        [0, b],
      ];
      const i = [
        [T, T],
        [T, b - T],
        [W - T - ci, b - T],
        [W - T, b - T - ci],
        [W - T, T + ci],
        [W - T - ci, T],
      ];
      const poly = (pts: number[][]) =>
        `M${pts.map(([a, y]) => `${f((x + a!) * 10)} ${f(y! * 10)}`).join("L")}z`;
      out.push(poly(o) + poly(i));
      R(0, 0, T, 10);
      P(W * 0.28, b - T, W - d, 10, d);
      break;
    }
    default:
      break;
  }
  return out.join("");
}

/** Width of a word in glyph units (height 10). */
function wordWidth(word: string): number {
  return word.length * GW + (word.length - 1) * GAP;
}

function wordPath(word: string): string {
  return [...word].map((ch, i) => glyph(ch, i * (GW + GAP))).join("");
}

/** `<path>` of the wordmark with its top-left corner at (x, y) and the given cap height. */
function wordmark(word: string, x: number, y: number, height: number, fill: string, extra = ""): string {
  const s = height / 100;
  return `<path transform="translate(${f(x)} ${f(y)}) scale(${s.toFixed(4)})" d="${wordPath(word)}" fill="${fill}" ${extra}/>`;
}

/** Centered wordmark of the given total width. */
function wordmarkCentered(
  word: string,
  cx: number,
  cy: number,
  width: number,
  fill: string,
  extra = "",
): string {
  const height = (width / wordWidth(word)) * 10;
  return wordmark(word, cx - width / 2, cy - height / 2, height, fill, extra);
}

/** The N mark on its own, centered, `size` tall. */
function nMark(cx: number, cy: number, size: number, fill: string, extra = ""): string {
  return wordmark("N", cx - (size * GW) / 20, cy - size / 2, size, fill, extra);
}

const DISPLAY_FONT = "Arial Black, Impact, Helvetica, sans-serif";

function text(
  x: number,
  y: number,
  size: number,
  content: string,
  fill: string,
  extra = 'text-anchor="middle"',
): string {
  return `<text x="${f(x)}" y="${f(y)}" font-family="${DISPLAY_FONT}" font-weight="900" font-size="${f(size)}" fill="${fill}" ${extra}>${content}</text>`;
}

// --- people ----------------------------------------------------------------------------------------

type Arms = "up" | "one" | "v" | "down" | "fist" | "phone";
type Hair = "none" | "short" | "long" | "bun" | "cap" | "pony" | "buns" | "hood" | "beanie";

type PersonOpts = { arms?: Arms; hair?: Hair; shoulders?: number; lean?: number };

/**
 * A silhouette (no paint: the caller's group sets fill and stroke) with the head centre at (x, hy),
 * head radius `hr` and the torso cut at `bottom`. Returns the shapes and where a phone would be.
 */
function person(
  r: Rng,
  x: number,
  hy: number,
  hr: number,
  bottom: number,
  o: PersonOpts = {},
): { shapes: string; phone?: [number, number] } {
  const arms = o.arms ?? r.pick<Arms>(["up", "up", "one", "v", "down", "fist"]);
  const hair = o.hair ?? r.pick<Hair>(["none", "short", "short", "long", "bun", "cap", "pony"]);
  const lean = o.lean ?? r.range(-0.25, 0.25);
  const sw = hr * (o.shoulders ?? r.range(1.55, 2.05));
  const hx = x + lean * hr;
  const sy = hy + hr * 1.6;
  const out: string[] = [];
  out.push(`<ellipse cx="${f(hx)}" cy="${f(hy)}" rx="${f(hr * 0.8)}" ry="${f(hr)}"/>`);
  out.push(
    `<rect x="${f(hx - hr * 0.36)}" y="${f(hy + hr * 0.5)}" width="${f(hr * 0.72)}" height="${f(hr * 1.3)}"/>`,
  );
  out.push(
    `<path d="M${f(x - sw * 1.02)} ${f(bottom)}L${f(x - sw)} ${f(sy + hr * 0.55)}Q${f(x - sw * 0.97)} ${f(sy - hr * 0.05)} ${f(x - sw * 0.5)} ${f(sy - hr * 0.15)}L${f(x + sw * 0.5)} ${f(sy - hr * 0.15)}Q${f(x + sw * 0.97)} ${f(sy - hr * 0.05)} ${f(x + sw)} ${f(sy + hr * 0.55)}L${f(x + sw * 1.02)} ${f(bottom)}z"/>`,
  );
  switch (hair) {
    case "long":
      out.push(
        `<path d="M${f(hx - hr * 0.85)} ${f(hy - hr * 0.2)}Q${f(hx - hr * 1.05)} ${f(hy + hr * 1.6)} ${f(hx - hr * 1.2)} ${f(hy + hr * 2.3)}L${f(hx + hr * 1.2)} ${f(hy + hr * 2.3)}Q${f(hx + hr * 1.05)} ${f(hy + hr * 1.6)} ${f(hx + hr * 0.85)} ${f(hy - hr * 0.2)}Q${f(hx)} ${f(hy - hr * 1.35)} ${f(hx - hr * 0.85)} ${f(hy - hr * 0.2)}z"/>`,
      );
      break;
    case "bun":
      out.push(`<circle cx="${f(hx + hr * 0.1)}" cy="${f(hy - hr * 1.05)}" r="${f(hr * 0.45)}"/>`);
      break;
    case "buns":
      out.push(`<circle cx="${f(hx - hr * 0.62)}" cy="${f(hy - hr * 0.85)}" r="${f(hr * 0.42)}"/>`);
      out.push(`<circle cx="${f(hx + hr * 0.62)}" cy="${f(hy - hr * 0.85)}" r="${f(hr * 0.42)}"/>`);
      break;
    case "pony":
      out.push(
        `<ellipse cx="${f(hx + hr * 0.95)}" cy="${f(hy + hr * 0.2)}" rx="${f(hr * 0.35)}" ry="${f(hr * 0.8)}" transform="rotate(-20 ${f(hx + hr * 0.95)} ${f(hy + hr * 0.2)})"/>`,
      );
      break;
    case "cap":
      out.push(
        `<path d="M${f(hx - hr * 0.85)} ${f(hy - hr * 0.2)}Q${f(hx)} ${f(hy - hr * 1.35)} ${f(hx + hr * 0.85)} ${f(hy - hr * 0.2)}L${f(hx + hr * 1.7)} ${f(hy - hr * 0.05)}L${f(hx + hr * 0.8)} ${f(hy + hr * 0.1)}z"/>`,
      );
      break;
    case "hood":
      out.push(
        `<path d="M${f(hx - sw * 0.75)} ${f(sy)}Q${f(hx - hr * 1.35)} ${f(hy - hr * 1.5)} ${f(hx)} ${f(hy - hr * 1.3)}Q${f(hx + hr * 1.35)} ${f(hy - hr * 1.5)} ${f(hx + sw * 0.75)} ${f(sy)}z"/>`,
      );
      break;
    case "beanie":
      out.push(
        `<path d="M${f(hx - hr * 0.9)} ${f(hy - hr * 0.15)}Q${f(hx - hr * 0.95)} ${f(hy - hr * 1.45)} ${f(hx)} ${f(hy - hr * 1.45)}Q${f(hx + hr * 0.95)} ${f(hy - hr * 1.45)} ${f(hx + hr * 0.9)} ${f(hy - hr * 0.15)}z"/>`,
      );
      break;
    case "short":
      out.push(
        `<ellipse cx="${f(hx)}" cy="${f(hy - hr * 0.35)}" rx="${f(hr * 0.88)}" ry="${f(hr * 0.75)}"/>`,
      );
      break;
    default:
      break;
  }
  const aw = hr * 0.62;
  const arm = (side: -1 | 1, pose: Arms): [number, number] | undefined => {
    const ax = x + side * sw * 0.78;
    const ay = sy + hr * 0.3;
    let ex: number;
    let ey: number;
    let hx2: number;
    let hy2: number;
    if (pose === "down") return undefined;
    if (pose === "v") {
      ex = ax + side * hr * r.range(1.2, 1.8);
      ey = ay - hr * r.range(1.3, 1.9);
      hx2 = ex + side * hr * r.range(0.8, 1.4);
      hy2 = ey - hr * r.range(1.5, 2);
    } else if (pose === "fist") {
      ex = ax + side * hr * r.range(1.3, 1.9);
      ey = ay - hr * r.range(0.1, 0.6);
      hx2 = ex - side * hr * r.range(0.2, 0.7);
      hy2 = ey - hr * r.range(1.5, 2.1);
    } else {
      ex = ax + side * hr * r.range(0.2, 1.1);
      ey = ay - hr * r.range(1.8, 2.3);
      hx2 = ex + side * hr * r.range(-0.5, 0.4);
      hy2 = ey - hr * r.range(1.7, 2.2);
    }
    out.push(
      `<path d="M${f(ax)} ${f(ay)}L${f(ex)} ${f(ey)}L${f(hx2)} ${f(hy2)}" fill="none" stroke-width="${f(aw)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
    out.push(`<circle cx="${f(hx2)}" cy="${f(hy2 - hr * 0.1)}" r="${f(hr * 0.36)}"/>`);
    return [hx2, hy2 - hr * 0.5];
  };
  const side: -1 | 1 = r.chance(0.5) ? 1 : -1;
  let phone: [number, number] | undefined;
  if (arms === "up" || arms === "v" || arms === "fist") {
    arm(-1, arms);
    arm(1, arms);
  } else if (arms === "one") {
    arm(side, "up");
  } else if (arms === "phone") {
    phone = arm(side, "up");
  }
  return { shapes: out.join(""), phone };
}

type CrowdOpts = {
  rows: number;
  top: number;
  bottom?: number;
  minHead: number;
  maxHead: number;
  far: string;
  near?: string;
  rim?: string;
  rim2?: string;
  rimStrength?: number;
  phones?: boolean;
  upShare?: number;
};

/** Rows of people, back to front, with a rim light on the upper edges. */
function crowd(c: Canvas, o: CrowdOpts): void {
  const { r, w } = c;
  const bottom = o.bottom ?? c.h;
  const near = o.near ?? INK;
  for (let i = 0; i < o.rows; i++) {
    const t = o.rows === 1 ? 1 : i / (o.rows - 1);
    const hr = o.minHead + (o.maxHead - o.minHead) * t ** 1.6;
    const hy = o.top + (bottom - hr * 2.2 - o.top) * t ** 1.1;
    const fill = mixHex(o.far, near, t ** 0.7);
    let x = -r.range(0, hr * 2);
    const parts: string[] = [];
    const phones: [number, number][] = [];
    while (x < w + hr * 2) {
      const up = r.chance(o.upShare ?? 0.45);
      const arms: Arms | undefined =
        o.phones && r.chance(0.12) ? "phone" : up ? undefined : r.pick<Arms>(["down", "down", "one"]);
      const p = person(r, x, hy + r.range(-0.35, 0.35) * hr, hr * r.range(0.88, 1.1), bottom + hr, {
        arms,
      });
      parts.push(p.shapes);
      if (p.phone) phones.push(p.phone);
      x += hr * r.range(2.4, 3.6);
    }
    // copies inlined (librsvg renders <use> of big groups much slower)
    const row = parts.join("");
    const off = hr * 0.075;
    const k = (o.rimStrength ?? 0.75) * (0.4 + 0.6 * t);
    if (o.rim) {
      c.add(
        `<g transform="translate(${f(-off)} ${f(-off * 0.8)})" fill="${o.rim}" stroke="${o.rim}" fill-opacity="${k.toFixed(2)}" stroke-opacity="${k.toFixed(2)}">${row}</g>`,
      );
    }
    if (o.rim2) {
      c.add(
        `<g transform="translate(${f(off)} ${f(-off * 0.5)})" fill="${o.rim2}" stroke="${o.rim2}" fill-opacity="${(k * 0.8).toFixed(2)}" stroke-opacity="${(k * 0.8).toFixed(2)}">${row}</g>`,
      );
    }
    c.add(`<g fill="${fill}" stroke="${fill}">${row}</g>`);
    if (i < o.rows - 1) {
      // haze between the rows gives depth
      c.glow(w / 2, hy + hr * 2, w * 0.8, hr * 3, o.far, 0.35);
    }
    for (const [px, py] of phones) {
      const pw = hr * 0.5;
      c.glow(px, py, pw * 3, pw * 3, WHITE, 0.25);
      c.add(
        `<rect x="${f(px - pw / 2)}" y="${f(py - pw * 0.9)}" width="${f(pw)}" height="${f(pw * 1.8)}" rx="${f(pw * 0.15)}" fill="#f4f6ff" opacity="0.92"/>`,
      );
    }
  }
}

function confetti(c: Canvas, n: number, colors: string[], top = 0, bottom = 0.7): void {
  const { r, w, h } = c;
  const s = Math.max(w, h) / 1600;
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = r.range(0, w);
    const y = r.range(top * h, bottom * h);
    const size = r.range(5, 14) * s;
    parts.push(
      `<rect x="${f(x)}" y="${f(y)}" width="${f(size)}" height="${f(size * r.range(0.3, 0.6))}" fill="${r.pick(colors)}" opacity="${r.range(0.45, 0.95).toFixed(2)}" transform="rotate(${r.int(0, 179)} ${f(x)} ${f(y)})"/>`,
    );
  }
  c.add(`<g>${parts.join("")}</g>`);
}

/** Pixel grid over an LED wall (plain lines: a <pattern> is slow in librsvg). */
function ledGrid(c: Canvas, x: number, y: number, w: number, h: number, cell: number): void {
  let d = "";
  for (let yy = y; yy <= y + h; yy += cell) d += `M${f(x)} ${f(yy)}H${f(x + w)}`;
  for (let xx = x; xx <= x + w; xx += cell) d += `M${f(xx)} ${f(y)}V${f(y + h)}`;
  c.add(`<path d="${d}" stroke="#000" stroke-width="${f(cell * 0.35)}" stroke-opacity="0.55"/>`);
}

// --- scenes ----------------------------------------------------------------------------------------

type P = DemoImageSpec["params"];
const num = (p: P, k: string, d: number) => (typeof p[k] === "number" ? (p[k] as number) : d);
const str = (p: P, k: string, d: string) => (typeof p[k] === "string" ? (p[k] as string) : d);
const bool = (p: P, k: string) => p[k] === true;

function nightSky(c: Canvas, sky: boolean): void {
  const { p, r, w, h } = c;
  if (sky) {
    c.sky([
      [0, "#0a0818"],
      [0.3, mixHex("#1b1240", p.b, 0.25)],
      [0.55, mixHex("#4a1c4a", p.a, 0.35)],
      [0.72, mixHex("#2a0f22", p.a, 0.2)],
      [1, p.bg],
    ]);
    const stars: string[] = [];
    for (let i = 0; i < 60; i++) {
      stars.push(
        `<circle cx="${f(r.range(0, w))}" cy="${f(r.range(0, h * 0.3))}" r="${f(r.range(0.6, 1.6) * (w / 1600))}" fill-opacity="${r.range(0.3, 0.8).toFixed(2)}"/>`,
      );
    }
    c.add(`<g fill="#fff">${stars.join("")}</g>`);
    // tree line
    let d = `M0 ${f(h * 0.62)}`;
    for (let x = 0; x <= w + 40; x += w / 60) d += `L${f(x)} ${f(h * (0.6 - r.range(0, 0.06)))}`;
    d += `L${w} ${h}L0 ${h}z`;
    c.add(`<path d="${d}" fill="${mixHex(p.bg, "#000", 0.3)}"/>`);
  } else {
    c.sky([
      [0, mixHex(p.bg, "#000", 0.3)],
      [0.5, mixHex(p.bg, p.b, 0.1)],
      [1, p.bg],
    ]);
  }
}

function truss(c: Canvas, y: number, x0: number, x1: number, t: number, color: string): void {
  const parts = [
    `<rect x="${f(x0)}" y="${f(y)}" width="${f(x1 - x0)}" height="${f(t * 0.16)}"/>`,
    `<rect x="${f(x0)}" y="${f(y + t * 0.84)}" width="${f(x1 - x0)}" height="${f(t * 0.16)}"/>`,
  ];
  let d = "";
  for (let x = x0, k = 0; x < x1; x += t, k++) d += `${k === 0 ? "M" : "L"}${f(x)} ${f(k % 2 ? y : y + t)}`;
  parts.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(t * 0.1)}"/>`);
  c.add(`<g fill="${color}">${parts.join("")}</g>`);
}

function vtruss(c: Canvas, x: number, y0: number, y1: number, t: number, color: string): void {
  let d = "";
  for (let y = y0, k = 0; y < y1; y += t, k++) d += `${k === 0 ? "M" : "L"}${f(k % 2 ? x : x + t)} ${f(y)}`;
  c.add(
    `<g fill="${color}"><rect x="${f(x)}" y="${f(y0)}" width="${f(t * 0.16)}" height="${f(y1 - y0)}"/><rect x="${f(x + t * 0.84)}" y="${f(y0)}" width="${f(t * 0.16)}" height="${f(y1 - y0)}"/><path d="${d}" fill="none" stroke="${color}" stroke-width="${f(t * 0.1)}"/></g>`,
  );
}

/** Fixture on a truss: a dim housing with a hot lens. */
function fixture(c: Canvas, x: number, y: number, s: number, color: string): void {
  c.add(
    `<rect x="${f(x - s)}" y="${f(y - s * 0.6)}" width="${f(s * 2)}" height="${f(s * 1.6)}" rx="${f(s * 0.3)}" fill="#0c0c10"/>`,
  );
  c.glow(x, y + s * 0.6, s * 6, s * 6, color, 0.55);
  c.add(
    `<circle cx="${f(x)}" cy="${f(y + s * 0.5)}" r="${f(s * 0.7)}" fill="${mixHex(color, WHITE, 0.7)}"/>`,
  );
}

/** LED wall content: the N mark, a tunnel of frames or EQ bars, under a pixel grid. */
function ledContent(c: Canvas, kind: string, x: number, y: number, w: number, h: number): void {
  const { p, r } = c;
  c.add(
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${mixHex(p.bg, "#000", 0.4)}"/>`,
  );
  const clip = c.id("clip");
  c.defs.push(
    `<clipPath id="${clip}"><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"/></clipPath>`,
  );
  const parts: string[] = [];
  if (kind === "logo") {
    parts.push(
      `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${mixHex(p.bg, p.b, 0.35)}"/>`,
    );
    for (let i = 0; i < 7; i++) {
      parts.push(
        `<rect x="${f(x)}" y="${f(y + (h * i) / 7)}" width="${f(w)}" height="${f(h / 14)}" fill="${p.b}" fill-opacity="${(0.15 + 0.05 * i).toFixed(2)}"/>`,
      );
    }
    parts.push(nMark(x + w / 2, y + h / 2, h * 0.72, p.a));
  } else if (kind === "tunnel") {
    for (let i = 0; i < 9; i++) {
      const k = 1 - i / 9;
      parts.push(
        `<rect x="${f(x + (w * (1 - k)) / 2)}" y="${f(y + (h * (1 - k)) / 2)}" width="${f(w * k)}" height="${f(h * k)}" fill="none" stroke="${i % 2 ? p.a : p.b}" stroke-width="${f(h * 0.035 * k)}" stroke-opacity="${(0.5 + 0.5 * k).toFixed(2)}"/>`,
      );
    }
  } else {
    const n = 18;
    for (let i = 0; i < n; i++) {
      const bh = h * r.range(0.15, 0.95);
      parts.push(
        `<rect x="${f(x + (w * i) / n + w / n / 6)}" y="${f(y + h - bh)}" width="${f((w / n) * 0.66)}" height="${f(bh)}" fill="${i % 3 === 0 ? p.b : p.a}"/>`,
      );
    }
  }
  c.add(`<g clip-path="url(#${clip})">${parts.join("")}</g>`);
  ledGrid(c, x, y, w, h, Math.max(4, h / 40));
}

function booth(c: Canvas, cx: number, top: number, bw: number, bh: number, rim: string): void {
  const { r } = c;
  const hr = bh * 0.32;
  const dj = person(r, cx + r.range(-0.15, 0.15) * bw, top - hr * 1.2, hr, top + bh, {
    arms: "one",
    hair: "cap",
  });
  c.add(
    `<g fill="${rim}" stroke="${rim}" opacity="0.8" transform="translate(${f(-hr * 0.12)} ${f(-hr * 0.1)})">${dj.shapes}</g>`,
  );
  c.add(`<g fill="${INK}" stroke="${INK}">${dj.shapes}</g>`);
  c.add(`<rect x="${f(cx - bw / 2)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" fill="#060509"/>`);
  c.add(
    `<rect x="${f(cx - bw / 2)}" y="${f(top)}" width="${f(bw)}" height="${f(bh * 0.05)}" fill="${rim}" opacity="0.55"/>`,
  );
  const dots: string[] = [];
  for (let i = 0; i < 14; i++) {
    dots.push(
      `<circle cx="${f(cx - bw * 0.4 + (bw * 0.8 * i) / 13)}" cy="${f(top + bh * 0.5)}" r="${f(bh * 0.035)}" opacity="${r.range(0.3, 1).toFixed(2)}"/>`,
    );
  }
  c.add(`<g fill="${rim}">${dots.join("")}</g>`);
}

function sceneStage(c: Canvas, s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  const pr = s.params;
  const sky = bool(pr, "sky");
  nightSky(c, sky);
  const ledW = w * 0.44;
  const ledH = h * 0.3;
  const ledY = h * 0.21;
  c.glow(w / 2, h * 0.4, w * 0.6, h * 0.5, p.a, 0.22);
  c.glow(w * 0.2, h * 0.35, w * 0.35, h * 0.4, p.b, 0.25);
  c.glow(w * 0.8, h * 0.35, w * 0.35, h * 0.4, p.b, 0.25);
  // stage roof
  c.add(
    `<path d="M${f(w * 0.12)} ${f(h * 0.1)}L${f(w * 0.88)} ${f(h * 0.1)}L${f(w * 0.95)} 0L${f(w * 0.05)} 0z" fill="#060509" opacity="${sky ? 1 : 0.8}"/>`,
  );
  ledContent(c, str(pr, "led", "logo"), w / 2 - ledW / 2, ledY, ledW, ledH);
  c.glow(w / 2, ledY + ledH / 2, ledW * 0.75, ledH * 0.9, p.a, 0.18);
  const tt = h * 0.03;
  truss(c, h * 0.1, w * 0.14, w * 0.86, tt, "#14131a");
  vtruss(c, w * 0.15, h * 0.1, h * 0.66, tt, "#111016");
  vtruss(c, w * 0.85 - tt, h * 0.1, h * 0.66, tt, "#111016");
  // haze
  c.smoke(w / 2, h * 0.5, w * 1.1, h * 0.45, [p.a, p.b, p.c], 10, 0.12);
  // beams
  const nb = num(pr, "beams", 8);
  const colors = [p.a, p.b, p.c, p.b];
  for (let i = 0; i < nb; i++) {
    const fx = w * (0.18 + (0.64 * (i + 0.5)) / nb);
    const fy = h * 0.135;
    const tx = fx + (fx - w / 2) * r.range(0.6, 1.6) + r.range(-0.15, 0.15) * w;
    fixture(c, fx, fy, h * 0.008, colors[i % colors.length]!);
    c.beam(fx, fy, tx, h * 1.05, r.range(0.05, 0.09), colors[i % colors.length]!, r.range(0.45, 0.75));
  }
  // laser fan
  const nl = num(pr, "lasers", 0);
  if (nl > 0) {
    const ox = w / 2;
    const oy = h * 0.5;
    const angles: number[] = [];
    for (let i = 0; i < nl; i++) angles.push(-176 + (172 * i) / (nl - 1) + r.range(-1, 1));
    c.glow(ox, oy, w * 0.06, w * 0.06, p.a, 0.8);
    c.lasers(ox, oy, angles, w * 0.85, p.a, 0.9);
    if (nl > 20) {
      const low: number[] = [];
      for (let i = 0; i < 10; i++) low.push(2 + i * 2.2 + r.range(-0.5, 0.5), 178 - i * 2.2);
      c.lasers(ox, oy, low, w * 0.7, p.a, 0.6);
    }
  }
  if (bool(pr, "strobe")) {
    for (let i = 0; i < 3; i++) c.glow(w * (0.3 + i * 0.2), h * 0.18, w * 0.2, h * 0.18, WHITE, 0.5);
  }
  booth(c, w / 2, h * 0.57, w * 0.2, h * 0.075, p.a);
  // stage edge with footlights
  c.add(`<rect x="0" y="${f(h * 0.645)}" width="${w}" height="${f(h * 0.02)}" fill="#050408"/>`);
  for (let i = 0; i < 12; i++) c.glow(w * (0.04 + (0.92 * i) / 11), h * 0.65, w * 0.03, h * 0.015, p.c, 0.6);
  c.smoke(w / 2, h * 0.68, w, h * 0.12, [p.a, p.b], 6, 0.1);
  crowd(c, {
    rows: num(pr, "rows", 4),
    top: h * 0.66,
    minHead: h * 0.014,
    maxHead: h * 0.06,
    far: mixHex(p.bg, p.b, 0.35),
    rim: mixHex(p.a, WHITE, 0.2),
    rim2: p.b,
    phones: bool(pr, "phones"),
  });
  c.vignette(0.7);
}

function sceneCrowd(c: Canvas, s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  const pr = s.params;
  const sky = bool(pr, "sky");
  nightSky(c, sky);
  const fromStage = bool(pr, "fromStage");
  c.glow(w * 0.5, h * 0.3, w * 0.7, h * 0.45, p.a, 0.35);
  c.glow(w * r.range(0.1, 0.3), h * 0.2, w * 0.35, h * 0.35, p.b, 0.4);
  c.glow(w * r.range(0.7, 0.9), h * 0.2, w * 0.35, h * 0.35, p.c, 0.25);
  for (let i = 0; i < 6; i++) {
    const x = w * r.range(0.1, 0.9);
    const col = r.pick([p.a, p.b, p.a]);
    c.beam(x, -h * 0.05, x + r.range(-0.5, 0.5) * w, h * 1.1, r.range(0.04, 0.08), col, r.range(0.35, 0.6));
    c.glow(x, 0, w * 0.03, w * 0.03, mixHex(col, WHITE, 0.6), 0.9);
  }
  c.smoke(w / 2, h * 0.35, w, h * 0.4, [p.a, p.b], 8, 0.14);
  if (bool(pr, "confetti")) confetti(c, 160, [p.a, p.c, WHITE, p.b], 0, 0.75);
  crowd(c, {
    rows: 4,
    top: h * 0.4,
    minHead: h * 0.028,
    maxHead: h * 0.11,
    far: mixHex(p.bg, p.a, 0.25),
    rim: mixHex(p.a, WHITE, 0.3),
    rim2: p.b,
    rimStrength: fromStage ? 1 : 0.8,
    phones: bool(pr, "phones"),
    upShare: 0.65,
  });
  if (fromStage) {
    // the booth edge in the foreground, seen from behind the decks
    c.add(`<rect x="0" y="${f(h * 0.9)}" width="${w}" height="${f(h * 0.1)}" fill="#050407"/>`);
    c.add(
      `<rect x="0" y="${f(h * 0.9)}" width="${w}" height="${f(h * 0.006)}" fill="${p.a}" opacity="0.5"/>`,
    );
  }
  c.vignette(0.65);
}

function sceneDj(c: Canvas, s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  const pr = s.params;
  const right = str(pr, "side", "left") === "right";
  nightSky(c, bool(pr, "sky"));
  const m = Math.min(w, h);
  const cx = w * (right ? 0.62 : 0.4);
  // LED wall / back light behind the DJ
  c.glow(cx, h * 0.35, w * 0.6, h * 0.5, p.a, 0.4);
  c.glow(w * (right ? 0.15 : 0.85), h * 0.25, w * 0.4, h * 0.4, p.b, 0.45);
  for (let i = 0; i < 5; i++) {
    const x = w * r.range(0, 1);
    c.beam(
      x,
      -h * 0.05,
      x + r.range(-0.4, 0.4) * w,
      h * 0.9,
      r.range(0.03, 0.06),
      r.pick([p.a, p.b, p.c]),
      0.45,
    );
  }
  c.smoke(w / 2, h * 0.45, w, h * 0.5, [p.a, p.b], 8, 0.12);
  // the DJ
  const hr = m * 0.085;
  const hy = h * 0.42;
  const dj = person(r, cx, hy, hr, h, {
    arms: "down",
    hair: r.pick<Hair>(["cap", "short", "long", "bun"]),
    shoulders: 2,
  });
  c.add(
    `<g fill="${mixHex(p.a, WHITE, 0.3)}" stroke="none" transform="translate(${f(-hr * 0.06)} ${f(-hr * 0.06)})">${dj.shapes}</g>`,
  );
  c.add(
    `<g fill="${p.b}" stroke="none" opacity="0.8" transform="translate(${f(hr * 0.07)} ${f(-hr * 0.03)})">${dj.shapes}</g>`,
  );
  c.add(`<g fill="${INK}" stroke="${INK}">${dj.shapes}</g>`);
  // headphones: band + one cup on, one off
  c.add(
    `<path d="M${f(cx - hr * 0.95)} ${f(hy)}Q${f(cx)} ${f(hy - hr * 1.7)} ${f(cx + hr * 0.95)} ${f(hy)}" fill="none" stroke="#0a0a0d" stroke-width="${f(hr * 0.18)}"/><ellipse cx="${f(cx - hr * 0.85)}" cy="${f(hy + hr * 0.1)}" rx="${f(hr * 0.28)}" ry="${f(hr * 0.4)}" fill="#0a0a0d"/><ellipse cx="${f(cx + hr * 0.95)}" cy="${f(hy + hr * 0.35)}" rx="${f(hr * 0.28)}" ry="${f(hr * 0.4)}" fill="#0a0a0d"/>`,
  );
  // arms to the decks
  const deskY = h * 0.72;
  c.add(
    `<path d="M${f(cx - hr * 1.7)} ${f(hy + hr * 2)}L${f(cx - hr * 2.4)} ${f(deskY - hr * 0.2)}M${f(cx + hr * 1.7)} ${f(hy + hr * 2)}L${f(cx + hr * 1.6)} ${f(deskY - hr * 0.6)}L${f(cx + hr * 0.6)} ${f(deskY - hr * 0.3)}" stroke="${INK}" stroke-width="${f(hr * 0.6)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
  );
  // the desk with two players and a mixer
  c.add(`<rect x="0" y="${f(deskY)}" width="${w}" height="${f(h - deskY)}" fill="#050408"/>`);
  c.add(`<rect x="0" y="${f(deskY)}" width="${w}" height="${f(h * 0.004)}" fill="${p.a}" opacity="0.35"/>`);
  const unitY = deskY - h * 0.035;
  const pw = w * 0.2;
  const centers = [cx - pw * 1.15, cx, cx + pw * 1.15];
  centers.forEach((ux, i) => {
    const uw = i === 1 ? pw * 0.7 : pw;
    c.add(
      `<rect x="${f(ux - uw / 2)}" y="${f(unitY)}" width="${f(uw)}" height="${f(h * 0.05)}" rx="${f(h * 0.006)}" fill="#0d0c12"/>`,
    );
    c.add(
      `<rect x="${f(ux - uw / 2)}" y="${f(unitY)}" width="${f(uw)}" height="${f(h * 0.003)}" fill="#3a3848"/>`,
    );
    if (i === 1) {
      const dots: string[] = [];
      for (let k = 0; k < 4; k++) {
        for (let j = 0; j < 5; j++) {
          dots.push(
            `<rect x="${f(ux - uw * 0.4 + (uw * 0.8 * k) / 3 - 3)}" y="${f(unitY + h * 0.008 + j * h * 0.007)}" width="${f(w * 0.006)}" height="${f(h * 0.003)}" fill="${j < 2 ? p.c : p.a}" opacity="${r.range(0.2, 1).toFixed(2)}"/>`,
          );
        }
      }
      c.add(dots.join(""));
    } else {
      c.add(
        `<ellipse cx="${f(ux)}" cy="${f(unitY + h * 0.02)}" rx="${f(uw * 0.3)}" ry="${f(h * 0.014)}" fill="none" stroke="${p.a}" stroke-width="${f(h * 0.003)}" opacity="0.9"/>`,
      );
      c.glow(ux, unitY + h * 0.02, uw * 0.45, h * 0.04, p.a, 0.35);
    }
  });
  // a hand up from the crowd in the foreground
  crowd(c, {
    rows: 1,
    top: h * 0.86,
    minHead: m * 0.07,
    maxHead: m * 0.07,
    far: INK,
    rim: p.b,
    rimStrength: 0.6,
    upShare: 0.5,
  });
  c.vignette(0.75);
}

function sceneLasers(c: Canvas, s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  const pr = s.params;
  const mode = str(pr, "mode", "fan");
  nightSky(c, bool(pr, "sky"));
  c.smoke(w / 2, h * 0.45, w * 1.2, h * 0.7, [p.a, p.b, p.bg], 14, 0.14);
  if (mode === "fan") {
    const ox = w * r.range(0.35, 0.65);
    const oy = h * 0.62;
    const angles: number[] = [];
    const n = 40;
    for (let i = 0; i < n; i++) angles.push(-172 + (164 * i) / (n - 1) + r.range(-0.8, 0.8));
    c.glow(ox, oy, w * 0.1, w * 0.1, p.a, 0.9);
    c.lasers(ox, oy, angles, Math.max(w, h) * 1.1, p.a);
    const b: number[] = [];
    for (let i = 0; i < 12; i++) b.push(-150 + i * 10 + r.range(-2, 2));
    c.lasers(
      w - ox,
      h * 0.3,
      b.map((a) => a + 180),
      Math.max(w, h),
      p.b,
      0.6,
    );
  } else if (mode === "sheet") {
    // a flat sheet of light just above the heads
    const ox = -w * 0.05;
    const oy = h * 0.45;
    const angles: number[] = [];
    for (let i = 0; i < 70; i++) angles.push(-4 + (16 * i) / 69);
    c.lasers(ox, oy, angles, w * 1.4, p.a);
    const a2: number[] = [];
    for (let i = 0; i < 24; i++) a2.push(180 + 6 - (10 * i) / 23);
    c.lasers(w * 1.05, h * 0.3, a2, w * 1.3, p.b, 0.7);
  } else {
    // tunnel: rays from a vanishing point plus rings of light
    const ox = w / 2;
    const oy = h * 0.45;
    const angles: number[] = [];
    for (let i = 0; i < 48; i++) angles.push((360 * i) / 48 + r.range(-1, 1));
    c.glow(ox, oy, w * 0.15, w * 0.15, p.a, 0.8);
    c.lasers(ox, oy, angles, Math.max(w, h) * 0.9, p.a);
    for (let i = 1; i < 6; i++) {
      const k = i / 6;
      c.add(
        `<ellipse cx="${f(ox)}" cy="${f(oy)}" rx="${f(w * 0.7 * k ** 1.5)}" ry="${f(h * 0.6 * k ** 1.5)}" fill="none" stroke="${p.b}" stroke-width="${f(3 + k * 8)}" opacity="${(0.18 + 0.2 * k).toFixed(2)}"/>`,
      );
    }
  }
  crowd(c, {
    rows: 3,
    top: h * 0.7,
    minHead: h * 0.018,
    maxHead: h * 0.05,
    far: mixHex(p.bg, p.a, 0.2),
    rim: p.a,
    rim2: p.b,
    rimStrength: 0.5,
    upShare: 0.6,
  });
  c.vignette(0.7);
}

function sceneSmoke(c: Canvas, s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  const pr = s.params;
  c.sky([
    [0, p.bg],
    [1, mixHex(p.bg, p.a, 0.12)],
  ]);
  const lx = w * r.range(0.3, 0.7);
  c.glow(lx, h * 0.05, w * 0.8, h * 0.55, p.a, 0.55);
  c.beam(lx, -h * 0.02, lx + r.range(-0.2, 0.2) * w, h * 1.1, 0.14, mixHex(p.a, WHITE, 0.3), 0.7);
  c.beam(w * 0.1, -h * 0.02, w * 0.5, h * 1.1, 0.06, p.b, 0.5);
  c.smoke(w / 2, h * 0.55, w * 1.3, h * 0.9, [p.a, p.b, mixHex(p.a, WHITE, 0.4)], 30, 0.2);
  const n = num(pr, "figures", 1);
  for (let i = 0; i < n; i++) {
    const x = w * (n === 1 ? 0.5 : 0.25 + (0.5 * i) / (n - 1)) + r.range(-0.05, 0.05) * w;
    const hr = Math.min(w, h) * r.range(0.05, 0.07);
    const pp = person(r, x, h * r.range(0.48, 0.58), hr, h * 1.05, {
      arms: r.pick<Arms>(["up", "one", "v"]),
    });
    const fill = mixHex(p.bg, "#000", 0.3);
    c.add(
      `<g fill="${mixHex(p.a, WHITE, 0.5)}" stroke="${mixHex(p.a, WHITE, 0.5)}" opacity="0.7" transform="translate(0 ${f(-hr * 0.08)})">${pp.shapes}</g>`,
    );
    c.add(`<g fill="${fill}" stroke="${fill}">${pp.shapes}</g>`);
  }
  // smoke drifting in front of the figures
  c.smoke(w / 2, h * 0.85, w * 1.2, h * 0.4, [p.a, p.b], 14, 0.18);
  c.vignette(0.7);
}

function sceneStrobe(c: Canvas, _s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  c.sky([
    [0, mixHex(p.bg, p.a, 0.3)],
    [0.5, mixHex(p.bg, p.a, 0.12)],
    [1, p.bg],
  ]);
  const sx = w * r.range(0.35, 0.65);
  c.glow(sx, h * 0.22, w * 1.1, h * 0.9, WHITE, 0.85);
  c.glow(sx, h * 0.22, w * 0.5, h * 0.35, WHITE, 1);
  c.glow(w * 0.15, h * 0.3, w * 0.3, h * 0.3, p.b, 0.5);
  // strobe panels
  for (let i = 0; i < 4; i++) {
    const x = w * (0.2 + i * 0.2);
    c.add(
      `<rect x="${f(x - w * 0.04)}" y="${f(h * 0.05)}" width="${f(w * 0.08)}" height="${f(h * 0.025)}" fill="#fff"/>`,
    );
  }
  crowd(c, {
    rows: 3,
    top: h * 0.42,
    minHead: h * 0.03,
    maxHead: h * 0.1,
    far: mixHex("#8d8c98", p.bg, 0.2),
    near: "#050508",
    upShare: 0.75,
  });
  c.vignette(0.5);
}

function sceneLights(c: Canvas, s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  const mode = str(s.params, "mode", "heads");
  nightSky(c, false);
  if (mode === "bokeh") {
    c.glow(w * 0.5, h * 0.5, w * 0.7, h * 0.6, p.b, 0.3);
    const m = Math.max(w, h);
    for (let i = 0; i < 70; i++) {
      const col = r.pick([p.a, p.b, p.c, p.a]);
      const rad = m * r.range(0.015, 0.07);
      c.glow(r.range(0, w), r.range(0, h), rad, rad, col, r.range(0.25, 0.7), true);
    }
    const hr = Math.min(w, h) * 0.1;
    const pp = person(r, w * r.range(0.35, 0.65), h * 0.55, hr, h * 1.1, { arms: "up", hair: "long" });
    c.add(
      `<g fill="${p.a}" stroke="${p.a}" opacity="0.7" transform="translate(${f(-hr * 0.06)} ${f(-hr * 0.05)})">${pp.shapes}</g>`,
    );
    c.add(`<g fill="${INK}" stroke="${INK}">${pp.shapes}</g>`);
  } else {
    c.glow(w / 2, h * 0.2, w, h * 0.5, p.b, 0.25);
    c.smoke(w / 2, h * 0.6, w * 1.2, h * 0.8, [p.a, p.b], 14, 0.16);
    const n = 5;
    const y = h * 0.16;
    truss(c, y - h * 0.07, -10, w + 10, h * 0.05, "#121118");
    for (let i = 0; i < n; i++) {
      const x = w * (0.1 + (0.8 * i) / (n - 1));
      const col = i % 2 ? p.b : p.a;
      const s2 = Math.min(w, h) * 0.05;
      const tx = x + r.range(-0.6, 0.6) * w;
      c.beam(x, y + s2 * 0.5, tx, h * 1.1, r.range(0.05, 0.08), col, 0.8);
      // yoke and head
      c.add(
        `<path d="M${f(x - s2)} ${f(y - s2 * 0.8)}V${f(y + s2 * 0.2)}M${f(x + s2)} ${f(y - s2 * 0.8)}V${f(y + s2 * 0.2)}" stroke="#121118" stroke-width="${f(s2 * 0.3)}"/><rect x="${f(x - s2 * 0.8)}" y="${f(y - s2 * 0.6)}" width="${f(s2 * 1.6)}" height="${f(s2 * 1.3)}" rx="${f(s2 * 0.35)}" fill="#0c0b10"/>`,
      );
      c.glow(x, y + s2 * 0.5, s2 * 4, s2 * 4, col, 0.8);
      c.add(
        `<circle cx="${f(x)}" cy="${f(y + s2 * 0.5)}" r="${f(s2 * 0.55)}" fill="${mixHex(col, WHITE, 0.75)}"/>`,
      );
    }
    crowd(c, {
      rows: 2,
      top: h * 0.78,
      minHead: h * 0.03,
      maxHead: h * 0.06,
      far: mixHex(p.bg, p.a, 0.2),
      rim: p.a,
      rimStrength: 0.5,
      upShare: 0.6,
    });
  }
  c.vignette(0.7);
}

function sceneBackstage(c: Canvas, s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  const pr = s.params;
  const floor = h * 0.72;
  c.sky([
    [0, mixHex("#0d0b0a", p.bg, 0.5)],
    [0.72, mixHex("#1a1512", p.a, 0.08)],
    [0.72, "#0a0807"],
    [1, "#050404"],
  ]);
  // a warm practical lamp and the neon sign
  c.glow(w * 0.7, h * 0.15, w * 0.5, h * 0.5, p.a, 0.35);
  const nx = w * (str(pr, "door", "right") === "left" ? 0.68 : 0.32);
  if (bool(pr, "neon") || r.chance(0.5)) {
    const size = h * 0.22;
    c.glow(nx, h * 0.32, size * 2.2, size * 1.8, p.a, 0.45);
    c.add(
      nMark(
        nx,
        h * 0.32,
        size,
        "none",
        `stroke="${p.a}" stroke-width="${f(((size * 0.12 * 10) / size) * 1.2)}" opacity="0.35"`,
      ),
      nMark(nx, h * 0.32, size, "none", `stroke="${mixHex(p.a, WHITE, 0.6)}" stroke-width="${f(4)}"`),
    );
  }
  // door with light spilling in
  const dx = str(pr, "door", "right") === "left" ? w * 0.08 : w * 0.78;
  c.add(
    `<rect x="${f(dx)}" y="${f(h * 0.18)}" width="${f(w * 0.14)}" height="${f(floor - h * 0.18)}" fill="${mixHex(p.a, WHITE, 0.3)}" opacity="0.5"/>`,
  );
  c.glow(dx + w * 0.07, floor, w * 0.25, h * 0.1, p.a, 0.5);
  c.add(
    `<rect x="${f(dx + w * 0.1)}" y="${f(h * 0.18)}" width="${f(w * 0.04)}" height="${f(floor - h * 0.18)}" fill="#070605"/>`,
  );
  // flight cases
  const cases: string[] = [];
  for (let i = 0; i < 4; i++) {
    const cw = w * r.range(0.1, 0.16);
    const ch = h * r.range(0.1, 0.2);
    const x = w * (0.05 + i * 0.2) + r.range(0, 0.05) * w;
    cases.push(
      `<rect x="${f(x)}" y="${f(floor + h * 0.05 - ch)}" width="${f(cw)}" height="${f(ch)}" fill="#0b0a0a" stroke="#3b3532" stroke-width="${f(h * 0.004)}"/><path d="M${f(x)} ${f(floor + h * 0.05 - ch * 0.5)}h${f(cw)}" stroke="#2a2523" stroke-width="${f(h * 0.003)}"/>`,
    );
  }
  c.add(cases.join(""));
  // couch and a person
  c.add(
    `<path d="M${f(w * 0.3)} ${f(h)}V${f(h * 0.68)}Q${f(w * 0.3)} ${f(h * 0.62)} ${f(w * 0.36)} ${f(h * 0.62)}H${f(w * 0.74)}Q${f(w * 0.8)} ${f(h * 0.62)} ${f(w * 0.8)} ${f(h * 0.68)}V${f(h)}z" fill="#0e0b0a"/>`,
  );
  const hr = Math.min(w, h) * 0.06;
  for (let i = 0; i < r.int(1, 2); i++) {
    const x = w * (0.42 + i * 0.2);
    const pp = person(r, x, h * 0.52, hr, h, { arms: r.pick<Arms>(["down", "phone"]) });
    c.add(
      `<g fill="${p.a}" stroke="${p.a}" opacity="0.6" transform="translate(${f(hr * 0.07)} ${f(-hr * 0.05)})">${pp.shapes}</g>`,
    );
    c.add(`<g fill="#050404" stroke="#050404">${pp.shapes}</g>`);
    if (pp.phone) c.glow(pp.phone[0], pp.phone[1], hr, hr, WHITE, 0.5);
  }
  // bottles on a table in the foreground
  const bottles: string[] = [];
  for (let i = 0; i < 5; i++) {
    const bx = w * (0.05 + i * 0.04);
    bottles.push(
      `<path d="M${f(bx)} ${f(h * 0.92)}v${f(-h * 0.1)}q0 ${f(-h * 0.03)} ${f(w * 0.008)} ${f(-h * 0.04)}v${f(-h * 0.03)}h${f(w * 0.008)}v${f(h * 0.03)}q${f(w * 0.008)} ${f(h * 0.01)} ${f(w * 0.008)} ${f(h * 0.04)}v${f(h * 0.1)}z"/>`,
    );
  }
  c.add(`<g fill="#050404" stroke="${mixHex(p.a, "#000", 0.3)}" stroke-width="1.5">${bottles.join("")}</g>`);
  c.add(`<rect x="0" y="${f(h * 0.92)}" width="${f(w * 0.3)}" height="${f(h * 0.08)}" fill="#040303"/>`);
  c.vignette(0.75);
}

function bokeh(c: Canvas, n: number, colors: string[], maxR: number, opacity = 0.5): void {
  const { r, w, h } = c;
  for (let i = 0; i < n; i++) {
    const rad = maxR * r.range(0.25, 1);
    c.glow(r.range(0, w), r.range(0, h * 0.8), rad, rad, r.pick(colors), opacity * r.range(0.4, 1), true);
  }
}

function scenePortrait(c: Canvas, s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  const pr = s.params;
  c.sky([
    [0, mixHex(p.bg, p.b, 0.12)],
    [1, p.bg],
  ]);
  c.glow(w * 0.2, h * 0.3, w * 0.6, h * 0.7, p.a, 0.45);
  c.glow(w * 0.85, h * 0.4, w * 0.5, h * 0.6, p.b, 0.45);
  bokeh(c, 18, [p.a, p.b, p.c], Math.min(w, h) * 0.06, 0.35);
  c.beam(w * 0.9, -h * 0.05, w * 0.1, h * 1.1, 0.05, p.a, 0.35);
  const m = Math.min(w, h);
  const hr = m * 0.15;
  const cx = w * 0.5 + r.range(-0.04, 0.04) * w;
  const hy = h * 0.45;
  const look = str(pr, "look", "short") as Hair;
  const pp = person(r, cx, hy, hr, h * 1.2, {
    arms: "down",
    hair: look === ("long-hair" as Hair) ? "long" : look,
    shoulders: 2.1,
    lean: 0,
  });
  const rimA = mixHex(p.a, WHITE, 0.25);
  c.add(
    `<g fill="${rimA}" stroke="${rimA}" transform="translate(${f(-hr * 0.05)} ${f(-hr * 0.03)})">${pp.shapes}</g>`,
  );
  c.add(
    `<g fill="${p.b}" stroke="${p.b}" transform="translate(${f(hr * 0.045)} ${f(-hr * 0.02)})">${pp.shapes}</g>`,
  );
  c.add(`<g fill="#060509" stroke="#060509">${pp.shapes}</g>`);
  // faint light falling on the face and shoulders from the key side
  const clip = c.id("clip");
  c.defs.push(`<clipPath id="${clip}">${pp.shapes.replace(/<path[^>]*fill="none"[^>]*\/>/g, "")}</clipPath>`);
  c.add(`<g clip-path="url(#${clip})">`);
  c.glow(cx - hr * 1.2, hy, hr * 1.6, hr * 2.2, p.a, 0.28);
  c.glow(cx + hr * 1.4, hy + hr * 0.5, hr * 1.2, hr * 2, p.b, 0.25);
  c.add("</g>");
  if (bool(pr, "headphones")) {
    // headphones around the neck
    c.add(
      `<path d="M${f(cx - hr * 0.9)} ${f(hy + hr * 1.9)}Q${f(cx)} ${f(hy + hr * 2.9)} ${f(cx + hr * 0.9)} ${f(hy + hr * 1.9)}" fill="none" stroke="#111016" stroke-width="${f(hr * 0.2)}"/><ellipse cx="${f(cx - hr * 0.85)}" cy="${f(hy + hr * 1.95)}" rx="${f(hr * 0.42)}" ry="${f(hr * 0.3)}" transform="rotate(-25 ${f(cx - hr * 0.85)} ${f(hy + hr * 1.95)})" fill="#0d0c11" stroke="${mixHex(rimA, "#000", 0.6)}" stroke-width="${f(hr * 0.02)}"/><ellipse cx="${f(cx + hr * 0.85)}" cy="${f(hy + hr * 1.95)}" rx="${f(hr * 0.42)}" ry="${f(hr * 0.3)}" transform="rotate(25 ${f(cx + hr * 0.85)} ${f(hy + hr * 1.95)})" fill="#0d0c11" stroke="${mixHex(p.b, "#000", 0.6)}" stroke-width="${f(hr * 0.02)}"/>`,
    );
  }
  if (bool(pr, "glasses")) {
    c.add(
      `<g fill="#020203" stroke="${mixHex(p.a, WHITE, 0.4)}" stroke-width="${f(hr * 0.025)}"><rect x="${f(cx - hr * 0.72)}" y="${f(hy - hr * 0.15)}" width="${f(hr * 0.62)}" height="${f(hr * 0.32)}" rx="${f(hr * 0.08)}"/><rect x="${f(cx + hr * 0.1)}" y="${f(hy - hr * 0.15)}" width="${f(hr * 0.62)}" height="${f(hr * 0.32)}" rx="${f(hr * 0.08)}"/></g>`,
    );
  }
  if (bool(pr, "lanyard")) {
    const cardY = hy + hr * 3.3;
    c.add(
      `<path d="M${f(cx - hr * 0.45)} ${f(hy + hr * 1.3)}L${f(cx)} ${f(cardY)}L${f(cx + hr * 0.45)} ${f(hy + hr * 1.3)}" fill="none" stroke="${palettes.acid.a}" stroke-width="${f(hr * 0.14)}"/><rect x="${f(cx - hr * 0.35)}" y="${f(cardY)}" width="${f(hr * 0.7)}" height="${f(hr * 0.95)}" rx="${f(hr * 0.05)}" fill="#e9ecf2" opacity="0.85"/>`,
      nMark(cx, cardY + hr * 0.45, hr * 0.45, INK),
    );
  }
  c.vignette(0.6);
}

/** A garment torso on a person: the body shape in fabric colour with a printed chest graphic. */
function wornGarment(
  c: Canvas,
  x: number,
  hy: number,
  hr: number,
  garment: string,
  light: string,
  light2: string,
): void {
  const { p, h } = c;
  const sw = hr * 2.15;
  const sy = hy + hr * 1.6;
  const body = "#121116";
  const longSleeves = garment !== "tee" && garment !== "tee-bouncy";
  const d = `M${f(x - sw * 1.25)} ${f(h * 1.02)}L${f(x - sw * 1.05)} ${f(sy + hr * 0.7)}Q${f(x - sw)} ${f(sy - hr * 0.1)} ${f(x - sw * 0.45)} ${f(sy - hr * 0.25)}Q${f(x)} ${f(sy + hr * 0.35)} ${f(x + sw * 0.45)} ${f(sy - hr * 0.25)}Q${f(x + sw)} ${f(sy - hr * 0.1)} ${f(x + sw * 1.05)} ${f(sy + hr * 0.7)}L${f(x + sw * 1.25)} ${f(h * 1.02)}z`;
  c.add(`<path d="${d}" fill="${light}" transform="translate(${f(-hr * 0.05)} ${f(-hr * 0.04)})"/>`);
  c.add(
    `<path d="${d}" fill="${light2}" opacity="0.8" transform="translate(${f(hr * 0.05)} ${f(-hr * 0.03)})"/>`,
  );
  c.add(`<path d="${d}" fill="${body}"/>`);
  const clip = c.id("clip");
  c.defs.push(`<clipPath id="${clip}"><path d="${d}"/></clipPath>`);
  c.add(`<g clip-path="url(#${clip})">`);
  c.glow(x - sw * 0.9, sy + hr * 2, sw * 0.9, hr * 4, light, 0.22);
  c.glow(x + sw * 0.9, sy + hr * 2.5, sw * 0.7, hr * 4, light2, 0.18);
  // folds
  c.add(
    `<path d="M${f(x - sw * 0.6)} ${f(sy + hr * 3)}q${f(sw * 0.3)} ${f(hr * 1.2)} ${f(sw * 0.2)} ${f(hr * 3)}M${f(x + sw * 0.5)} ${f(sy + hr * 2.6)}q${f(-sw * 0.2)} ${f(hr * 1.4)} ${f(sw * 0.05)} ${f(hr * 3.2)}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="${f(hr * 0.12)}"/>`,
  );
  if (longSleeves) {
    c.add(
      `<path d="M${f(x - sw * 0.98)} ${f(sy + hr * 1.4)}L${f(x - sw * 1.08)} ${f(h)}M${f(x + sw * 0.98)} ${f(sy + hr * 1.4)}L${f(x + sw * 1.08)} ${f(h)}" stroke="#000" stroke-opacity="0.45" stroke-width="${f(hr * 0.08)}"/>`,
    );
  }
  const printY = sy + hr * 1.5;
  if (garment === "tee-bouncy") {
    c.add(
      `<g fill="none" stroke="${palettes.magenta.a}" stroke-width="${f(hr * 0.09)}" opacity="0.92">${[
        0.3, 0.55, 0.8,
      ]
        .map((k) => `<circle cx="${f(x)}" cy="${f(printY + hr * 0.4)}" r="${f(sw * 0.42 * k)}"/>`)
        .join("")}</g>`,
    );
  } else {
    c.add(
      wordmarkCentered(
        "NOKTURN",
        x,
        printY,
        sw * 1.05,
        garment === "longsleeve" ? "#e9ecf2" : p.a === "#ff2e88" ? p.a : palettes.acid.a,
        'opacity="0.93"',
      ),
    );
  }
  if (garment === "hoodie") {
    c.add(
      `<path d="M${f(x - hr * 0.35)} ${f(sy)}v${f(hr * 1.6)}M${f(x + hr * 0.35)} ${f(sy)}v${f(hr * 1.4)}" stroke="#d9dbe2" stroke-opacity="0.7" stroke-width="${f(hr * 0.06)}"/><path d="M${f(x - sw * 0.55)} ${f(h)}L${f(x - sw * 0.45)} ${f(sy + hr * 3.6)}H${f(x + sw * 0.45)}L${f(x + sw * 0.55)} ${f(h)}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="${f(hr * 0.07)}"/>`,
    );
  }
  c.add("</g>");
}

function sceneMerchSession(c: Canvas, s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  const pr = s.params;
  // concrete wall with a slit of coloured light
  c.sky([
    [0, mixHex("#16151b", p.bg, 0.4)],
    [1, p.bg],
  ]);
  const lx = w * r.range(0.15, 0.85);
  c.glow(lx, h * 0.4, w * 0.35, h * 0.8, p.a, 0.35);
  c.add(
    `<rect x="${f(lx - w * 0.006)}" y="${f(h * 0.05)}" width="${f(w * 0.012)}" height="${f(h * 0.75)}" fill="${mixHex(p.a, WHITE, 0.5)}" opacity="0.85"/>`,
  );
  c.glow(lx, h * 0.42, w * 0.05, h * 0.45, p.a, 0.8);
  c.glow(w - lx, h * 0.3, w * 0.4, h * 0.6, p.b, 0.3);
  c.smoke(w / 2, h * 0.5, w, h * 0.8, [p.a, p.b], 8, 0.1);
  const people = num(pr, "people", 1);
  const garment = str(pr, "garment", "tee");
  const m = Math.min(w, h);
  for (let i = 0; i < people; i++) {
    const x = people === 1 ? w * (lx > w / 2 ? 0.38 : 0.62) : w * (0.34 + i * 0.32);
    const hr = m * 0.1 * (people === 1 ? 1 : 0.92);
    const hy = h * (0.27 + i * 0.03);
    const hair: Hair = bool(pr, "beanie")
      ? "beanie"
      : bool(pr, "hood")
        ? "hood"
        : r.pick<Hair>(["short", "long", "bun", "cap"]);
    const light = mixHex(p.a, WHITE, 0.2);
    const head = person(r, x, hy, hr, hy + hr * 2, {
      arms: "down",
      hair: hair === "hood" || hair === "beanie" ? "short" : hair,
      lean: 0,
    });
    const headShapes = head.shapes;
    c.add(
      `<g fill="${light}" stroke="${light}" transform="translate(${f(-hr * 0.05)} ${f(-hr * 0.04)})">${headShapes}</g>`,
    );
    c.add(`<g fill="#060509" stroke="#060509">${headShapes}</g>`);
    wornGarment(c, x, hy, hr, i === 1 ? "hoodie" : garment, light, p.b);
    if (hair === "beanie") {
      c.add(
        `<path d="M${f(x - hr * 0.92)} ${f(hy - hr * 0.1)}Q${f(x - hr * 0.95)} ${f(hy - hr * 1.5)} ${f(x)} ${f(hy - hr * 1.5)}Q${f(x + hr * 0.95)} ${f(hy - hr * 1.5)} ${f(x + hr * 0.92)} ${f(hy - hr * 0.1)}z" fill="#141318" stroke="${light}" stroke-width="${f(hr * 0.03)}"/><rect x="${f(x - hr * 0.95)}" y="${f(hy - hr * 0.55)}" width="${f(hr * 1.9)}" height="${f(hr * 0.45)}" fill="#18171d"/><rect x="${f(x - hr * 0.2)}" y="${f(hy - hr * 0.5)}" width="${f(hr * 0.4)}" height="${f(hr * 0.32)}" fill="${palettes.acid.a}"/>`,
      );
    }
    if (hair === "hood") {
      c.add(
        `<path d="M${f(x - hr * 1.6)} ${f(hy + hr * 1.7)}Q${f(x - hr * 1.45)} ${f(hy - hr * 1.7)} ${f(x)} ${f(hy - hr * 1.45)}Q${f(x + hr * 1.45)} ${f(hy - hr * 1.7)} ${f(x + hr * 1.6)} ${f(hy + hr * 1.7)}L${f(x + hr * 0.9)} ${f(hy + hr * 1.4)}Q${f(x + hr * 1)} ${f(hy - hr * 1.05)} ${f(x)} ${f(hy - hr * 1.05)}Q${f(x - hr * 1)} ${f(hy - hr * 1.05)} ${f(x - hr * 0.9)} ${f(hy + hr * 1.4)}z" fill="#141318" stroke="${light}" stroke-width="${f(hr * 0.03)}"/>`,
      );
    }
    if (bool(pr, "lanyard")) {
      c.add(
        `<path d="M${f(x - hr * 0.5)} ${f(hy + hr * 1.4)}L${f(x - hr * 0.1)} ${f(hy + hr * 4.4)}L${f(x + hr * 0.5)} ${f(hy + hr * 1.4)}" fill="none" stroke="${palettes.acid.a}" stroke-width="${f(hr * 0.16)}"/>`,
      );
    }
    if (bool(pr, "bandana")) {
      c.add(
        `<path d="M${f(x - hr * 0.9)} ${f(hy + hr * 1.2)}L${f(x + hr * 0.9)} ${f(hy + hr * 1.2)}L${f(x)} ${f(hy + hr * 2.5)}z" fill="${palettes.magenta.a}" opacity="0.9"/>`,
      );
    }
    if (bool(pr, "tote") && i === 0) {
      const tx = x + hr * 2.4;
      c.add(
        `<path d="M${f(x + hr * 1.2)} ${f(hy + hr * 1.7)}L${f(tx)} ${f(hy + hr * 5.2)}" stroke="#1b1a20" stroke-width="${f(hr * 0.2)}"/><rect x="${f(tx - hr * 0.9)}" y="${f(hy + hr * 5)}" width="${f(hr * 2)}" height="${f(hr * 2.3)}" fill="#1a191f" stroke="${light}" stroke-width="${f(hr * 0.03)}"/>`,
        nMark(tx + hr * 0.1, hy + hr * 6.1, hr * 0.9, palettes.acid.a),
      );
    }
  }
  c.vignette(0.7);
}

// --- product shots ---------------------------------------------------------------------------------

const TEE =
  "M500 232Q600 300 700 232L842 270L988 410L905 502L850 458L854 988Q600 1002 346 988L350 458L295 502L212 410L358 270Z";
const TEE_BACK =
  "M500 232Q600 256 700 232L842 270L988 410L905 502L850 458L854 988Q600 1002 346 988L350 458L295 502L212 410L358 270Z";
const LONG =
  "M500 232Q600 300 700 232L842 270Q935 330 968 520L1012 830L930 850L872 566L854 988Q600 1002 346 988L328 566L270 850L188 830L232 520Q265 330 358 270Z";
const LONG_BACK = LONG.replace("Q600 300 700", "Q600 256 700");
const HOODIE =
  "M488 262Q600 322 712 262L858 300Q950 360 980 560L1020 900L934 918L880 600L870 1010Q600 1024 330 1010L320 600L266 918L180 900L220 560Q250 360 342 300Z";

function fabric(c: Canvas, d: string, body: string, accent: string): string {
  const clip = c.id("clip");
  c.defs.push(`<clipPath id="${clip}"><path d="${d}"/></clipPath>`);
  c.add(`<path d="${d}" fill="${body}"/>`);
  c.add(`<g clip-path="url(#${clip})">`);
  c.glow(470, 380, 420, 520, "#ffffff", 0.07);
  c.glow(600, 1000, 600, 260, "#000000", 0.5);
  c.glow(980, 520, 220, 520, accent, 0.1);
  c.add(
    `<g fill="none" stroke-linecap="round"><path d="M420 620q60 160 30 360M760 560q-50 200 -10 420M560 860q60 60 160 90" stroke="#000" stroke-opacity="0.35" stroke-width="18"/><path d="M434 612q60 160 30 360M774 556q-50 200 -10 420" stroke="#fff" stroke-opacity="0.035" stroke-width="14"/></g></g>`,
  );
  return clip;
}

function stickerShape(
  c: Canvas,
  x: number,
  y: number,
  rot: number,
  kind: string,
  color: string,
  s = 1,
): void {
  const sh = `<g transform="translate(${f(x)} ${f(y)}) rotate(${rot}) scale(${s})">`;
  let shape = "";
  let art = "";
  switch (kind) {
    case "circle":
      shape = `<circle r="130"/>`;
      art = `<circle r="118" fill="${INK}"/>${nMark(0, 0, 130, color)}`;
      break;
    case "smiley":
      shape = `<circle r="120"/>`;
      art = `<circle r="108" fill="${color}"/><ellipse cx="-36" cy="-28" rx="14" ry="24" fill="${INK}"/><ellipse cx="36" cy="-28" rx="14" ry="24" fill="${INK}"/><path d="M-62 18Q0 88 62 18" fill="none" stroke="${INK}" stroke-width="14" stroke-linecap="round"/>`;
      break;
    case "word":
      shape = `<rect x="-230" y="-62" width="460" height="124" rx="18"/>`;
      art = `<rect x="-218" y="-50" width="436" height="100" rx="10" fill="${INK}"/>${wordmarkCentered("NOKTURN", 0, 0, 380, color)}`;
      break;
    case "bolt":
      shape = `<path d="M20 -150L-90 20H-10L-40 150L90 -30H10Z" stroke-width="36" stroke-linejoin="round"/>`;
      art = `<path d="M20 -150L-90 20H-10L-40 150L90 -30H10Z" fill="${color}"/>`;
      break;
    case "heart":
      shape = `<path d="M0 110C-140 20 -150 -90 -70 -110C-30 -120 0 -90 0 -60C0 -90 30 -120 70 -110C150 -90 140 20 0 110Z" stroke-width="36" stroke-linejoin="round"/>`;
      art = `<path d="M0 110C-140 20 -150 -90 -70 -110C-30 -120 0 -90 0 -60C0 -90 30 -120 70 -110C150 -90 140 20 0 110Z" fill="${color}"/>`;
      break;
    case "speaker":
      shape = `<rect x="-100" y="-140" width="200" height="280" rx="20"/>`;
      art = `<rect x="-88" y="-128" width="176" height="256" rx="12" fill="${INK}"/><circle cy="40" r="62" fill="none" stroke="${color}" stroke-width="12"/><circle cy="40" r="22" fill="${color}"/><circle cy="-78" r="26" fill="none" stroke="${color}" stroke-width="10"/>`;
      break;
    case "text":
      shape = `<rect x="-170" y="-60" width="340" height="120" rx="60"/>`;
      art = `<rect x="-158" y="-48" width="316" height="96" rx="48" fill="${color}"/>${text(0, 22, 62, color === "#ff2e88" ? "VOL.2" : "TECHNO", INK)}`;
      break;
    default:
      shape = `<polygon points="0,-140 40,-45 140,-45 60,20 90,120 0,60 -90,120 -60,20 -140,-45 -40,-45"/>`;
      art = `<polygon points="0,-116 32,-38 116,-38 50,16 74,98 0,50 -74,98 -50,16 -116,-38 -32,-38" fill="${color}"/>`;
  }
  c.add(
    `${sh}<g fill="#000" stroke="#000" opacity="0.5" transform="translate(10 14)">${shape}</g><g fill="#f3f3f6" stroke="#f3f3f6">${shape}</g>${art}</g>`,
  );
}

function sceneProduct(c: Canvas, s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  const pr = s.params;
  const kind = str(pr, "kind", "tee");
  const view = num(pr, "view", 1);
  const print = str(pr, "print", p.a);
  const body = str(pr, "body", "#111014");
  const flatlay = bool(pr, "flatlay");
  const k = w / 1200;
  // studio: dark seamless backdrop with a soft top light and a brand-coloured kicker
  c.sky([
    [0, "#1a1920"],
    [0.62, "#111015"],
    [1, "#08070b"],
  ]);
  c.glow(w * 0.5, h * 0.3, w * 0.75, h * 0.6, "#ffffff", 0.08);
  c.glow(w * (view === 1 ? 0.85 : 0.15), h * 0.2, w * 0.5, h * 0.5, p.a, 0.12);
  c.glow(w * (view === 1 ? 0.1 : 0.9), h * 0.85, w * 0.5, h * 0.35, p.b, 0.1);
  c.glow(w * 0.5, h * 0.9, w * 0.42, h * 0.06, "#000000", 0.8);
  c.add(`<g transform="scale(${k.toFixed(4)})">`);
  const garment = (d: string, back: boolean) => {
    fabric(c, d, body, p.a);
    c.add(
      `<path d="${back ? "M500 232Q600 256 700 232" : "M500 232Q600 300 700 232"}" fill="none" stroke="#000" stroke-opacity="0.4" stroke-width="22"/>`,
    );
    if (!back) c.add(`<path d="M500 232Q600 300 700 232Q600 262 500 232Z" fill="#060508"/>`);
  };
  switch (kind) {
    case "tee":
    case "tee-bouncy":
    case "longsleeve": {
      const long = kind === "longsleeve";
      garment(view === 1 ? (long ? LONG : TEE) : long ? LONG_BACK : TEE_BACK, view === 2);
      if (kind === "tee") {
        if (view === 1) {
          c.add(wordmarkCentered("NOKTURN", 600, 400, 300, print, 'opacity="0.94"'));
        } else {
          c.add(nMark(600, 540, 300, print, 'opacity="0.94"'));
          c.add(
            text(600, 780, 44, "WROCŁAW", print, 'text-anchor="middle" letter-spacing="14" opacity="0.9"'),
          );
          c.add(
            text(
              600,
              830,
              24,
              "TECHNO · RAVE · AFTERHOURS",
              print,
              'text-anchor="middle" letter-spacing="6" opacity="0.75"',
            ),
          );
        }
      } else if (kind === "tee-bouncy") {
        const cy = view === 1 ? 430 : 560;
        const sc = view === 1 ? 0.6 : 1.15;
        c.add(`<g transform="translate(600 ${cy}) scale(${sc})" opacity="0.94">`);
        for (let i = 0; i < 5; i++) {
          c.add(
            `<ellipse cy="${60 - i * 8}" rx="${230 - i * 38}" ry="${70 - i * 11}" fill="none" stroke="${print}" stroke-width="14"/>`,
          );
        }
        c.add(
          `<path d="M-150 -10Q0 -230 150 -10" fill="none" stroke="${print}" stroke-width="16"/><circle cy="-140" r="30" fill="${print}"/>`,
          text(0, 210, 78, "BOUNCY", print),
          text(0, 290, 78, "STAGE", print),
          "</g>",
        );
      } else if (view === 1) {
        // strobe print: flash bars across the chest
        for (let i = 0; i < 9; i++) {
          const y = 340 + i * 26;
          const wdt = 360 - Math.abs(4 - i) * 60 + r.range(-20, 20);
          c.add(
            `<rect x="${f(600 - wdt / 2)}" y="${f(y)}" width="${f(wdt)}" height="${i === 4 ? 16 : 8}" fill="${print}" opacity="${(0.95 - Math.abs(4 - i) * 0.12).toFixed(2)}"/>`,
          );
        }
        c.add(wordmarkCentered("NOKTURN", 600, 620, 220, print, 'opacity="0.9"'));
      } else {
        c.add(text(600, 420, 96, "STROBE", print, 'text-anchor="middle" letter-spacing="8" opacity="0.92"'));
        c.add(
          `<g transform="translate(944 690) rotate(80)">${wordmarkCentered("NOKTURN", 0, 0, 200, print, 'opacity="0.9"')}</g>`,
        );
        c.add(
          `<g transform="translate(256 690) rotate(-80)">${wordmarkCentered("NOKTURN", 0, 0, 200, print, 'opacity="0.9"')}</g>`,
        );
        c.add(wordmarkCentered("NOKTURN", 600, 510, 260, print, 'opacity="0.9"'));
      }
      break;
    }
    case "hoodie": {
      // hood behind the neck, body, pocket, drawstrings
      c.add(`<path d="M470 280Q450 120 600 100Q750 120 730 280Z" fill="${mixHex(body, "#000", 0.2)}"/>`);
      fabric(c, HOODIE, body, p.a);
      if (view === 1) {
        c.add(`<path d="M512 270Q530 170 600 164Q670 170 688 270Q600 330 512 270Z" fill="#050407"/>`);
        c.add(
          `<path d="M560 300V440M640 300V430" stroke="#d4d6de" stroke-width="9" stroke-linecap="round"/><rect x="552" y="438" width="16" height="28" rx="4" fill="#9aa0ad"/><rect x="632" y="428" width="16" height="28" rx="4" fill="#9aa0ad"/>`,
        );
        c.add(
          `<path d="M420 990L450 740H750L780 990" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="10"/>`,
        );
        c.add(wordmarkCentered("NOKTURN", 600, 560, 320, print, 'opacity="0.94"'));
        c.add(
          text(600, 640, 30, "AFTERHOURS", print, 'text-anchor="middle" letter-spacing="12" opacity="0.8"'),
        );
      } else {
        c.add(
          `<path d="M470 280Q450 120 600 100Q750 120 730 280Q600 330 470 280Z" fill="${mixHex(body, "#000", 0.05)}" stroke="#000" stroke-opacity="0.4" stroke-width="8"/>`,
        );
        c.add(text(600, 520, 104, "AFTER", print, 'text-anchor="middle" letter-spacing="10" opacity="0.94"'));
        c.add(text(600, 630, 104, "HOURS", print, 'text-anchor="middle" letter-spacing="10" opacity="0.94"'));
        c.add(nMark(600, 760, 90, print, 'opacity="0.9"'));
      }
      c.add(`<rect x="330" y="960" width="540" height="50" fill="#000" opacity="0.35"/>`);
      break;
    }
    case "beanie": {
      const sc = view === 1 ? 1 : 1.7;
      c.add(`<g transform="translate(600 ${view === 1 ? 620 : 560}) scale(${sc})">`);
      const dome = "M-300 40Q-310 -330 0 -340Q310 -330 300 40Z";
      const id = c.id("clip");
      c.defs.push(
        `<clipPath id="${id}"><path d="${dome}"/><rect x="-320" y="20" width="640" height="190" rx="20"/></clipPath>`,
      );
      c.add(
        `<path d="${dome}" fill="${body}"/><rect x="-320" y="20" width="640" height="190" rx="20" fill="${mixHex(body, "#fff", 0.03)}"/>`,
      );
      const ribs: string[] = [];
      for (let x = -330; x <= 330; x += 22) ribs.push(`M${x} -360V220`);
      c.add(
        `<g clip-path="url(#${id})"><path d="${ribs.join("")}" stroke="#000" stroke-opacity="0.45" stroke-width="7"/><path d="${ribs.join("")}" stroke="#fff" stroke-opacity="0.04" stroke-width="3" transform="translate(8 0)"/></g>`,
      );
      c.glow(-120, -200, 240, 200, "#ffffff", 0.08);
      c.add(`<rect x="-320" y="18" width="640" height="8" fill="#000" opacity="0.5"/>`);
      c.add(
        `<rect x="-70" y="70" width="140" height="90" rx="6" fill="#0b0a0e" stroke="${print}" stroke-width="4"/>`,
        nMark(0, 115, 62, print),
      );
      c.add("</g>");
      break;
    }
    case "tote": {
      const sc = view === 1 ? 1 : 0.9;
      c.add(`<g transform="translate(600 640) scale(${sc}) rotate(${view === 1 ? 0 : -6})">`);
      c.add(
        `<path d="M-170 -300V-470Q-170 -560 -80 -560H-40Q40 -560 40 -470V-300" fill="none" stroke="${mixHex(body, "#fff", 0.06)}" stroke-width="34" transform="translate(65 0)"/>`,
      );
      c.add(
        `<path d="M-200 -300V-450Q-200 -540 -110 -540H110Q200 -540 200 -450V-300" fill="none" stroke="${mixHex(body, "#fff", 0.08)}" stroke-width="38"/>`,
      );
      c.add(`<path d="M-290 -310H290L305 330H-305Z" fill="${body}"/>`);
      c.glow(-120, -100, 300, 380, "#ffffff", 0.06);
      c.glow(260, 100, 140, 400, p.a, 0.08);
      c.add(
        `<path d="M-290 -310H290" stroke="#000" stroke-opacity="0.5" stroke-width="16"/><path d="M-240 -200q40 250 20 520M200 -250q-30 300 10 560" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="14"/>`,
      );
      if (view === 1) {
        c.add(
          nMark(0, -40, 260, print, 'opacity="0.94"'),
          wordmarkCentered("NOKTURN", 0, 180, 380, print, 'opacity="0.94"'),
        );
      } else {
        c.add(wordmarkCentered("NOKTURN", 0, -60, 420, print, 'opacity="0.94"'));
        c.add(
          text(
            0,
            40,
            40,
            "WROCŁAW · TECHNO",
            print,
            'text-anchor="middle" letter-spacing="8" opacity="0.85"',
          ),
        );
        c.add(`<rect x="180" y="230" width="70" height="40" fill="${print}"/>`);
      }
      c.add("</g>");
      break;
    }
    case "lanyard": {
      const strap = (x1: number, y1: number, x2: number, y2: number, wd: number) => {
        const ang = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
        const len = Math.hypot(x2 - x1, y2 - y1);
        const marks: string[] = [];
        const ww = wd * 0.7 * (wordWidth("NOKTURN") / 10);
        for (let t = wd; t + ww < len; t += ww + wd * 1.2)
          marks.push(wordmark("NOKTURN", t, -wd * 0.35, wd * 0.7, print));
        return `<g transform="translate(${f(x1)} ${f(y1)}) rotate(${f(ang)})"><rect x="0" y="${f(-wd / 2 - 3)}" width="${f(len)}" height="${f(wd + 6)}" fill="#000" opacity="0.5"/><rect x="0" y="${f(-wd / 2)}" width="${f(len)}" height="${f(wd)}" fill="${body}"/>${marks.join("")}</g>`;
      };
      if (view === 1) {
        c.add(strap(430, 120, 585, 760, 52), strap(770, 120, 615, 760, 52));
        c.add(`<path d="M430 120Q600 20 770 120" fill="none" stroke="${body}" stroke-width="52"/>`);
        c.add(
          `<rect x="560" y="740" width="80" height="70" rx="12" fill="#8d93a0"/><rect x="575" y="800" width="50" height="60" rx="8" fill="#b7bcc6"/><path d="M600 860v40" stroke="#b7bcc6" stroke-width="16"/>`,
        );
        c.add(
          `<rect x="470" y="895" width="260" height="170" rx="16" fill="#f1f2f5" opacity="0.9"/>`,
          nMark(545, 980, 90, INK),
          text(660, 995, 30, "PASS", INK),
        );
      } else {
        c.add(strap(80, 980, 1120, 260, 120), strap(100, 560, 1100, 1040, 90));
        c.glow(600, 600, 500, 300, "#ffffff", 0.05);
      }
      break;
    }
    case "bandana": {
      c.add(`<g transform="translate(600 600) rotate(${view === 1 ? 45 : 0})">`);
      if (view === 1) {
        c.add(
          `<rect x="-320" y="-320" width="640" height="640" fill="#000" opacity="0.5" transform="translate(10 14)"/><rect x="-320" y="-320" width="640" height="640" fill="${body}"/>`,
        );
        const dots: string[] = [];
        for (let i = -280; i <= 280; i += 40) {
          dots.push(
            `<circle cx="${i}" cy="-285" r="9"/><circle cx="${i}" cy="285" r="9"/><circle cx="-285" cy="${i}" r="9"/><circle cx="285" cy="${i}" r="9"/>`,
          );
        }
        c.add(`<g fill="${print}">${dots.join("")}</g>`);
        for (const k2 of [250, 200, 120])
          c.add(
            `<rect x="${-k2}" y="${-k2}" width="${k2 * 2}" height="${k2 * 2}" fill="none" stroke="${print}" stroke-width="${k2 === 120 ? 6 : 12}"/>`,
          );
        c.add(`<g transform="rotate(-45)">${nMark(0, 0, 120, print)}</g>`);
        for (const [x, y] of [
          [-200, -200],
          [200, -200],
          [-200, 200],
          [200, 200],
        ] as const) {
          c.add(
            `<g transform="translate(${x} ${y}) rotate(-45)"><path d="M0 -34L10 -10L34 0L10 10L0 34L-10 10L-34 0L-10 -10Z" fill="${print}"/></g>`,
          );
        }
      } else {
        // folded triangle, worn-look
        c.add(
          `<path d="M-460 -180H460L0 330Z" fill="#000" opacity="0.5" transform="translate(10 14)"/><path d="M-460 -180H460L0 330Z" fill="${body}"/><path d="M-460 -180H460" stroke="${print}" stroke-width="14"/>`,
        );
        const dots: string[] = [];
        for (let i = -400; i <= 400; i += 40) dots.push(`<circle cx="${i}" cy="-150" r="8"/>`);
        c.add(
          `<g fill="${print}">${dots.join("")}</g>`,
          nMark(0, 20, 130, print),
          `<path d="M-300 -110L0 230L300 -110" fill="none" stroke="${print}" stroke-width="8"/>`,
        );
        c.add(
          `<path d="M-460 -180Q-540 -160 -560 -90M460 -180Q540 -160 560 -90" fill="none" stroke="${body}" stroke-width="36" stroke-linecap="round"/>`,
        );
      }
      c.glow(-100, -150, 320, 260, "#ffffff", 0.05);
      c.add("</g>");
      break;
    }
    case "stickers":
    case "stickers-2": {
      const set =
        kind === "stickers"
          ? ["circle", "smiley", "word", "bolt", "text", "star"]
          : ["heart", "speaker", "text", "smiley", "word", "star"];
      if (view === 1 || flatlay) {
        const pos: [number, number, number][] = [
          [330, 330, -12],
          [820, 300, 10],
          [600, 620, -4],
          [300, 880, 14],
          [880, 760, -16],
          [650, 960, 6],
        ];
        set.forEach((kd, i) => {
          const [x, y, rot] = pos[i]!;
          stickerShape(c, x, y, rot + r.range(-3, 3), kd, i % 3 === 2 ? p.b : print, kd === "word" ? 0.9 : 1);
        });
      } else {
        // the pack: a kraft backing card in a clear sleeve
        c.add(
          `<rect x="250" y="140" width="700" height="920" rx="14" fill="#000" opacity="0.5" transform="translate(12 16)"/><rect x="250" y="140" width="700" height="920" rx="14" fill="#1d1b22"/>`,
        );
        c.add(`<rect x="250" y="140" width="700" height="170" rx="14" fill="${print}"/>`);
        c.add(
          wordmarkCentered("NOKTURN", 600, 205, 420, INK),
          text(
            600,
            285,
            34,
            kind === "stickers" ? "STICKER PACK VOL.1" : "STICKER PACK VOL.2",
            INK,
            'text-anchor="middle" letter-spacing="6"',
          ),
        );
        set.forEach((kd, i) => {
          stickerShape(
            c,
            400 + (i % 2) * 400,
            460 + Math.floor(i / 2) * 230,
            0,
            kd,
            i % 3 === 2 ? p.b : print,
            kd === "word" ? 0.65 : 0.72,
          );
        });
        c.add(
          `<rect x="250" y="140" width="700" height="920" rx="14" fill="#fff" opacity="0.04"/><path d="M270 160L930 1040" stroke="#fff" stroke-opacity="0.05" stroke-width="120"/>`,
        );
      }
      break;
    }
    case "holo": {
      const id = c.id("holo");
      const ang = view === 1 ? 35 : 110;
      c.defs.push(
        `<linearGradient id="${id}" gradientTransform="rotate(${ang} 0.5 0.5)"><stop offset="0" stop-color="#b7f7ff"/><stop offset="0.2" stop-color="#d8c9ff"/><stop offset="0.4" stop-color="#ffc4e6"/><stop offset="0.55" stop-color="#fff4c2"/><stop offset="0.75" stop-color="#c6ff3d"/><stop offset="1" stop-color="#8fd6ff"/></linearGradient>`,
      );
      const one = (x: number, y: number, rad: number, skew: number) => {
        c.add(`<g transform="translate(${x} ${y}) scale(1 ${skew})">`);
        c.add(
          `<circle r="${rad + 18}" fill="#000" opacity="0.5" transform="translate(10 16)"/><circle r="${rad + 18}" fill="#f3f3f6"/><circle r="${rad}" fill="url(#${id})"/>`,
        );
        c.add(`<circle r="${rad * 0.8}" fill="none" stroke="${INK}" stroke-width="${rad * 0.05}"/>`);
        c.add(nMark(0, -rad * 0.12, rad * 0.85, INK));
        c.add(wordmarkCentered("NOKTURN", 0, rad * 0.55, rad * 0.9, INK));
        c.add(
          `<path d="M${-rad} ${-rad * 0.2}L${rad * 0.2} ${-rad}" stroke="#fff" stroke-opacity="0.5" stroke-width="${rad * 0.25}"/>`,
        );
        c.add("</g>");
      };
      if (view === 1) one(600, 600, 340, 1);
      else {
        one(420, 520, 230, 0.8);
        one(800, 760, 190, 0.92);
      }
      break;
    }
    default: {
      // lighter
      const one = (x: number, y: number, rot: number, lit: boolean) => {
        c.add(`<g transform="translate(${x} ${y}) rotate(${rot})">`);
        c.add(
          `<rect x="-95" y="-250" width="190" height="520" rx="40" fill="#000" opacity="0.5" transform="translate(12 14)"/>`,
        );
        c.add(`<rect x="-95" y="-250" width="190" height="520" rx="40" fill="${body}"/>`);
        c.glow(-40, 0, 70, 280, "#ffffff", 0.35);
        c.add(`<rect x="50" y="-230" width="30" height="480" rx="15" fill="#000" opacity="0.18"/>`);
        c.add(`<g transform="rotate(-90)">${wordmarkCentered("NOKTURN", -20, 0, 380, print)}</g>`);
        c.add(
          `<rect x="-90" y="-340" width="180" height="100" rx="12" fill="#a9aeb8"/><rect x="-90" y="-340" width="50" height="100" rx="10" fill="#d8dce3"/>`,
        );
        const holes: string[] = [];
        for (let i = 0; i < 5; i++)
          for (let j = 0; j < 3; j++)
            holes.push(`<circle cx="${-60 + i * 30}" cy="${-320 + j * 26}" r="7"/>`);
        c.add(
          `<g fill="#4a4e57">${holes.join("")}</g><rect x="-20" y="-372" width="70" height="36" rx="14" fill="#6d7280"/>`,
        );
        if (lit) {
          c.glow(-40, -430, 150, 190, "#ffad42", 0.7);
          c.add(
            `<path d="M-40 -370C-90 -420 -60 -480 -40 -540C-20 -480 10 -420 -40 -370Z" fill="#ffd27a"/><path d="M-40 -376C-62 -410 -52 -440 -40 -470C-28 -440 -18 -410 -40 -376Z" fill="#fff4d6"/>`,
          );
        }
        c.add("</g>");
      };
      if (view === 1) one(600, 660, 0, false);
      else {
        one(430, 700, -14, true);
        one(800, 720, 12, false);
      }
      break;
    }
  }
  c.add("</g>");
  c.vignette(0.45);
}

function sceneOg(c: Canvas, _s: DemoImageSpec): void {
  const { p, r, w, h } = c;
  c.sky([
    [0, "#07060b"],
    [1, "#0d0b16"],
  ]);
  c.glow(w * 0.5, h * 0.55, w * 0.7, h * 0.6, p.b, 0.35);
  c.smoke(w / 2, h * 0.6, w, h * 0.6, [p.b, p.c], 8, 0.12);
  const angles: number[] = [];
  for (let i = 0; i < 26; i++) angles.push(-172 + (164 * i) / 25 + r.range(-1, 1));
  c.lasers(w / 2, h * 1.02, angles, w * 0.9, p.a, 0.7);
  c.glow(w / 2, h, w * 0.12, h * 0.12, p.a, 0.8);
  crowd(c, {
    rows: 2,
    top: h * 0.8,
    minHead: h * 0.02,
    maxHead: h * 0.045,
    far: mixHex(p.bg, p.b, 0.3),
    rim: p.a,
    rimStrength: 0.5,
  });
  c.add(`<rect x="0" y="${f(h * 0.18)}" width="${w}" height="${f(h * 0.5)}" fill="#000" opacity="0.35"/>`);
  c.glow(w / 2, h * 0.42, w * 0.45, h * 0.2, p.a, 0.18);
  c.add(wordmarkCentered("NOKTURN", w / 2, h * 0.38, w * 0.78, p.a));
  c.add(text(w / 2, h * 0.62, h * 0.075, "WROCŁAW", "#f2f0f7", 'text-anchor="middle" letter-spacing="18"'));
  c.add(
    text(
      w / 2,
      h * 0.71,
      h * 0.035,
      "TECHNO · RAVE · CLUB NIGHTS",
      p.c,
      'text-anchor="middle" letter-spacing="8" opacity="0.9"',
    ),
  );
  c.vignette(0.5);
}

// @@SCENES@@

// --- rendering -------------------------------------------------------------------------------------

const scenes: Partial<Record<DemoImageSpec["scene"], (c: Canvas, s: DemoImageSpec) => void>> = {
  stage: sceneStage,
  crowd: sceneCrowd,
  dj: sceneDj,
  lasers: sceneLasers,
  smoke: sceneSmoke,
  strobe: sceneStrobe,
  lights: sceneLights,
  backstage: sceneBackstage,
  portrait: scenePortrait,
  "merch-session": sceneMerchSession,
  product: sceneProduct,
  og: sceneOg,
};

/**
 * Photo-like scenes are rendered at a reduced scale and upscaled: the softness reads as a real
 * camera shot in a smoky room, compresses far better than crisp vector edges, and renders faster.
 * Products and the OG image (text, crisp print) are rendered at full size.
 */
function renderScale(s: DemoImageSpec): number {
  if (s.scene === "product" || s.scene === "og") return 1;
  return 0.5;
}

function demoSvg(s: DemoImageSpec): string {
  const c = new Canvas(s.width, s.height, new Rng(s.name), palettes[s.palette]);
  const draw = scenes[s.scene] ?? sceneCrowd;
  draw(c, s);
  return c.toString(renderScale(s));
}

type ManifestEntry = {
  name: string;
  src: string;
  width: number;
  height: number;
  widths: number[];
  bytes: number;
  color: string;
};

async function renderOne(s: DemoImageSpec): Promise<ManifestEntry> {
  const t0 = performance.now();
  const svg = demoSvg(s);
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const tRender = performance.now();
  let bytes = 0;
  for (const width of s.widths) {
    const img = sharp(data, { raw });
    const height = width === s.width ? s.height : Math.round((width * s.height) / s.width);
    const out =
      width === raw.width
        ? img
        : img.resize(width, height, { kernel: width > raw.width ? "cubic" : "lanczos3" });
    const file = path.join(outDir, `${s.name}-${width}.webp`);
    const res = await out.webp({ quality: s.quality, effort: 2, smartSubsample: false }).toFile(file);
    bytes += res.size;
  }
  const stats = await sharp(data, { raw }).stats();
  if (process.env.DEMO_PROFILE)
    console.log(
      `${s.scene}\t${s.name}\trender ${(tRender - t0).toFixed(0)}\tencode ${(performance.now() - tRender).toFixed(0)}\t${svg.length}`,
    );
  const [rc, gc, bc] = stats.channels.map((ch) => Math.round(ch.mean));
  const color = `#${[rc, gc, bc].map((v) => v!.toString(16).padStart(2, "0")).join("")}`;
  return {
    name: s.name,
    src: `/demo/${s.name}`,
    width: s.width,
    height: s.height,
    widths: s.widths,
    bytes,
    color,
  };
}

async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function versionHash(): Promise<string> {
  const h = createHash("sha256");
  h.update(JSON.stringify(demoImageSpecs));
  h.update(await readFile(here));
  h.update(await readFile(path.join(root, "db", "demo-images.ts")));
  h.update(sharp.versions.sharp ?? "");
  return h.digest("hex").slice(0, 16);
}

function logoSvg(): string {
  const w = wordWidth("NOKTURN") * 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${f(w)} 100" fill="#c6ff3d" role="img" aria-label="NOKTURN"><title>NOKTURN</title><path d="${wordPath("NOKTURN")}"/></svg>\n`;
}

function faviconSvg(): string {
  // N glyph (76 x 100 units) scaled to 72 px tall, centred in a 128 x 128 rounded square
  const x = (128 - GW * 10 * 0.72) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" rx="24" fill="#07060b"/><path transform="translate(${f(x)} 28) scale(0.72)" d="${wordPath("N")}" fill="#c6ff3d"/></svg>\n`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--logos")) {
    await writeFile(path.join(root, "public", "logo.svg"), logoSvg());
    await writeFile(path.join(root, "public", "favicon.svg"), faviconSvg());
    console.log("demo-assets: wrote public/logo.svg and public/favicon.svg");
    return;
  }
  const only = args
    .find((a) => a.startsWith("--only="))
    ?.slice(7)
    .split(",");
  const force = args.includes("--force");
  const versionFile = path.join(outDir, ".version");
  const manifestFile = path.join(outDir, "manifest.json");
  const version = await versionHash();
  if (!only && !force && existsSync(manifestFile) && existsSync(versionFile)) {
    if ((await readFile(versionFile, "utf8")).trim() === version) {
      console.log(`demo-assets: ${demoImageSpecs.length} images up to date (${version})`);
      return;
    }
  }
  await mkdir(outDir, { recursive: true });
  const t0 = performance.now();
  if (only) {
    const list = demoImageSpecs.filter((s) =>
      only.some((o) => s.name === o || (o.endsWith("*") && s.name.startsWith(o.slice(0, -1)))),
    );
    const res = await pool(list, 2, renderOne);
    for (const e of res) console.log(`${e.name}: ${(e.bytes / 1024).toFixed(0)} KB ${e.color}`);
    console.log(`demo-assets: rendered ${res.length} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return;
  }
  await rm(versionFile, { force: true });
  const entries = await pool(demoImageSpecs, 2, renderOne);
  // remove files of images that are no longer in the catalogue
  const expected = new Set(demoImageSpecs.flatMap((s) => s.widths.map((w) => `${s.name}-${w}.webp`)));
  for (const file of await readdir(outDir)) {
    if (file.endsWith(".webp") && !expected.has(file)) await rm(path.join(outDir, file));
  }
  const total = entries.reduce((a, e) => a + e.bytes, 0);
  await writeFile(
    manifestFile,
    `${JSON.stringify({ version, generatedBy: "scripts/demo-assets.ts", images: entries }, null, 2)}\n`,
  );
  await writeFile(versionFile, `${version}\n`);
  console.log(
    `demo-assets: rendered ${entries.length} images (${expected.size} files, ${(total / 1024 / 1024).toFixed(1)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

await main();
