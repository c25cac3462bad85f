/**
 * The app's modules start after the page has loaded (decision 044). React Router's `<Scripts>` writes a
 * `modulepreload` link for every chunk and a module script that imports them at once; on a slow phone
 * those ~150 KB share the link with the hero image and their evaluation shares the main thread with
 * its paint. Every control works without scripts (decision 031), so nothing is lost by starting them
 * later: the server gives the preloads a relation and the module script a type the browser ignores
 * (`module-start.server.ts`), and the head's bootstrap script puts them back after `load` and the frame
 * painted after it (a hidden tab's waits until it is shown): the preloads
 * first, a few per task (the chunks then come in parallel, not import by import), then the script,
 * made anew with the same text and nonce (a page from the cache allows it by its hash: same text).
 */
export const MODULE_AFTER_LOAD_TYPE = "text/x-module-after-load";
export const PRELOAD_AFTER_LOAD_REL = "x-modulepreload-after-load";

/**
 * How many preloads are put back per task: each starts a fetch, ~3 ms of a main thread in the trace
 * Lighthouse records here (forty in one task took 30–150 ms; six, 9–20 ms). Two keep every task under
 * the 12.5 ms Lighthouse's ×4 counts as blocking (decision 045).
 */
const PRELOADS_PER_TASK = 2;

export const START_MODULES_AFTER_LOAD = `(function(){function start(){var held=[].slice.call(document.querySelectorAll('link[rel="${PRELOAD_AFTER_LOAD_REL}"]'));(function next(){held.splice(0,${PRELOADS_PER_TASK}).forEach(function(link){link.rel="modulepreload"});if(held.length)return setTimeout(next,0);document.querySelectorAll('script[type="${MODULE_AFTER_LOAD_TYPE}"]').forEach(function(script){var started=document.createElement("script");started.type="module";started.nonce=script.nonce;started.text=script.text;script.replaceWith(started)})})()}addEventListener("load",function(){requestAnimationFrame(function(){setTimeout(start,0)})},{once:true})})();`;
