import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashMarkedScripts, scriptHash } from "./inline-scripts.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("hashMarkedScripts", () => {
  it("hashes the marked inline scripts and removes the marker everywhere", () => {
    const html =
      '<head><link rel="modulepreload" href="/a.js" nonce="M1"/></head><body>' +
      '<script nonce="M1">window.a=1;</script>' +
      '<script type="module" nonce="M1">import "/b.js";</script>' +
      '<script type="application/ld+json">{"@type":"Product"}</script>' +
      '<script nonce="M1">window.a=1;</script></body>';
    const { html: out, hashes } = hashMarkedScripts(html, "M1");
    expect(hashes).toEqual([sha("window.a=1;"), sha('import "/b.js";')]);
    expect(out).not.toContain("M1");
    expect(out).toContain("<script>window.a=1;</script>");
    expect(out).toContain('<script type="module">import "/b.js";</script>');
    expect(out).toContain('<link rel="modulepreload" href="/a.js"/>');
  });

  it("never hashes a script without the marker (injected markup stays blocked)", () => {
    const html =
      '<script nonce="M1">ok()</script><p><script>alert(1)</script><script nonce="guess">alert(2)</script></p>';
    const { html: out, hashes } = hashMarkedScripts(html, "M1");
    expect(hashes).toEqual([sha("ok()")]);
    expect(out).toContain("<script>alert(1)</script>");
    expect(out).toContain('<script nonce="guess">alert(2)</script>');
  });

  it("hashes what a browser hashes: the raw text, line breaks normalised, multi-byte as UTF-8", () => {
    expect(scriptHash("a\r\nb\rc")).toBe(sha("a\nb\nc"));
    expect(scriptHash("cena: 47,30 zł")).toBe(sha("cena: 47,30 zł"));
    const { hashes } = hashMarkedScripts('<script nonce="M">\n  x("&amp;")\n</script>', "M");
    expect(hashes).toEqual([sha('\n  x("&amp;")\n')]);
  });

  it("leaves the HTML alone without a marker", () => {
    expect(hashMarkedScripts("<script>x</script>", "")).toEqual({ html: "<script>x</script>", hashes: [] });
  });
});
