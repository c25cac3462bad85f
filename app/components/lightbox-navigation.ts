/**
 * Index arithmetic and gesture reading for the Lightbox (pure, unit-tested), and the look it shares
 * with a photo's own page (app/modules/content/components/photo-page.tsx), which must not import the
 * viewer's chunk.
 */
import { joinClasses } from "~/lib/utils";

/** How wide the photo is drawn: the viewer leaves room for the arrows on wide screens. */
export const VIEWER_SIZES = "(min-width: 768px) 88vw, 100vw";

/** The viewer's round controls (close, previous, next). */
export const viewerControlClassName = joinClasses(
  "inline-flex size-12 cursor-pointer items-center justify-center rounded-full border border-white/15",
  "bg-black/60 text-white backdrop-blur transition-colors hover:border-accent hover:text-accent",
  "outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
);

/** `index` wrapped into 0…count-1: one past the last is the first, one before the first is the last. */
export function wrapIndex(index: number, count: number) {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** Indexes of the previous and next image (to preload), without duplicates or the current one. */
export function neighbourIndexes(index: number, count: number): number[] {
  if (count <= 1) return [];
  const previous = wrapIndex(index - 1, count);
  const next = wrapIndex(index + 1, count);
  return previous === next ? [next] : [previous, next];
}

/** "3 / 10" */
export function positionLabel(index: number, count: number) {
  return `${wrapIndex(index, count) + 1} / ${count}`;
}

/** Minimum horizontal travel (px) for a swipe to change the image. */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * What a finished touch gesture means: a mostly horizontal move of at least `threshold` px; a swipe
 * to the left shows the next image, to the right the previous one.
 */
export function swipeDirection(
  dx: number,
  dy: number,
  threshold = SWIPE_THRESHOLD_PX,
): "next" | "previous" | null {
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy) * 1.2) return null;
  return dx < 0 ? "next" : "previous";
}
