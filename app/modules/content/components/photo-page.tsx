import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, type MetaDescriptor, useNavigate } from "react-router";
import { positionLabel, VIEWER_SIZES, viewerControlClassName } from "~/components/lightbox-navigation";
import { ResponsiveImage } from "~/components/responsive-image";
import { type ImageRef, imageUrlFor } from "~/lib/images";
import { pageMeta } from "~/lib/seo";
import type { SiteConfig } from "~/lib/site";
import { cn } from "~/lib/utils";
import type { PhotoLinks } from "../photo-paths";
import { ContentNotFound } from "./content-not-found";

/**
 * What a photo's own page shows: one photo of a collection (a gallery, an archive entry, a night), and
 * its links (built by the loader: the path helpers stay out of the pages' scripts).
 */
export type PhotoView = PhotoLinks & {
  /** The collection's title, e.g. the gallery's. */
  title: string;
  /** 0-based. */
  index: number;
  count: number;
  image: ImageRef;
  caption: string | null;
};

/** The photo's text alternative: its own, else its caption, else its place in the collection. */
export function photoAlt({ image, caption, title, index, count }: PhotoView) {
  return image.alt || caption || `${title}: zdjęcie ${index + 1} z ${count}`;
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

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      // Only when nothing else has the keys (the navigation's menus close on Escape themselves).
      const target = event.target as Node;
      if (target !== document.body && !root.current?.contains(target)) return;
      const to =
        event.key === "Escape"
          ? close
          : count < 2
            ? null
            : event.key === "ArrowLeft"
              ? previous
              : event.key === "ArrowRight"
                ? next
                : null;
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [close, count, navigate, next, previous]);

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
            <Link
              to={previous}
              rel="prev"
              className={cn(viewerControlClassName, "md:-translate-y-1/2 md:absolute md:top-1/2 md:left-6")}
              aria-label="Poprzednie zdjęcie"
            >
              <ChevronLeft aria-hidden="true" className="size-7" />
            </Link>
            <Link
              to={next}
              rel="next"
              className={cn(viewerControlClassName, "md:-translate-y-1/2 md:absolute md:top-1/2 md:right-6")}
              aria-label="Następne zdjęcie"
            >
              <ChevronRight aria-hidden="true" className="size-7" />
            </Link>
          </nav>
        ) : null}
      </div>
    </section>
  );
}

/** Title, description, canonical URL and the photo as the social image; `noindex` for an unknown photo. */
export function photoPageMeta(site: SiteConfig, view: PhotoView | undefined): MetaDescriptor[] {
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

/** An unknown photo (number past the last, or not a number): 404 with the way back to its collection. */
export function PhotoNotFound({ collectionPath, backLabel }: { collectionPath: string; backLabel: string }) {
  return (
    <ContentNotFound
      title="Zdjęcie nie znalezione"
      text="Pod tym adresem nie ma zdjęcia."
      linkTo={collectionPath}
      linkLabel={backLabel}
    />
  );
}
