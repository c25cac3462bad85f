/**
 * Three pieces of this site copy parts of React Router 8.4 to change when they run (decisions 017 and
 * 027). An upgrade that changes what they copy must not pass unnoticed: each upstream file's hash is
 * recorded here, and a new one fails this test with the copy to compare it with.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const routerRoot = path.dirname(createRequire(import.meta.url).resolve("react-router/package.json"));

const COPIES = [
  {
    copy: "app/lib/stepped-hydrated-router.tsx",
    upstream: "dist/development/lib/dom-export/hydrated-router.js",
    sha256: "f47e9d0a894d63b3c8697c7a20aafc1197408d35fa35ba0f60261a082bb98b29",
  },
  {
    copy: "app/components/deferred-scripts.tsx (its <Scripts>)",
    upstream: "dist/development/lib/dom/ssr/components.js",
    sha256: "c558f81af80558a31e44516bfc8c903b7b2630e9954017f4fc4cac061a500fd0",
  },
  {
    copy: "app/components/scroll-restoration.tsx (its <ScrollRestoration>)",
    upstream: "dist/development/lib/dom/lib.js",
    sha256: "3fa62403d02a7d3bc03c2f5f086600d9738a643900de16691b57837610df8612",
  },
] as const;

describe("the copies of React Router's code", () => {
  it("are of the version installed", () => {
    const { version } = JSON.parse(readFileSync(path.join(routerRoot, "package.json"), "utf8"));
    expect(version, "React Router was upgraded: compare the copies listed in this test").toBe("8.4.0");
  });

  it.each(COPIES)("$copy copies an unchanged $upstream", ({ copy, upstream, sha256 }) => {
    const actual = createHash("sha256")
      .update(readFileSync(path.join(routerRoot, upstream)))
      .digest("hex");
    expect(actual, `${upstream} changed: compare it with ${copy}, then record its new hash`).toBe(sha256);
  });
});
