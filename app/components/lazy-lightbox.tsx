/**
 * The Lightbox, loaded on demand: pages ship only this small wrapper; the viewer's code is fetched
 * when a visitor points at or focuses a photo (`preloadLightbox`) and at the latest on the first click.
 */
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import type { LightboxProps } from "./lightbox";

const loadLightbox = () => import("./lightbox");
const LightboxChunk = lazy(() => loadLightbox().then((module) => ({ default: module.Lightbox })));

/** Starts fetching the viewer's code (call on hover/focus of a thumbnail). */
export function preloadLightbox() {
  void loadLightbox();
}

/** Open/close state of a viewer plus the thumbnail that opened it (focus returns there). */
export function useLightbox() {
  const [index, setIndex] = useState<number | null>(null);
  const [used, setUsed] = useState(false);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const open = useCallback((at: number, opener?: HTMLElement | null) => {
    returnFocusRef.current = opener ?? (document.activeElement as HTMLElement | null);
    setUsed(true);
    setIndex(at);
  }, []);
  const close = useCallback(() => setIndex(null), []);
  return { index, setIndex, open, close, used, returnFocusRef };
}

/** The viewer, rendered once it has been opened at least once (`used`), so closing can animate. */
export function LazyLightbox({ used, ...props }: LightboxProps & { used: boolean }) {
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LightboxChunk {...props} />
    </Suspense>
  );
}
