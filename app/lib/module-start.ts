/**
 * The app's modules start after the page has loaded (decision 044). React Router's `<Scripts>` writes a
 * `modulepreload` link for every chunk and a module script that imports them at once; on a slow phone
 * those ~150 KB share the link with the hero image and their evaluation shares the main thread with
 * its paint. Every control works without scripts (decision 031), so nothing is lost by starting them
 * later: the server gives the preloads a relation and the module script a type the browser ignores
 * (`module-start.server.ts`), and the head's bootstrap script puts them back on `load`, preloads first
 * (the chunks then come in parallel, not import by import), with the attributes they carried (the
 * nonce; a page from the cache allows the script by its hash: same text).
 */
export const MODULE_AFTER_LOAD_TYPE = "text/x-module-after-load";
export const PRELOAD_AFTER_LOAD_REL = "x-modulepreload-after-load";

export const START_MODULES_AFTER_LOAD = `addEventListener("load",function(){function restore(selector,tag,set){document.querySelectorAll(selector).forEach(function(held){var made=document.createElement(tag);for(var i=0;i<held.attributes.length;i++)made.setAttribute(held.attributes[i].name,held.attributes[i].value);made.nonce=held.nonce;set(made,held);held.replaceWith(made)})}restore('link[rel="${PRELOAD_AFTER_LOAD_REL}"]',"link",function(link){link.rel="modulepreload"});restore('script[type="${MODULE_AFTER_LOAD_TYPE}"]',"script",function(script,held){script.type="module";script.text=held.text})},{once:true});`;
