/** The brand images: the OG image, the logo and the favicon. */

import { type DemoImageSpec, mixHex } from "../../db/demo-images";
import { type Canvas, f } from "./canvas";
import { crowd } from "./people";
import { GW, text, wordmarkCentered, wordPath, wordWidth } from "./wordmark";

export function sceneOg(c: Canvas, _s: DemoImageSpec): void {
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

export function logoSvg(): string {
  const w = wordWidth("NOKTURN") * 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${f(w)} 100" fill="#c6ff3d" role="img" aria-label="NOKTURN"><title>NOKTURN</title><path d="${wordPath("NOKTURN")}"/></svg>\n`;
}

export function faviconSvg(): string {
  // N glyph (76 x 100 units) scaled to 72 px tall, centred in a 128 x 128 rounded square
  const x = (128 - GW * 10 * 0.72) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" rx="24" fill="#07060b"/><path transform="translate(${f(x)} 28) scale(0.72)" d="${wordPath("N")}" fill="#c6ff3d"/></svg>\n`;
}
