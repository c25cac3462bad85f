/** Product shots of the merch on a studio backdrop. */

import { type DemoImageSpec, mixHex } from "../../db/demo-images";
import { type Canvas, f, INK } from "./canvas";
import { fabric, HOODIE, LONG, LONG_BACK, stickerShape, TEE, TEE_BACK } from "./product-shapes";
import { bool, num, str } from "./props";
import { nMark, text, wordmark, wordmarkCentered, wordWidth } from "./wordmark";

export function sceneProduct(c: Canvas, s: DemoImageSpec): void {
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
