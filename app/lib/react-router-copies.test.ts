/**
 * The site starts with React Router's public components (decision 030); one piece still copies its
 * code: `server/request-handler.ts` is `@react-router/express`'s request handler (8.4.0) with one
 * change, the body: React Router gets the body server/body-limit.ts already read and capped (decision
 * 020), and that adapter has no option for it. Like the adapter it hands React Router a load context
 * (`getLoadContext`'s place): the request's facts (app/lib/request-context.ts). The adapter is installed
 * as a development dependency only to be compared: this test pins the version of the family (upgraded
 * together, pinned to one exact version) and checks the hash of the adapter's file the copy was made
 * from, so an upgrade of either fails here until the copy has been compared with the new adapter. It
 * also fails when a file of the app or the server imports one of React Router's `UNSAFE_` exports.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler } from "react-router";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../..");

const COPIED_VERSION = "8.4.0";

/** The adapter's only source file, `dist/index.js` of @react-router/express@8.4.0, when it was copied. */
const UPSTREAM = {
  copy: "server/request-handler.ts",
  upstream: "@react-router/express/dist/index.js",
  sha256: "97b15efa99f7faf460b8388ec004d313ce66f58d68603bb713a1009d65984092",
} as const;

function installedVersion(name: string) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")).version as string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe("the copy of React Router's code", () => {
  it.each(["react-router", "@react-router/node", "@react-router/dev"])("%s is the version copied", (name) => {
    const version = installedVersion(name);
    expect(
      version,
      `React Router was upgraded to ${version}: compare ${UPSTREAM.copy} with ${UPSTREAM.upstream} of that ` +
        `version (npm pack @react-router/express@${version}; this one's sha256 was ${UPSTREAM.sha256}), ` +
        "bring over what changed, then record the new version and hash here",
    ).toBe(COPIED_VERSION);
  });

  it("@react-router/express's file is the one copied (its recorded hash)", () => {
    const packageDir = path.dirname(require.resolve("@react-router/express/package.json"));
    const file = readFileSync(path.join(packageDir, "dist/index.js"));
    expect(
      createHash("sha256").update(file).digest("hex"),
      `${UPSTREAM.upstream} changed: compare ${UPSTREAM.copy} with it, then record its new hash here`,
    ).toBe(UPSTREAM.sha256);
  });

  it.each(["@react-router/express"])("%s is the version copied", (name) => {
    expect(installedVersion(name)).toBe(COPIED_VERSION);
  });

  it("uses only public exports of the packages it builds on", () => {
    expect(typeof createRequestHandler).toBe("function");
    expect(typeof writeReadableStreamToWritable).toBe("function");
    const source = readFileSync(path.join(root, UPSTREAM.copy), "utf8");
    expect(source).not.toMatch(/UNSAFE_/);
  });

  it("no file of the app or the server imports an UNSAFE_ export of React Router", () => {
    const offenders = [...sourceFiles("app"), ...sourceFiles("server")].filter((file) => {
      if (file === path.relative(root, import.meta.filename)) return false;
      return /\bUNSAFE_\w+/.test(readFileSync(path.join(root, file), "utf8"));
    });
    expect(offenders, "React Router's internals (decision 030): use its public API").toEqual([]);
  });
});
