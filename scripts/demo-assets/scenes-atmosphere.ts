/** Event photos of the room: smoke, strobe, lights and backstage. */

import { type DemoImageSpec, mixHex } from "../../db/demo-images";
import { type Canvas, f, INK, WHITE } from "./canvas";
import { type Arms, crowd, person } from "./people";
import { bool, nightSky, num, str, truss } from "./props";
import { nMark } from "./wordmark";

export function sceneSmoke(c: Canvas, s: DemoImageSpec): void {
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

export function sceneStrobe(c: Canvas, _s: DemoImageSpec): void {
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

export function sceneLights(c: Canvas, s: DemoImageSpec): void {
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

export function sceneBackstage(c: Canvas, s: DemoImageSpec): void {
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
