/** Scene furniture shared by the photos: sky, truss, fixtures, LED walls, DJ booth, confetti, bokeh. */

import { type DemoImageSpec, mixHex } from "../../db/demo-images";
import { type Canvas, f, INK, WHITE } from "./canvas";
import { person } from "./people";
import { nMark } from "./wordmark";

type P = DemoImageSpec["params"];
export const num = (p: P, k: string, d: number) => (typeof p[k] === "number" ? (p[k] as number) : d);
export const str = (p: P, k: string, d: string) => (typeof p[k] === "string" ? (p[k] as string) : d);
export const bool = (p: P, k: string) => p[k] === true;

export function confetti(c: Canvas, n: number, colors: string[], top = 0, bottom = 0.7): void {
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

export function nightSky(c: Canvas, sky: boolean): void {
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

export function truss(c: Canvas, y: number, x0: number, x1: number, t: number, color: string): void {
  const parts = [
    `<rect x="${f(x0)}" y="${f(y)}" width="${f(x1 - x0)}" height="${f(t * 0.16)}"/>`,
    `<rect x="${f(x0)}" y="${f(y + t * 0.84)}" width="${f(x1 - x0)}" height="${f(t * 0.16)}"/>`,
  ];
  let d = "";
  for (let x = x0, k = 0; x < x1; x += t, k++) d += `${k === 0 ? "M" : "L"}${f(x)} ${f(k % 2 ? y : y + t)}`;
  parts.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(t * 0.1)}"/>`);
  c.add(`<g fill="${color}">${parts.join("")}</g>`);
}

export function vtruss(c: Canvas, x: number, y0: number, y1: number, t: number, color: string): void {
  let d = "";
  for (let y = y0, k = 0; y < y1; y += t, k++) d += `${k === 0 ? "M" : "L"}${f(k % 2 ? x : x + t)} ${f(y)}`;
  c.add(
    `<g fill="${color}"><rect x="${f(x)}" y="${f(y0)}" width="${f(t * 0.16)}" height="${f(y1 - y0)}"/><rect x="${f(x + t * 0.84)}" y="${f(y0)}" width="${f(t * 0.16)}" height="${f(y1 - y0)}"/><path d="${d}" fill="none" stroke="${color}" stroke-width="${f(t * 0.1)}"/></g>`,
  );
}

/** Fixture on a truss: a dim housing with a hot lens. */
export function fixture(c: Canvas, x: number, y: number, s: number, color: string): void {
  c.add(
    `<rect x="${f(x - s)}" y="${f(y - s * 0.6)}" width="${f(s * 2)}" height="${f(s * 1.6)}" rx="${f(s * 0.3)}" fill="#0c0c10"/>`,
  );
  c.glow(x, y + s * 0.6, s * 6, s * 6, color, 0.55);
  c.add(
    `<circle cx="${f(x)}" cy="${f(y + s * 0.5)}" r="${f(s * 0.7)}" fill="${mixHex(color, WHITE, 0.7)}"/>`,
  );
}

/** LED wall content: the N mark, a tunnel of frames or EQ bars, under a pixel grid. */
export function ledContent(c: Canvas, kind: string, x: number, y: number, w: number, h: number): void {
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

export function booth(c: Canvas, cx: number, top: number, bw: number, bh: number, rim: string): void {
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

export function bokeh(c: Canvas, n: number, colors: string[], maxR: number, opacity = 0.5): void {
  const { r, w, h } = c;
  for (let i = 0; i < n; i++) {
    const rad = maxR * r.range(0.25, 1);
    c.glow(r.range(0, w), r.range(0, h * 0.8), rad, rad, r.pick(colors), opacity * r.range(0.4, 1), true);
  }
}
