import { ChevronLeft, ChevronRight, type LucideIcon, X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Link, type MetaDescriptor, useNavigate, useParams } from "react-router";
import { positionLabel, VIEWER_SIZES, viewerControlClassName } from "~/components/lightbox-navigation";
import { ResponsiveImage } from "~/components/responsive-image";
import { imageUrlFor } from "~/lib/images";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { type PhotoCollectionKind, type PhotoView, photoCollections } from "../photo-view";
import { ContentRouteError } from "./content-not-found";

/** The photo's text alternative: its own, else its caption, else its place in the collection. */
export function photoAlt({ image, caption, title, index, count }: PhotoView) {
  return image.alt || caption || `${title}: zdjęcie ${index + 1} z ${count}`;
}

/** The link to the previous or next photo: beside the photo on wider screens, under it on phones. */
function StepLink({
  to,
  rel,
  label,
  Icon,
  side,
}: {
  to: string;
  rel: "prev" | "next";
  label: string;
  Icon: LucideIcon;
  side: string;
}) {
  return (
    <Link
      to={to}
      rel={rel}
      className={cn(viewerControlClassName, "md:-translate-y-1/2 md:absolute md:top-1/2", side)}
      aria-label={label}
    >
      <Icon aria-hidden="true" className="size-7" />
    </Link>
  );
}

/**
 * A photo's own page, the server-rendered twin of the Lightbox (what a tap on a grid's photo shows
 * before hydration or without JavaScript): the photo large, its position, previous/next links that
 * wrap around, and a close link back to the photo's tile in the grid. After hydration ←/→ and Escape
 * follow those links.
 */
export function PhotoPage({ view }: { view: PhotoView }) {
  const { title, index, count, image, caption } = view;
  const { previousPath: previous, nextPath: next, closePath: close } = view;
  const navigate = useNavigate();
  const root = useRef<HTMLElement>(null);

  // The keys act on the photo shown: its paths are read when a key is pressed, updated as the photo is
  // committed (a handler re-attached by an effect lagged a task behind it, so Escape right after →
  // went back to the previous photo).
  const paths = useRef({ close, count, previous, next });
  useLayoutEffect(() => {
    paths.current = { close, count, previous, next };
  }, [close, count, previous, next]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      // Only when nothing else has the keys (the navigation's menus close on Escape themselves).
      const target = event.target as Node;
      if (target !== document.body && !root.current?.contains(target)) return;
      const shown = paths.current;
      const to =
        event.key === "Escape"
          ? shown.close
          : shown.count < 2
            ? null
            : event.key === "ArrowLeft"
              ? shown.previous
              : event.key === "ArrowRight"
                ? shown.next
                : null;
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [navigate]);

  return (
    <section
      ref={root}
      aria-labelledby="photo-title"
      className="flex min-h-dvh flex-col bg-black pt-16 text-white"
      data-testid="photo-page"
    >
      <div className="container-page flex items-center justify-between gap-4 py-4">
        <h1 id="photo-title" className="min-w-0 truncate font-display text-lg md:text-2xl">
          {title}
          <span className="sr-only">
            {" "}
            — zdjęcie {index + 1} z {count}
          </span>
        </h1>
        <div className="flex shrink-0 items-center gap-3">
          <p
            className="rounded-full bg-white/10 px-3 py-1 font-mono text-sm tabular-nums tracking-wider"
            data-testid="photo-counter"
          >
            {positionLabel(index, count)}
          </p>
          <Link to={close} className={viewerControlClassName} aria-label="Zamknij" data-testid="photo-close">
            <X aria-hidden="true" className="size-6" />
          </Link>
        </div>
      </div>

      <div className="relative flex min-h-0 flex-1 flex-col items-center justify-center gap-4 px-2 pb-6 md:px-20">
        <figure className="flex max-h-full max-w-full flex-col items-center gap-3">
          <ResponsiveImage
            image={image}
            sizes={VIEWER_SIZES}
            priority
            alt={photoAlt(view)}
            className="max-h-[calc(100dvh-12rem)] w-auto max-w-full rounded-sm object-contain shadow-2xl shadow-black"
            data-testid="photo-image"
          />
          {caption ? (
            <figcaption className="max-w-prose px-4 text-center text-sm text-white/80">{caption}</figcaption>
          ) : null}
        </figure>
        {count > 1 ? (
          <nav aria-label="Kolejne zdjęcia" className="flex gap-4 md:contents">
            <StepLink
              to={previous}
              rel="prev"
              label="Poprzednie zdjęcie"
              Icon={ChevronLeft}
              side="md:left-6"
            />
            <StepLink to={next} rel="next" label="Następne zdjęcie" Icon={ChevronRight} side="md:right-6" />
          </nav>
        ) : null}
      </div>
    </section>
  );
}

/**
 * A photo page's `meta`: title, description, canonical URL and the photo as the social image; `noindex`
 * for an unknown photo.
 */
export function photoPageMeta({
  loaderData,
  matches,
}: {
  loaderData?: { view: PhotoView };
  matches: Parameters<typeof siteFromMatches>[0];
}): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  const view = loaderData?.view;
  if (!view) {
    return [{ title: `Zdjęcie nie znalezione | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  const position = `zdjęcie ${view.index + 1} z ${view.count}`;
  return pageMeta({
    site,
    title: `${view.title} — ${position}`,
    description: view.caption || `${view.title}: ${position}.`,
    path: view.path,
    type: "article",
    image: imageUrlFor(view.image, 1200),
    imageAlt: photoAlt(view),
  });
}

/**
 * A photo page's ErrorBoundary: an unknown photo (number past the last, or not a number) is a 404 with
 * the way back to its collection.
 */
export function PhotoPageError({ kind, error }: { kind: PhotoCollectionKind; error: unknown }) {
  const { slug = "" } = useParams();
  const collection = photoCollections[kind];
  const notFound = {
    title: "Zdjęcie nie znalezione",
    text: "Pod tym adresem nie ma zdjęcia.",
    linkTo: collection.path(slug),
    linkLabel: collection.backLabel,
  };
  return <ContentRouteError error={error} notFound={notFound} />;
}
