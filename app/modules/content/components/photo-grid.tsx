import { Eye, ZoomIn } from "lucide-react";
import { LazyLightbox, preloadLightbox, useLightbox } from "~/components/lazy-lightbox";
import type { LightboxImage } from "~/components/lightbox";
import { ResponsiveImage } from "~/components/responsive-image";
import { TileBadge } from "~/components/tile-badge";
import { isPlainClick } from "~/lib/plain-click";
import { cn } from "~/lib/utils";
import { photoAnchor, photoPagePath } from "../photo-paths";

type Variant = "landing" | "gallery" | "archive";

/**
 * The landing grid is a fixed 3×3 of squares. Galleries are justified rows: every photo whole, in
 * `order_index` order left to right, each row filled edge to edge (the last row keeps its natural
 * size): a photo's share of a row grows with its aspect ratio around a target row height `--row`.
 */
const justified =
  "flex flex-wrap gap-2 [--row:7rem] sm:[--row:10rem] md:gap-3 md:[--row:14rem] lg:[--row:16rem] after:grow-[1000000] after:content-['']";

const gridClass: Record<Variant, string> = {
  landing: "grid grid-cols-3 gap-1 md:gap-2",
  gallery: justified,
  archive: justified,
};

const sizesFor: Record<Variant, string> = {
  landing: "(min-width: 1280px) 416px, (min-width: 768px) calc(33vw - 2rem), 33vw",
  gallery: "(min-width: 1280px) 480px, (min-width: 768px) 40vw, 60vw",
  archive: "(min-width: 1280px) 480px, (min-width: 768px) 40vw, 60vw",
};

/**
 * A grid of square photo tiles that open the shared Lightbox: the landing's fixed 3×3 grid (closed
 * by a click), a gallery grid with a 'ZOBACZ' overlay, or the archive's grayscale grid. Each tile is
 * a link to the photo's own page (`{collectionPath}/zdjecie/{n}`, its full-size view), so a tap works
 * before hydration and without JavaScript; after hydration the click opens the viewer in place.
 */
export function PhotoGrid({
  photos,
  title,
  variant,
  collectionPath,
  className,
}: {
  photos: readonly LightboxImage[];
  /** Accessible name of the viewer. */
  title: string;
  variant: Variant;
  /** The page the photos belong to, e.g. "/gallery/{slug}": their own pages are below it. */
  collectionPath: string;
  className?: string;
}) {
  const lightbox = useLightbox();
  return (
    <>
      <ul className={cn(gridClass[variant], className)} data-testid="photo-grid">
        {photos.map((photo, index) => {
          const description = photo.caption || photo.image.alt || "";
          const ratio = photo.image.width / photo.image.height;
          return (
            <li
              key={`${photo.image.src}-${index}`}
              style={
                variant === "landing"
                  ? undefined
                  : { flexGrow: Math.round(ratio * 100), flexBasis: `calc(${ratio.toFixed(4)} * var(--row))` }
              }
            >
              <a
                href={photoPagePath(collectionPath, index)}
                id={photoAnchor(index)}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  lightbox.open(index, event.currentTarget);
                }}
                onPointerEnter={preloadLightbox}
                onFocus={preloadLightbox}
                aria-label={`Powiększ zdjęcie ${index + 1} z ${photos.length}${description ? `: ${description}` : ""}`}
                className={cn(
                  "group relative block w-full cursor-zoom-in overflow-hidden bg-surface-2",
                  variant === "landing" && "aspect-square",
                  variant === "landing" ? "rounded-sm" : "rounded-md",
                  "outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
                )}
                data-testid="photo-tile"
              >
                <ResponsiveImage
                  image={photo.image}
                  sizes={sizesFor[variant]}
                  alt=""
                  className={cn(
                    "w-full object-cover transition duration-500",
                    variant === "landing" ? "h-full" : "h-auto",
                    " group-hover:scale-105 group-focus-visible:scale-105",
                    variant === "archive" &&
                      "grayscale group-hover:grayscale-0 group-focus-visible:grayscale-0",
                  )}
                />
                {variant === "gallery" ? (
                  <span
                    aria-hidden="true"
                    className="absolute inset-0 flex items-center justify-center bg-black/55 opacity-0 transition-opacity duration-300 group-hover:opacity-100 group-focus-visible:opacity-100"
                  >
                    <span className="inline-flex items-center gap-2 rounded-sm border-2 border-accent px-4 py-2 font-display text-lg font-black tracking-wide text-accent">
                      <Eye className="size-5" />
                      ZOBACZ
                    </span>
                  </span>
                ) : (
                  <TileBadge
                    icon={ZoomIn}
                    className="right-2 bottom-2 size-9 bg-black/60 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                    iconClassName="size-4"
                  />
                )}
              </a>
            </li>
          );
        })}
      </ul>
      <LazyLightbox
        used={lightbox.used}
        images={photos}
        index={lightbox.index}
        onIndexChange={lightbox.setIndex}
        onClose={lightbox.close}
        title={title}
        returnFocusRef={lightbox.returnFocusRef}
        closeOnImageClick={variant === "landing"}
      />
    </>
  );
}
