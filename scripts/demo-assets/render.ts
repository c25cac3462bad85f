/** SVG scene per demo image, rendered with sharp into WebP at every width of its spec. */
import path from "node:path";
import sharp from "sharp";
import { type DemoImageSpec, palettes } from "../../db/demo-images";
import { sceneOg } from "./brand";
import { Canvas, Rng } from "./canvas";
import { sceneMerchSession, scenePortrait } from "./portraits";
import { sceneProduct } from "./products";
import { sceneBackstage, sceneLights, sceneSmoke, sceneStrobe } from "./scenes-atmosphere";
import { sceneCrowd, sceneDj, sceneLasers, sceneStage } from "./scenes-club";

const scenes: Partial<Record<DemoImageSpec["scene"], (c: Canvas, s: DemoImageSpec) => void>> = {
  stage: sceneStage,
  crowd: sceneCrowd,
  dj: sceneDj,
  lasers: sceneLasers,
  smoke: sceneSmoke,
  strobe: sceneStrobe,
  lights: sceneLights,
  backstage: sceneBackstage,
  portrait: scenePortrait,
  "merch-session": sceneMerchSession,
  product: sceneProduct,
  og: sceneOg,
};

/**
 * Photo-like scenes are rendered at a reduced scale and upscaled: the softness reads as a real
 * camera shot in a smoky room, compresses far better than crisp vector edges, and renders faster.
 * Products and the OG image (text, crisp print) are rendered at full size.
 */
function renderScale(s: DemoImageSpec): number {
  if (s.scene === "product" || s.scene === "og") return 1;
  return 0.5;
}

function demoSvg(s: DemoImageSpec): string {
  const c = new Canvas(s.width, s.height, new Rng(s.name), palettes[s.palette]);
  const draw = scenes[s.scene] ?? sceneCrowd;
  draw(c, s);
  return c.toString(renderScale(s));
}

type ManifestEntry = {
  name: string;
  src: string;
  width: number;
  height: number;
  widths: number[];
  bytes: number;
  color: string;
};

/** Renders one image into `outDir` and returns its manifest entry. */
export async function renderOne(s: DemoImageSpec, outDir: string): Promise<ManifestEntry> {
  const t0 = performance.now();
  const svg = demoSvg(s);
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const tRender = performance.now();
  let bytes = 0;
  for (const width of s.widths) {
    const img = sharp(data, { raw });
    const height = width === s.width ? s.height : Math.round((width * s.height) / s.width);
    const out =
      width === raw.width
        ? img
        : img.resize(width, height, { kernel: width > raw.width ? "cubic" : "lanczos3" });
    const file = path.join(outDir, `${s.name}-${width}.webp`);
    const res = await out.webp({ quality: s.quality, effort: 2, smartSubsample: false }).toFile(file);
    bytes += res.size;
  }
  const stats = await sharp(data, { raw }).stats();
  if (process.env.DEMO_PROFILE)
    console.log(
      `${s.scene}\t${s.name}\trender ${(tRender - t0).toFixed(0)}\tencode ${(performance.now() - tRender).toFixed(0)}\t${svg.length}`,
    );
  const [rc, gc, bc] = stats.channels.map((ch) => Math.round(ch.mean));
  const color = `#${[rc, gc, bc].map((v) => v!.toString(16).padStart(2, "0")).join("")}`;
  return {
    name: s.name,
    src: `/demo/${s.name}`,
    width: s.width,
    height: s.height,
    widths: s.widths,
    bytes,
    color,
  };
}

export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
