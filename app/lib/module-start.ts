/**
 * The app's modules start after the page has loaded (decision 044). React Router's `<Scripts>` writes a
 * `modulepreload` link for every chunk and a module script that imports them at once; on a slow phone
 * those ~150 KB share the link with the hero image and their evaluation shares the main thread with
 * its paint. Every control works without scripts (decision 031), so nothing is lost by starting them
 * later: the server leaves the preloads out and gives the module script a type the browser does not
 * run (`module-start.server.ts`), and the head's bootstrap script runs it on `load`, as React Router
 * wrote it, with the nonce it carried (a page from the cache allows it by its hash: same text).
 */
export const MODULE_AFTER_LOAD_TYPE = "text/x-module-after-load";

export const START_MODULES_AFTER_LOAD = `addEventListener("load",function(){document.querySelectorAll('script[type="${MODULE_AFTER_LOAD_TYPE}"]').forEach(function(held){var script=document.createElement("script");script.type="module";script.nonce=held.nonce;script.text=held.text;held.replaceWith(script)})},{once:true});`;
