/**
 * Renders every demo image of `db/demo-images.ts` from hand-written SVG artwork with sharp into
 * `public/demo/` (WebP at every width of the spec) and writes `public/demo/manifest.json`.
 *
 * Nothing is downloaded and no font files are needed: the NOKTURN wordmark is drawn from our own
 * geometric glyphs, the few other words use generic font families. Randomness comes from a PRNG seeded
 * with the image name, so the output is reproducible.
 *
 * The drawing lives in `scripts/demo-assets/`: `canvas.ts` (PRNG, SVG canvas), `wordmark.ts`,
 * `people.ts`, `props.ts` (stage furniture), the scenes (`scenes-club.ts`, `scenes-atmosphere.ts`,
 * `portraits.ts`, `products.ts` with `product-shapes.ts`, `brand.ts`) and `render.ts` (SVG to WebP).
 * Every file there is part of the version hash, as is this one.
 *
 *   npx tsx scripts/demo-assets.ts            # skip when public/demo/.version matches
 *   npx tsx scripts/demo-assets.ts --force    # render everything again
 *   npx tsx scripts/demo-assets.ts --only=event-hero,og-default   # render a few (no manifest)
 *   npx tsx scripts/demo-assets.ts --logos    # (re)write public/logo.svg and public/favicon.svg
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { demoImageSpecs } from "../db/demo-images";
import { faviconSvg, logoSvg } from "./demo-assets/brand";
import { pool, renderOne } from "./demo-assets/render";

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");
const outDir = path.join(root, "public", "demo");
const partsDir = path.join(path.dirname(here), "demo-assets");

async function versionHash(): Promise<string> {
  const h = createHash("sha256");
  h.update(JSON.stringify(demoImageSpecs));
  h.update(await readFile(here));
  for (const file of (await readdir(partsDir)).filter((f) => f.endsWith(".ts")).sort()) {
    h.update(await readFile(path.join(partsDir, file)));
  }
  h.update(await readFile(path.join(root, "db", "demo-images.ts")));
  h.update(sharp.versions.sharp ?? "");
  return h.digest("hex").slice(0, 16);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--logos")) {
    await writeFile(path.join(root, "public", "logo.svg"), logoSvg());
    await writeFile(path.join(root, "public", "favicon.svg"), faviconSvg());
    console.log("demo-assets: wrote public/logo.svg and public/favicon.svg");
    return;
  }
  const only = args
    .find((a) => a.startsWith("--only="))
    ?.slice(7)
    .split(",");
  const force = args.includes("--force");
  const versionFile = path.join(outDir, ".version");
  const manifestFile = path.join(outDir, "manifest.json");
  const version = await versionHash();
  if (!only && !force && existsSync(manifestFile) && existsSync(versionFile)) {
    if ((await readFile(versionFile, "utf8")).trim() === version) {
      console.log(`demo-assets: ${demoImageSpecs.length} images up to date (${version})`);
      return;
    }
  }
  await mkdir(outDir, { recursive: true });
  const t0 = performance.now();
  if (only) {
    const list = demoImageSpecs.filter((s) =>
      only.some((o) => s.name === o || (o.endsWith("*") && s.name.startsWith(o.slice(0, -1)))),
    );
    const res = await pool(list, 2, (s) => renderOne(s, outDir));
    for (const e of res) console.log(`${e.name}: ${(e.bytes / 1024).toFixed(0)} KB ${e.color}`);
    console.log(`demo-assets: rendered ${res.length} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return;
  }
  await rm(versionFile, { force: true });
  const entries = await pool(demoImageSpecs, 2, (s) => renderOne(s, outDir));
  // remove files of images that are no longer in the catalogue
  const expected = new Set(demoImageSpecs.flatMap((s) => s.widths.map((w) => `${s.name}-${w}.webp`)));
  for (const file of await readdir(outDir)) {
    if (file.endsWith(".webp") && !expected.has(file)) await rm(path.join(outDir, file));
  }
  const total = entries.reduce((a, e) => a + e.bytes, 0);
  await writeFile(
    manifestFile,
    `${JSON.stringify({ version, generatedBy: "scripts/demo-assets.ts", images: entries }, null, 2)}\n`,
  );
  await writeFile(versionFile, `${version}\n`);
  console.log(
    `demo-assets: rendered ${entries.length} images (${expected.size} files, ${(total / 1024 / 1024).toFixed(1)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

await main();
