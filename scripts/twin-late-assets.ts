/**
 * After `react-router build`: Brotli and gzip twins (as vite.config.ts's precompress writes for the
 * bundle) of the assets written after the bundle — the route manifest every page loads — so they are
 * not compressed again on every request (decision 019).
 */
import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";

const assets = path.join(process.env.BUILD_DIR ?? "build", "client", "assets");

for (const file of await fs.readdir(assets)) {
  if (!/\.(m?js|css|svg|json)$/.test(file)) continue;
  const full = path.join(assets, file);
  const hasTwins = await Promise.all([fs.stat(`${full}.br`), fs.stat(`${full}.gz`)]).then(
    () => true,
    () => false,
  );
  if (hasTwins) continue;
  const source = await fs.readFile(full);
  if (source.length < 1024) continue; // headers would outweigh the saving
  const br = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  await fs.writeFile(`${full}.br`, br);
  await fs.writeFile(`${full}.gz`, zlib.gzipSync(source, { level: 9 }));
  console.log(`twins of ${file}: ${source.length} → ${br.length} B (br)`);
}
