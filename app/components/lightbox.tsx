import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type KeyboardEvent, type PointerEvent, type RefObject, useEffect, useRef } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import { type ImageRef, imageSrcSet, imageUrl } from "~/lib/images";
import { cn } from "~/lib/utils";
import {
  neighbourIndexes,
  positionLabel,
  swipeDirection,
  VIEWER_SIZES,
  viewerControlClassName,
  wrapIndex,
} from "./lightbox-navigation";

export type LightboxImage = { image: ImageRef; caption?: string | null };

export type LightboxProps = {
  images: readonly LightboxImage[];
  /** The open image, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Accessible name of the viewer, e.g. the gallery title. */
  title: string;
  /** Where focus goes back on close (the thumbnail that opened the viewer). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** The landing grid's viewer also closes when the photo itself is clicked. */
  closeOnImageClick?: boolean;
};

function preloadImage(image: ImageRef) {
  const preload = new window.Image();
  preload.decoding = "async";
  // `sizes` before `srcset`, so the browser picks the same width the viewer will show.
  preload.sizes = VIEWER_SIZES;
  preload.srcset = imageSrcSet(image);
  preload.src = imageUrl(image, image.widths[image.widths.length - 1]);
}

/**
 * The one fullscreen photo viewer of the site (archive, gallery, landing grid): a modal dialog with
 * focus trapped inside and returned to the opening thumbnail, a position counter, previous/next that
 * wrap around, ←/→/Home/End keys, Escape or a click on the backdrop to close, swipe on touch screens,
 * and the neighbouring photos preloaded.
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
  title,
  returnFocusRef,
  closeOnImageClick = false,
}: LightboxProps) {
  const count = images.length;
  const open = index !== null && count > 0;
  const current = open ? wrapIndex(index, count) : 0;
  const item = images[current];
  const gesture = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);

  useEffect(() => {
    if (!open) return;
    for (const neighbour of neighbourIndexes(current, count)) preloadImage(images[neighbour].image);
  }, [open, current, count, images]);

  // The index shown or just requested: several keys pressed before React renders again all count.
  const latest = useRef(current);
  latest.current = current;
  const show = (target: number) => {
    latest.current = wrapIndex(target, count);
    onIndexChange(latest.current);
  };
  const previous = () => show(latest.current - 1);
  const next = () => show(latest.current + 1);

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    let target: number;
    switch (event.key) {
      case "ArrowLeft":
        target = latest.current - 1;
        break;
      case "ArrowRight":
        target = latest.current + 1;
        break;
      case "Home":
        target = 0;
        break;
      case "End":
        target = count - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    show(target);
  };

  const onPointerDown = (event: PointerEvent) => {
    if (!event.isPrimary) return;
    gesture.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = gesture.current;
    gesture.current = null;
    if (!start || start.id !== event.pointerId || count < 2) return;
    const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y);
    if (!direction) return;
    swiped.current = true;
    if (direction === "next") next();
    else previous();
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[60] bg-black/95 data-[state=closed]:animate-overlay-out data-[state=open]:animate-overlay-in" />
        <DialogPrimitive.Content
          data-testid="lightbox"
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            const opener = returnFocusRef?.current;
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus({ preventScroll: true });
            }
          }}
          className="fixed inset-0 z-[60] flex flex-col text-white outline-hidden data-[state=closed]:animate-overlay-out data-[state=open]:animate-overlay-in"
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            Przeglądarka zdjęć. Strzałki w lewo i w prawo zmieniają zdjęcie, Escape zamyka.
          </DialogPrimitive.Description>

          <div className="flex items-center justify-between gap-4 px-4 pt-4 md:px-6">
            <p
              className="rounded-full bg-white/10 px-3 py-1 font-mono text-sm tabular-nums tracking-wider"
              aria-live="polite"
              aria-atomic="true"
              data-testid="lightbox-counter"
            >
              {positionLabel(current, count)}
            </p>
            <DialogPrimitive.Close className={viewerControlClassName} aria-label="Zamknij">
              <X aria-hidden="true" className="size-6" />
            </DialogPrimitive.Close>
          </div>

          {/* The stage: a click on the empty space around the photo closes the viewer. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer-only conveniences; keys and buttons do the same */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape and the close button are the keyboard equivalents */}
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y select-none items-center justify-center px-2 py-4 md:px-20"
            data-testid="lightbox-stage"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              gesture.current = null;
            }}
            onClick={(event) => {
              if (swiped.current) {
                swiped.current = false;
                return;
              }
              const onPhoto = (event.target as HTMLElement).closest("[data-lightbox-photo]");
              if (!onPhoto || closeOnImageClick) onClose();
            }}
          >
            {item ? (
              <figure className="flex max-h-full max-w-full flex-col items-center gap-3">
                <div data-lightbox-photo="" className="contents">
                  <ResponsiveImage
                    key={item.image.src}
                    image={item.image}
                    sizes={VIEWER_SIZES}
                    priority
                    draggable={false}
                    className="max-h-[calc(100dvh-9rem)] w-auto max-w-full animate-fade-in rounded-sm object-contain shadow-2xl shadow-black"
                    data-testid="lightbox-image"
                  />
                </div>
                {item.caption ? (
                  <figcaption className="max-w-prose px-4 text-center text-sm text-white/80">
                    {item.caption}
                  </figcaption>
                ) : null}
              </figure>
            ) : null}

            {count > 1 ? (
              <>
                <button
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation();
                    previous();
                  }}
                  className={cn(viewerControlClassName, "absolute bottom-4 left-4 md:bottom-auto md:left-6")}
                  aria-label="Poprzednie zdjęcie"
                >
                  <ChevronLeft aria-hidden="true" className="size-7" />
                </button>
                <button
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation();
                    next();
                  }}
                  className={cn(
                    viewerControlClassName,
                    "absolute right-4 bottom-4 md:right-6 md:bottom-auto",
                  )}
                  aria-label="Następne zdjęcie"
                >
                  <ChevronRight aria-hidden="true" className="size-7" />
                </button>
              </>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
