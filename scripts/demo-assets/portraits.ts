/** Artists' portraits and merch-session photos (people wearing the garments). */

import { type DemoImageSpec, mixHex, palettes } from "../../db/demo-images";
import { type Canvas, f, INK, WHITE } from "./canvas";
import { type Hair, person } from "./people";
import { bokeh, bool, num, str } from "./props";
import { nMark, wordmarkCentered } from "./wordmark";

export function scenePortrait(c: Canvas, s: DemoImageSpec): void {
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

export function sceneMerchSession(c: Canvas, s: DemoImageSpec): void {
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
