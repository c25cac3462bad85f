import { useLayoutEffect } from "react";
import { matchPath, useLocation, useNavigation } from "react-router";
import { Skeleton } from "~/components/ui/skeleton";

/** Wrapper of every loading view: announced to screen readers, scrolled to the top. */
function Loading({ label, children }: { label: string; children: React.ReactNode }) {
  useLayoutEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div aria-busy="true" data-testid="page-skeleton" className="animate-fade-in pt-28 pb-16">
      <p className="sr-only" role="status">
        {label}
      </p>
      {children}
    </div>
  );
}

function HeadingSkeleton() {
  return (
    <div className="mb-12 space-y-4">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-14 w-3/4 max-w-xl md:h-20" />
    </div>
  );
}

/** /rezydenci and /ambasadorzy: a heading over three tiles (SPEC: three residents) of the page's kind. */
function TilesSkeleton({ tileClassName, tile }: { tileClassName: string; tile: React.ReactNode }) {
  return (
    <>
      <HeadingSkeleton />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <div key={index} data-testid="skeleton-tile" className={tileClassName}>
            {tile}
          </div>
        ))}
      </div>
    </>
  );
}

const residents = (
  <TilesSkeleton
    tileClassName="space-y-4"
    tile={
      <>
        <Skeleton className="aspect-square w-full rounded-lg" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
      </>
    }
  />
);

const ambassadors = (
  <TilesSkeleton
    tileClassName="flex items-center gap-5 rounded-lg border border-border p-6"
    tile={
      <>
        <Skeleton className="size-20 shrink-0 rounded-full" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      </>
    }
  />
);

const artist = (
  <>
    <div className="flex flex-col gap-8 md:flex-row md:items-end">
      <Skeleton className="size-40 shrink-0 rounded-lg md:size-56" />
      <div className="flex-1 space-y-4">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-16 w-3/4 md:h-24" />
      </div>
    </div>
    <div className="mt-14 grid gap-10 lg:grid-cols-[1.5fr_1fr]">
      <div className="space-y-3">
        {[0, 1, 2, 3].map((line) => (
          <Skeleton key={line} className="h-5 w-full" />
        ))}
      </div>
      <Skeleton className="h-48 w-full rounded-lg" />
    </div>
  </>
);

/** A gallery or an archive entry: hero and a grid of tiles. */
const gallery = (
  <>
    <Skeleton className="h-4 w-56" />
    <HeadingSkeleton />
    <div className="grid grid-cols-2 gap-2 md:grid-cols-3 md:gap-3">
      {Array.from({ length: 6 }, (_, tile) => (
        <Skeleton key={tile} data-testid="skeleton-tile" className="aspect-square w-full" />
      ))}
    </div>
  </>
);

const landing = (
  <>
    <Skeleton className="h-[60svh] w-full rounded-lg" />
    <div className="mt-12 grid gap-6 lg:grid-cols-2">
      {[0, 1].map((panel) => (
        <Skeleton key={panel} className="h-72 w-full rounded-lg" />
      ))}
    </div>
  </>
);

/** Each event-site page's skeleton: what its loading view announces and shows. */
const skeletons: { pattern: string; label: string; view: React.ReactNode }[] = [
  { pattern: "/", label: "Ładowanie strony…", view: landing },
  { pattern: "/rezydenci", label: "Ładowanie rezydentów…", view: residents },
  { pattern: "/ambasadorzy", label: "Ładowanie ambasadorów…", view: ambassadors },
  { pattern: "/artist/:slug", label: "Ładowanie profilu artysty…", view: artist },
  { pattern: "/gallery/:slug", label: "Ładowanie galerii…", view: gallery },
  { pattern: "/archive/:slug", label: "Ładowanie galerii…", view: gallery },
];

/** The skeleton of an event-site page, or null for any other path. */
export function skeletonFor(pathname: string): React.ReactNode {
  const match = skeletons.find(({ pattern }) => matchPath({ path: pattern, end: true }, pathname));
  if (!match) return null;
  return (
    <Loading key={match.pattern} label={match.label}>
      <div className="container-page">{match.view}</div>
    </Loading>
  );
}

/**
 * While a client-side navigation to another event-site page loads its data, the skeleton of that
 * page (null otherwise: idle, same page, or a page of another section). The first load is server
 * rendered in full, so this never shows then.
 */
export function useNavigationSkeleton(): React.ReactNode {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  if (navigation.location.pathname === location.pathname) return null;
  return skeletonFor(navigation.location.pathname);
}
