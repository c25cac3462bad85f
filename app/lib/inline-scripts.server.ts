/**
 * A page the page cache keeps is the same bytes for every visitor, so its CSP cannot name a nonce of
 * its own: it lists the SHA-256 hash of each inline script instead. The page is rendered with a
 * one-time random marker as nonce; only scripts carrying that marker are ours (React's bootstrap,
 * React Router's handoff and data, scroll restoration…) and get hashed, so a script that reached the
 * HTML any other way (injected markup) is not allowed. The marker is then removed from the HTML.
 */
import { createHash } from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP source for an inline script's text: `'sha256-…'`. */
export function scriptHash(text: string) {
  // Browsers hash the text after the parser has normalised line breaks.
  const normalised = text.replace(/\r\n?/g, "\n");
  return `'sha256-${createHash("sha256").update(normalised, "utf8").digest("base64")}'`;
}

/**
 * Hashes the inline scripts of `html` that carry `marker` as their nonce and removes the marker.
 * Returns the HTML without it and the hashes (unique, in document order).
 */
export function hashMarkedScripts(html: string, marker: string): { html: string; hashes: string[] } {
  if (!marker) return { html, hashes: [] };
  const attribute = ` nonce="${marker}"`;
  const hashes = new Set<string>();
  const out = html.replace(SCRIPT, (whole, attributes: string, text: string) => {
    if (!attributes.includes(attribute)) return whole;
    if (!/\ssrc=/i.test(attributes)) hashes.add(scriptHash(text));
    return `<script${attributes.replace(attribute, "")}>${text}</script>`;
  });
  // Anything else that carried it (preload links) no longer needs it.
  return { html: out.split(attribute).join(""), hashes: [...hashes] };
}
