/** Garment outlines, fabric shading and sticker shapes for the product shots. */
import { type Canvas, f, INK } from "./canvas";
import { nMark, text, wordmarkCentered } from "./wordmark";

export const TEE =
  "M500 232Q600 300 700 232L842 270L988 410L905 502L850 458L854 988Q600 1002 346 988L350 458L295 502L212 410L358 270Z";
export const TEE_BACK =
  "M500 232Q600 256 700 232L842 270L988 410L905 502L850 458L854 988Q600 1002 346 988L350 458L295 502L212 410L358 270Z";
export const LONG =
  "M500 232Q600 300 700 232L842 270Q935 330 968 520L1012 830L930 850L872 566L854 988Q600 1002 346 988L328 566L270 850L188 830L232 520Q265 330 358 270Z";
export const LONG_BACK = LONG.replace("Q600 300 700", "Q600 256 700");
export const HOODIE =
  "M488 262Q600 322 712 262L858 300Q950 360 980 560L1020 900L934 918L880 600L870 1010Q600 1024 330 1010L320 600L266 918L180 900L220 560Q250 360 342 300Z";

export function fabric(c: Canvas, d: string, body: string, accent: string): string {
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

export function stickerShape(
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
