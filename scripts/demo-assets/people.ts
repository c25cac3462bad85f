/** Silhouettes of people and rows of them (crowds), lit from behind. */

import { mixHex } from "../../db/demo-images";
import { type Canvas, f, INK, type Rng, WHITE } from "./canvas";

export type Arms = "up" | "one" | "v" | "down" | "fist" | "phone";
export type Hair = "none" | "short" | "long" | "bun" | "cap" | "pony" | "buns" | "hood" | "beanie";

type PersonOpts = { arms?: Arms; hair?: Hair; shoulders?: number; lean?: number };

/**
 * A silhouette (no paint: the caller's group sets fill and stroke) with the head centre at (x, hy),
 * head radius `hr` and the torso cut at `bottom`. Returns the shapes and where a phone would be.
 */
export function person(
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
export function crowd(c: Canvas, o: CrowdOpts): void {
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
