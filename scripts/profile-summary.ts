/**
 * `npx tsx scripts/profile-summary.ts <file.cpuprofile> [--last=S] [--top=N]`: where a CPU profile's
 * time went, by who spent it (React Router, React, Node's own work, compression, the database, the
 * app…), then the functions with the most self time. `--last=S` counts only the profile's last S
 * seconds (a server's steady state under load, without its start-up). Decision 047's table was made
 * with it from `npm run bench:render -- --profile` and hand-started servers (`node --cpu-prof`).
 */
import fs from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const file = process.argv[2];
if (!file) {
  console.error("usage: tsx scripts/profile-summary.ts <file.cpuprofile> [--last=S] [--top=N]");
  process.exit(1);
}
const option = (name: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
const lastSeconds = Number(option("last") ?? Number.POSITIVE_INFINITY);
const top = Number(option("top") ?? 25);

/** Who a frame's time belongs to, from its script's URL. */
function ownerOf({ functionName, url }: ProfileNode["callFrame"]): string {
  if (["(garbage collector)", "(idle)", "(program)"].includes(functionName)) return functionName;
  const rules: [RegExp, string][] = [
    [/react-dom/, "React (react-dom-server)"],
    [/\/react\/|react-jsx/, "React"],
    [/react-router/, "React Router"],
    [/node:zlib/, "compression (zlib)"],
    [/pglite|^wasm|\/chunk-[A-Z0-9]+\.js$/, "the database (PGlite)"],
    [/drizzle-orm/, "the database (drizzle)"],
    [/\/postgres\//, "the database (postgres.js)"],
    [/undici/, "Fetch Request/Response (undici)"],
    [/\/express\/|\/router\/|compression|helmet|on-headers|\/vary\//, "Express and its middleware"],
    [/pino|sonic-boom/, "logging (pino)"],
    [/lucide/, "icons (lucide)"],
    [/conform/, "forms (Conform)"],
    [/^node:|^$/, "Node's own"],
    [/build\/server|server-build|\/app\/|\/server\//, "the app"],
  ];
  if (/^wasm-function/.test(functionName)) return "the database (PGlite)";
  return rules.find(([pattern]) => pattern.test(url))?.[1] ?? `other: ${url.split("node_modules/").at(-1)}`;
}

const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const end = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
const from = end - lastSeconds * 1e6;
const owners = new Map<string, number>();
const functions = new Map<string, number>();
let total = 0;
let at = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index];
  at += delta;
  if (at < from) return;
  const frame = byId.get(id)?.callFrame;
  if (!frame) return;
  total += delta;
  const owner = ownerOf(frame);
  owners.set(owner, (owners.get(owner) ?? 0) + delta);
  const name = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").at(-1)}:${frame.lineNumber}`;
  functions.set(name, (functions.get(name) ?? 0) + delta);
});

const share = (value: number) => `${((value / total) * 100).toFixed(1).padStart(5)} %`;
const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
console.log(
  `${(total / 1e6).toFixed(1)} s of samples${Number.isFinite(lastSeconds) ? ` (the last ${lastSeconds} s)` : ""}`,
);
for (const [owner, time] of sorted(owners)) console.log(`${share(time)}  ${owner}`);
console.log("\nself time by function:");
for (const [name, time] of sorted(functions).slice(0, top)) console.log(`${share(time)}  ${name}`);
