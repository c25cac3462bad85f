/** Event photos on the floor: stage, crowd, DJ and lasers. */

import { type DemoImageSpec, mixHex } from "../../db/demo-images";
import { type Canvas, f, INK, WHITE } from "./canvas";
import { crowd, type Hair, person } from "./people";
import { bool, booth, confetti, fixture, ledContent, nightSky, num, str, truss, vtruss } from "./props";

export function sceneStage(c: Canvas, s: DemoImageSpec): void {
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

export function sceneCrowd(c: Canvas, s: DemoImageSpec): void {
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

export function sceneDj(c: Canvas, s: DemoImageSpec): void {
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

export function sceneLasers(c: Canvas, s: DemoImageSpec): void {
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
