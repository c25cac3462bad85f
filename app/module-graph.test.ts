/**
 * The layout's rules (ARCHITECTURE, decision 021), read from the import statements of every file in
 * app/: no import cycles between modules or between files, app/lib depends on no module, the panel
 * shell (modules/admin) is imported only by panel routes, and no storefront route or component pulls
 * in a panel component (which would put the panel into storefront bundles). Read from the text of
 * the write statements: only modules/orders writes orders and their lines, only modules/catalog writes
 * stock (issue #30). Read from the text of every file (issue #38): only the cookie helper writes a
 * `Set-Cookie` header or parses a Cookie header, and makes our cookies (React Router's createCookie),
 * no domain module builds a `Response`, and no domain
 * module reads a `Request` (routes and app/lib's form plumbing hand them plain values).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const APP = resolve(import.meta.dirname);
const SOURCE = /\.(ts|tsx)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "+types" ? [] : walk(path);
    return SOURCE.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = walk(APP);
const fileSet = new Set(files);

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ]) {
    if (fileSet.has(candidate)) return candidate;
  }
  return null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(type\s)?[^;]*?from\s+"([^"]+)"/g;
const DYNAMIC = /import\(\s*"([^"]+)"\s*\)/g;

type Edge = { target: string; runtime: boolean };

/** Every file's imports; `runtime` is false for `import type` and a lazy `import()`. */
const allEdges = new Map<string, Edge[]>(
  files.map((file) => {
    const text = readFileSync(file, "utf8");
    const found: Edge[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[2] as string);
      if (target) found.push({ target, runtime: !match[1] });
    }
    for (const match of text.matchAll(DYNAMIC)) {
      const target = resolveImport(file, match[1] as string);
      if (target) found.push({ target, runtime: false });
    }
    return [file, found];
  }),
);

const edges = new Map([...allEdges].map(([file, list]) => [file, [...new Set(list.map((e) => e.target))]]));
/** Static value imports only: the ones that make a cycle at load time. */
const runtimeEdges = new Map(
  [...allEdges].map(([file, list]) => [
    file,
    [...new Set(list.filter((e) => e.runtime).map((e) => e.target))],
  ]),
);

const rel = (file: string) => relative(APP, file);

/**
 * "modules/catalog", "lib", "routes", "emails", …; app/components is four layers: the design
 * system (ui), the panel's frames (panel), the site's shell (shell: the navigation, which shows the
 * account and the cart) and shared presentational pieces (the rest, which use no module).
 */
function moduleOf(file: string) {
  const parts = rel(file).split("/");
  if (parts[0] === "modules") return `modules/${parts[1]}`;
  if (parts[0] === "components" && ["ui", "panel", "shell"].includes(parts[1] as string)) {
    return `components/${parts[1]}`;
  }
  return parts[0] as string;
}

/** Strongly connected components with more than one member (Tarjan). */
function cycles(graph: Map<string, string[]>) {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, order.get(next) as number));
      }
    }
    if (low.get(node) === order.get(node)) {
      const members: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      if (members.length > 1) found.push(members.sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

function importsWhere(from: (file: string) => boolean, to: (file: string) => boolean) {
  return [...edges]
    .filter(([file]) => from(file))
    .flatMap(([file, targets]) => targets.filter(to).map((target) => `${rel(file)} → ${rel(target)}`));
}

const isPanelComponent = (file: string) =>
  rel(file).startsWith("components/panel/") || /^modules\/[^/]+\/components\/panel\//.test(rel(file));
const isPanelShell = (file: string) => rel(file).startsWith("modules/admin/");
const isPanelRoute = (file: string) => rel(file).startsWith("routes/admin/");
const isStorefront = (file: string) =>
  (rel(file).startsWith("routes/") && !isPanelRoute(file)) ||
  (/^modules\/[^/]+\/components\//.test(rel(file)) && !isPanelComponent(file) && !isPanelShell(file)) ||
  rel(file) === "root.tsx";

type Write = { file: string; verb: string; table: string; statement: string };

/** Drizzle writes: `.insert(table)`, `.update(s.table)`, `.delete(table)`, each with its statement's text. */
const DRIZZLE_WRITE = /\.(insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g;
/** The text of every sql`…` template, where a raw statement would be written. */
const SQL_TEMPLATE = /\bsql`([^`]*)`/g;

const writes: Write[] = files.flatMap((file) => {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(DRIZZLE_WRITE)].map((match) => {
    const end = text.indexOf(";", match.index);
    const statement = text.slice(match.index, end === -1 ? undefined : end);
    return { file, verb: match[1] as string, table: match[2] as string, statement };
  });
});

const rawSql = files.flatMap((file) =>
  [...readFileSync(file, "utf8").matchAll(SQL_TEMPLATE)].map((match) => ({ file, sql: match[1] as string })),
);

const writesOrders = (write: Write) => ["orders", "orderItems"].includes(write.table);
const RAW_ORDERS_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?(?:orders|order_items)\b/i;
/** Inserting a product or a variant sets its stock; an update moves it when its `set` names it. */
const writesStock = (write: Write) =>
  ["products", "productVariants"].includes(write.table) &&
  (write.verb === "insert" || (write.verb === "update" && /\bstockQuantity\b/.test(write.statement)));
const RAW_STOCK_WRITE =
  /\b(?:insert\s+into|update)\s+"?(?:products|product_variants)\b[\s\S]*\bstock_quantity\b/i;

const describeWrite = (write: Write) => `${rel(write.file)}: .${write.verb}(${write.table})`;

describe("module graph", () => {
  it("has no import cycle between files", () => {
    expect(cycles(runtimeEdges).map((members) => members.map(rel))).toEqual([]);
  });

  it("has no import cycle between modules", () => {
    const graph = new Map<string, string[]>();
    for (const [file, targets] of edges) {
      const from = moduleOf(file);
      const list = graph.get(from) ?? [];
      for (const target of targets) if (moduleOf(target) !== from) list.push(moduleOf(target));
      graph.set(from, list);
    }
    expect(cycles(graph)).toEqual([]);
  });

  it("keeps app/lib free of domain modules", () => {
    expect(
      importsWhere(
        (f) => moduleOf(f) === "lib",
        (t) => moduleOf(t).startsWith("modules/"),
      ),
    ).toEqual([]);
  });

  it("lets only panel routes use the panel shell", () => {
    expect(importsWhere((f) => !isPanelShell(f) && !isPanelRoute(f), isPanelShell)).toEqual([]);
  });

  it("keeps panel components out of storefront routes and components", () => {
    expect(importsWhere(isStorefront, (t) => isPanelComponent(t) || isPanelShell(t))).toEqual([]);
  });

  it("lets only modules/orders write orders and order items", () => {
    const outside = (file: string) => moduleOf(file) !== "modules/orders";
    // The matcher still sees the writes that are allowed (a renamed table would make it blind).
    expect(
      writes.filter(writesOrders).some((w) => rel(w.file) === "modules/orders/create-order.server.ts"),
    ).toBe(true);
    expect([
      ...writes.filter((w) => writesOrders(w) && outside(w.file)).map(describeWrite),
      ...rawSql
        .filter((r) => outside(r.file) && RAW_ORDERS_WRITE.test(r.sql))
        .map((r) => `${rel(r.file)}: sql`),
    ]).toEqual([]);
  });

  it("lets only modules/catalog write stock", () => {
    const outside = (file: string) => moduleOf(file) !== "modules/catalog";
    expect(writes.filter(writesStock).some((w) => rel(w.file) === "modules/catalog/stock.server.ts")).toBe(
      true,
    );
    expect([
      ...writes.filter((w) => writesStock(w) && outside(w.file)).map(describeWrite),
      ...rawSql
        .filter((r) => outside(r.file) && RAW_STOCK_WRITE.test(r.sql))
        .map((r) => `${rel(r.file)}: sql`),
    ]).toEqual([]);
  });

  it("writes and parses cookies only in the cookie helper", () => {
    const helper = new Set(["lib/cookies.server.ts", "lib/cookies.ts"]);
    // The logger names the header only to redact it.
    const SET_COOKIE = /["'`]set-cookie["'`]|\.getSetCookie\(/i;
    const HAND_PARSED = /cookie[\w.()"']*\.split\(\s*["';]|split\(\s*";"\s*\)[^\n]*=/i;
    const offenders = files
      .filter((file) => !helper.has(rel(file)) && rel(file) !== "lib/logger.server.ts")
      .filter((file) => {
        const text = readFileSync(file, "utf8");
        return SET_COOKIE.test(text) || HAND_PARSED.test(text) || /document\.cookie\s*=/.test(text);
      })
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it("makes every cookie of ours with React Router's createCookie, in the cookie helper only", () => {
    // cookies.server.ts makes and serialises them (createCookie); cookies.ts alone parses a header.
    const MAKES = /\bcreateCookie\s*\(|import[^;]*\bcreateCookie\b[^;]*from|\.serialize\(|stringifySetCookie/;
    const PARSER = /from\s*["'](?:cookie|cookie-es)["']/;
    const offenders = files
      .filter((file) => {
        const text = readFileSync(file, "utf8");
        return (
          (rel(file) !== "lib/cookies.server.ts" && MAKES.test(text)) ||
          (rel(file) !== "lib/cookies.ts" && PARSER.test(text))
        );
      })
      .map(rel);
    expect(offenders).toEqual([]);
    const helper = readFileSync(join(APP, "lib/cookies.server.ts"), "utf8");
    expect(helper).toMatch(/\bcreateCookie\s*\(/);
    expect(helper).not.toMatch(/from\s*["']cookie["']/);
  });

  const isDomain = (file: string) =>
    moduleOf(file).startsWith("modules/") &&
    moduleOf(file) !== "modules/admin" &&
    !rel(file).includes("/components/");

  it("builds no Response in a domain module", () => {
    const RESPONSE = /new Response\(|Response\.(?:json|redirect)\(|\):\s*(?:Promise<)?Response\b/;
    expect(
      files.filter((file) => isDomain(file) && RESPONSE.test(readFileSync(file, "utf8"))).map(rel),
    ).toEqual([]);
  });

  it("reads no Request in a domain module", () => {
    /**
     * The session's two doors: better-auth reads its cookie from the request's headers, and the access
     * guards answer a page with a redirect and a data request with a 401 (decision 006).
     */
    const doors = new Set(["modules/accounts/auth.server.ts", "modules/accounts/roles.server.ts"]);
    const REQUEST = /:\s*(?:globalThis\.)?Request\b|\brequest\.(?:formData|headers|url|json|text)\b/;
    expect(
      files
        .filter((file) => isDomain(file) && !doors.has(rel(file)) && REQUEST.test(readFileSync(file, "utf8")))
        .map(rel),
    ).toEqual([]);
  });
});
