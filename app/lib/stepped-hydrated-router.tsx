/**
 * React Router's `<HydratedRouter>` (8.4, pinned), with the router built before hydration and in steps
 * (decision 027). `<HydratedRouter>` builds it inside its first render: it suspends once on the
 * streamed loader data, then decodes it, builds the client routes, matches the URL for the hydration
 * data and creates the router, flattening and ranking every route twice — one task of ~25 ms on a fast
 * machine, ~100 ms on a slow phone, all of it Total Blocking Time. Here each step is a task of its own,
 * and hydration starts with a router that is ready, so nothing suspends.
 *
 * Only what this site uses is kept: server rendering (no SPA mode), no subresource integrity, no
 * instrumentations, no development-only critical CSS. Upgrading React Router means comparing this with
 * its `lib/dom-export/hydrated-router.js` again, as for `DeferredScripts` and its `<Scripts>`.
 */
import { useLayoutEffect, useState } from "react";
import {
  type UNSAFE_AssetsManifest as AssetsManifest,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createClientRoutes as createClientRoutes,
  UNSAFE_createRouter as createRouter,
  type DataRouter,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_defaultMapRouteProperties as defaultMapRouteProperties,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_getHydrationData as getHydrationData,
  UNSAFE_getPatchRoutesOnNavigationFunction as getPatchRoutesOnNavigationFunction,
  UNSAFE_getTurboStreamSingleFetchDataStrategy as getTurboStreamSingleFetchDataStrategy,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  type UNSAFE_RouteModules as RouteModules,
  UNSAFE_useFogOFWarDiscovery as useFogOFWarDiscovery,
} from "react-router";
import { RouterProvider } from "react-router/dom";

type FrameworkContextValue = NonNullable<React.ContextType<typeof FrameworkContext>>;

/** What the server hands over in `window.__reactRouterContext` (written by `DeferredScripts`). */
type ServerHandoff = {
  basename?: string;
  future: FrameworkContextValue["future"];
  ssr: boolean;
  isSpaMode: boolean;
  routeDiscovery: FrameworkContextValue["routeDiscovery"];
  stream?: ReadableStream<Uint8Array>;
  state?: Parameters<typeof getHydrationData>[0]["state"];
};

type HandoffWindow = Window & {
  __reactRouterContext?: ServerHandoff;
  __reactRouterManifest?: AssetsManifest;
  __reactRouterRouteModules?: RouteModules;
  __reactRouterDataRouter?: DataRouter;
};

export type SteppedRouter = {
  router: DataRouter;
  handoff: ServerHandoff;
  manifest: AssetsManifest;
  routeModules: RouteModules;
  initialized: boolean;
};

/** Builds the router from the server's handoff, yielding to the browser (`nextTask`) between steps. */
export async function createRouterInSteps(nextTask: () => Promise<void>): Promise<SteppedRouter> {
  const win = window as HandoffWindow;
  const handoff = win.__reactRouterContext;
  const manifest = win.__reactRouterManifest;
  const routeModules = win.__reactRouterRouteModules;
  if (!handoff?.stream || !manifest || !routeModules || handoff.isSpaMode) {
    throw new Error("The server's React Router handoff is missing (scripts loaded out of order?)");
  }
  const stream = handoff.stream;
  handoff.stream = undefined;
  const decoded = await decodeViaTurboStream(stream, window);
  handoff.state = decoded.value as ServerHandoff["state"];
  await nextTask();

  const routes = createClientRoutes(
    manifest.routes,
    routeModules,
    handoff.state ?? null,
    handoff.ssr,
    handoff.isSpaMode,
  );
  await nextTask();

  const state = handoff.state;
  if (!state) throw new Error("The server's loader data could not be decoded");
  const hydrationData = getHydrationData({
    state,
    routes,
    getRouteInfo: (routeId) => ({
      clientLoader: routeModules[routeId]?.clientLoader,
      hasLoader: manifest.routes[routeId]?.hasLoader === true,
      hasHydrateFallback: routeModules[routeId]?.HydrateFallback != null,
    }),
    location: window.location,
    basename: handoff.basename,
    future: handoff.future,
    isSpaMode: handoff.isSpaMode,
  });
  await nextTask();

  if (window.history.state?.masked)
    window.history.replaceState({ ...window.history.state, masked: undefined }, "");
  const router: DataRouter = createRouter({
    routes,
    history: createBrowserHistory(),
    basename: handoff.basename,
    hydrationData,
    mapRouteProperties: defaultMapRouteProperties,
    hydrationRouteProperties,
    dataStrategy: getTurboStreamSingleFetchDataStrategy(() => router, manifest, routeModules, handoff.ssr),
    patchRoutesOnNavigation: getPatchRoutesOnNavigationFunction(
      () => router,
      manifest,
      routeModules,
      handoff.ssr,
      handoff.routeDiscovery,
      handoff.isSpaMode,
      handoff.basename,
    ),
  });
  const stepped: SteppedRouter = { router, handoff, manifest, routeModules, initialized: false };
  if (router.state.initialized) {
    stepped.initialized = true;
    router.initialize();
  }
  win.__reactRouterDataRouter = router;
  await nextTask();
  return stepped;
}

/** `<HydratedRouter>`'s render, over a router that `createRouterInSteps` already built. */
export function SteppedHydratedRouter({ stepped }: { stepped: SteppedRouter }) {
  const { router, handoff, manifest, routeModules } = stepped;
  const [location, setLocation] = useState(router.state.location);
  useLayoutEffect(() => {
    if (!stepped.initialized) {
      stepped.initialized = true;
      router.initialize();
    }
  }, [stepped, router]);
  useLayoutEffect(
    () =>
      router.subscribe((next) => {
        if (next.location !== location) setLocation(next.location);
      }),
    [router, location],
  );
  useFogOFWarDiscovery(
    router,
    manifest,
    routeModules,
    handoff.ssr,
    handoff.routeDiscovery,
    handoff.isSpaMode,
  );
  // The same shape as `<HydratedRouter>`'s (a provider and an empty fragment, side by side): `useId`
  // derives ids from the tree's shape, and they must match the server's.
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest,
          routeModules,
          future: handoff.future,
          criticalCss: undefined,
          ssr: handoff.ssr,
          isSpaMode: handoff.isSpaMode,
          routeDiscovery: handoff.routeDiscovery,
        }}
      >
        <RemixErrorBoundary location={location}>
          <RouterProvider router={router} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      {/* biome-ignore lint/complexity/noUselessFragments: the second child `<HydratedRouter>` renders too */}
      <></>
    </>
  );
}
