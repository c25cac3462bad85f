/** The NOKTURN wordmark from our own geometric glyphs (10 units tall), and display text. */
import { f } from "./canvas";

export const GW = 7.6;
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
export function wordWidth(word: string): number {
  return word.length * GW + (word.length - 1) * GAP;
}

export function wordPath(word: string): string {
  return [...word].map((ch, i) => glyph(ch, i * (GW + GAP))).join("");
}

/** `<path>` of the wordmark with its top-left corner at (x, y) and the given cap height. */
export function wordmark(
  word: string,
  x: number,
  y: number,
  height: number,
  fill: string,
  extra = "",
): string {
  const s = height / 100;
  return `<path transform="translate(${f(x)} ${f(y)}) scale(${s.toFixed(4)})" d="${wordPath(word)}" fill="${fill}" ${extra}/>`;
}

/** Centered wordmark of the given total width. */
export function wordmarkCentered(
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
export function nMark(cx: number, cy: number, size: number, fill: string, extra = ""): string {
  return wordmark("N", cx - (size * GW) / 20, cy - size / 2, size, fill, extra);
}

const DISPLAY_FONT = "Arial Black, Impact, Helvetica, sans-serif";

export function text(
  x: number,
  y: number,
  size: number,
  content: string,
  fill: string,
  extra = 'text-anchor="middle"',
): string {
  return `<text x="${f(x)}" y="${f(y)}" font-family="${DISPLAY_FONT}" font-weight="900" font-size="${f(size)}" fill="${fill}" ${extra}>${content}</text>`;
}
