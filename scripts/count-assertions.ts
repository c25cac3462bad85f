/**
 * Counts the assertions of each test layer (`expect(`, `expect.poll(`, `expect.soft(`,
 * `expect.element(` calls, and `toHave…`/`toBe…` matchers after them are not counted twice):
 * `npx tsx scripts/count-assertions.ts [git-revision]` — the working tree, or a revision's files.
 * Issue #37 asks that moving a test between layers loses no assertion about the product.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const revision = process.argv[2];
const layers: Record<string, (file: string) => boolean> = {
  e2e: (f) => f.startsWith("tests/e2e/"),
  http: (f) => f.startsWith("tests/http/"),
  integration: (f) => f.startsWith("tests/integration/"),
  unit: (f) => /^(app|server|db)\/.*\.test\.tsx?$/.test(f),
};

function files(): string[] {
  const list = revision
    ? execFileSync("git", ["ls-tree", "-r", "--name-only", revision], { encoding: "utf8" })
    : execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" });
  return list.split("\n").filter((f) => /\.(ts|tsx)$/.test(f));
}

function read(file: string) {
  if (revision) return execFileSync("git", ["show", `${revision}:${file}`], { encoding: "utf8" });
  return fs.existsSync(file) ? fs.readFileSync(path.resolve(file), "utf8") : "";
}

const totals: Record<string, { files: number; assertions: number }> = {};
for (const file of files()) {
  const layer = Object.entries(layers).find(([, matches]) => matches(file))?.[0];
  if (!layer) continue;
  const count = (read(file).match(/\bexpect(\.(poll|soft|element))?\s*\(/g) ?? []).length;
  totals[layer] ??= { files: 0, assertions: 0 };
  totals[layer].files += 1;
  totals[layer].assertions += count;
}
let all = 0;
for (const [layer, { files: n, assertions }] of Object.entries(totals)) {
  all += assertions;
  console.log(`${layer.padEnd(12)} ${String(assertions).padStart(6)} assertions in ${n} files`);
}
console.log(`${"all".padEnd(12)} ${String(all).padStart(6)}`);
