import { MODULE_AFTER_LOAD_TYPE, PRELOAD_AFTER_LOAD_REL } from "~/lib/module-start";

/** React Router's `<Scripts>` as React writes it (a change upstream fails module-start.server.test.ts). */
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const HELD_PRELOAD = Buffer.from(`<link rel="${PRELOAD_AFTER_LOAD_REL}"`);
const MODULE_SCRIPT = Buffer.from(' type="module" async=""');
const HELD_SCRIPT = Buffer.from(` type="${MODULE_AFTER_LOAD_TYPE}" async=""`);

/**
 * The panel and the door are tools that run on their scripts (a slug filled in from the name, the
 * scanner), used on a staff member's device: they start the framework's way, at once, so nothing is
 * typed into a form whose script has not started. Every other page waits for `load`.
 */
export function startsAfterLoad(pathname: string): boolean {
  return !/^\/(?:admin|bramka)(?:\/|$)/.test(pathname);
}

/**
 * A whole document with its module preloads and its one module script held for the head's bootstrap
 * to put back on `load` (decision 044, `module-start.ts`). Bytes in, bytes out: the page is
 * not decoded. A document that is not React Router's usual (no module script, or several) is
 * returned as it was, so the page then starts the framework's way.
 */
export function startModulesAfterLoad(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const script = html.indexOf(MODULE_SCRIPT);
  if (script === -1 || html.indexOf(MODULE_SCRIPT, script + MODULE_SCRIPT.length) !== -1) return html;
  const parts: Buffer<ArrayBuffer>[] = [];
  let kept = 0;
  for (let link = html.indexOf(MODULE_PRELOAD); link !== -1 && link < script; ) {
    parts.push(html.subarray(kept, link), HELD_PRELOAD);
    kept = link + MODULE_PRELOAD.length;
    link = html.indexOf(MODULE_PRELOAD, kept);
  }
  parts.push(html.subarray(kept, script), HELD_SCRIPT, html.subarray(script + MODULE_SCRIPT.length));
  return Buffer.concat(parts);
}
