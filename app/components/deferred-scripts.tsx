import { useContext } from "react";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  useMatches,
} from "react-router";

/** In the browser the scripts are hydrated, never run again: their text stays the server's. */
const BROWSER_SCRIPTS = { handoff: " ", loader: " " };

/**
 * React Router's `<Scripts>`, started after the first paint (decision 017). `<Scripts>` preloads every
 * chunk of the page from `<head>` (19–23 module preloads) and starts the route modules at once, so the
 * JavaScript competes with the stylesheet and the largest image for the network and the main thread,
 * and the largest paint waits for it (Lighthouse counted every chunk on the LCP path). Here no script
 * is fetched before the window's `load` event (the stylesheet and the eager images are in by then),
 * before the images on screen have loaded (lazy ones do not hold `load` back) and the browser has
 * reported each of them as painted (Element Timing: `ResponsiveImage` marks its `<img>` with
 * `elementtiming`; an image loaded is not yet an image painted), and two frames later; then every chunk is
 * requested at once, as the preloads did (`import()`,
 * which the CSP allows like the module script's own imports; the entry is only preloaded, into the
 * module map the later `import()` reads, so it is fetched once and runs last), and the router starts as `<Scripts>` would start it. Links and forms work before that: they
 * are plain HTML, and actions are progressively enhanced. A hidden tab paints nothing, so there the
 * scripts start at `load`; a paint never reported holds them back for at most 3 s after `load`, and an image
 * that never finishes loading for at most 3 s after the document is parsed. A visitor who reaches for
 * the page before then does not wait for any of it: the first touch, click or key starts the scripts.
 * Every chunk is requested at once as a module preload (fetched and compiled, not run), each request
 * in a task of its own: one costs Chromium 1–2.5 ms of main thread, and sixteen in one task were a long
 * task. Then the chunks are run one by one, in their order (a chunk's imports first), a task each:
 * run together, the first chunk whose imports had arrived ran all of them (the shell, React DOM…) in
 * one long task (decision 027).
 *
 * The markup matches `<Scripts>` of React Router 8.4 (pinned): the handoff script, which must run
 * before the streamed loader data, then one classic script instead of the module script.
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  const framework = useContext(FrameworkContext);
  const router = useContext(DataRouterContext);
  const matches = useMatches();
  if (!framework) throw new Error("DeferredScripts must be rendered inside React Router's framework");
  // The streamed loader data (`streamController.enqueue(…)`) is only written when scripts are rendered.
  if (framework.renderMeta) framework.renderMeta.didRenderScripts = true;
  const { manifest, serverHandoffString } = framework;

  const scripts = router?.static ? serverScripts() : BROWSER_SCRIPTS;

  function serverScripts() {
    const handoff = `window.__reactRouterContext = ${serverHandoffString};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());`;
    const routes = matches.map((match) => {
      const route = manifest.routes[match.id];
      if (!route) throw new Error(`Route ${match.id} is not in the manifest`);
      const modules = [
        route.clientActionModule,
        route.clientLoaderModule,
        route.clientMiddlewareModule,
        route.hydrateFallbackModule,
        route.module,
      ].filter((module): module is string => Boolean(module));
      return { id: match.id, modules, imports: route.imports ?? [] };
    });
    const chunks = [
      ...new Set([
        ...manifest.entry.imports,
        // A route's imports before the route itself: evaluated one by one, each chunk in its own task.
        ...routes.flatMap((route) => [...route.imports, ...route.modules]),
      ]),
    ];
    const loader = `(()=>{
const chunks=${JSON.stringify(chunks)};
const routes=${JSON.stringify(routes.map(({ id, modules }) => [id, modules]))};
let started=false;
const tick=()=>new Promise((done)=>setTimeout(done,0));
const start=()=>{
if(started)return;started=true;
const entry=${JSON.stringify(manifest.entry.module)};
for(const chunk of [...chunks,${manifest.url ? `${JSON.stringify(manifest.url)},` : ""}entry])setTimeout(()=>{const link=document.createElement("link");link.rel="modulepreload";link.href=chunk;document.head.append(link);},0);
(async()=>{
for(const chunk of chunks){await import(chunk).catch(()=>{});await tick();}
const [,...modules]=await Promise.all([${manifest.url ? `import(${JSON.stringify(manifest.url)})` : "null"},...routes.map(([,modules])=>Promise.all(modules.map((m)=>import(m))).then((parts)=>parts.length===1?parts[0]:Object.assign({},...parts)))]);
window.__reactRouterRouteModules=Object.fromEntries(routes.map(([id],i)=>[id,modules[i]]));
await tick();
await import(entry);
})();
};
for(const type of ["pointerdown","touchstart","keydown"])addEventListener(type,start,{once:true,capture:true,passive:true});
const afterPaint=()=>{
if(document.visibilityState==="hidden")return setTimeout(start,0);
setTimeout(start,3000);
const frames=()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(start,0)));
const area=(img)=>{const r=img.getBoundingClientRect();return Math.max(0,Math.min(r.bottom,innerHeight)-Math.max(r.top,0))*Math.max(0,Math.min(r.right,innerWidth)-Math.max(r.left,0));};
const shown=[...document.images].filter((img)=>area(img)>0);
if(!shown.length)return frames();
Promise.all(shown.map((img)=>img.complete||new Promise((done)=>{img.addEventListener("load",done,{once:true});img.addEventListener("error",done,{once:true});}))).then(()=>{
const timed=shown.filter((img)=>img.naturalWidth&&img.hasAttribute("elementtiming"));
if(!timed.length||!PerformanceObserver.supportedEntryTypes?.includes("element"))return frames();
const painted=new Set();
new PerformanceObserver((list,observer)=>{for(const e of list.getEntries())painted.add(e.element);if(timed.every((img)=>painted.has(img))){observer.disconnect();frames();}}).observe({type:"element",buffered:true});
});
};
if(document.readyState==="complete")afterPaint();else addEventListener("load",afterPaint,{once:true});
if(document.readyState==="loading")addEventListener("DOMContentLoaded",()=>setTimeout(start,3000),{once:true});else setTimeout(start,3000);
})();`;
    return { handoff, loader };
  }

  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts.handoff }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts.loader }} />
    </>
  );
}
