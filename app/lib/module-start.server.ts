import { MODULE_AFTER_LOAD_TYPE } from "~/lib/module-start";

/** React Router's `<Scripts>` as React writes it (a change upstream fails module-start.server.test.ts). */
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const MODULE_SCRIPT = Buffer.from(' type="module" async=""');
const HELD_SCRIPT = Buffer.from(` type="${MODULE_AFTER_LOAD_TYPE}" async=""`);
const TAG_END = ">".charCodeAt(0);

/**
 * A whole document with its module preloads left out and its one module script held for the head's
 * bootstrap to run on `load` (decision 044, `module-start.ts`). Bytes in, bytes out: the page is
 * not decoded. A document that is not React Router's usual (no module script, or several) is
 * returned as it was, so the page then starts the framework's way.
 */
export function startModulesAfterLoad(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const script = html.indexOf(MODULE_SCRIPT);
  if (script === -1 || html.indexOf(MODULE_SCRIPT, script + MODULE_SCRIPT.length) !== -1) return html;
  const parts: Buffer<ArrayBuffer>[] = [];
  let kept = 0;
  for (let link = html.indexOf(MODULE_PRELOAD); link !== -1 && link < script; ) {
    const end = html.indexOf(TAG_END, link);
    if (end === -1) return html;
    parts.push(html.subarray(kept, link));
    kept = end + 1;
    link = html.indexOf(MODULE_PRELOAD, kept);
  }
  parts.push(html.subarray(kept, script), HELD_SCRIPT, html.subarray(script + MODULE_SCRIPT.length));
  return Buffer.concat(parts);
}
