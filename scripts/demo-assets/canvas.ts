/** Deterministic randomness and the SVG canvas every demo image is drawn on. */
import { mixHex, type Palette } from "../../db/demo-images";

function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export class Rng {
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

export const f = (n: number) => (Math.round(n * 10) / 10).toString();
export const WHITE = "#ffffff";
export const INK = "#030305";

/** One SVG document under construction: `defs` are deduplicated by key. */
export class Canvas {
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
