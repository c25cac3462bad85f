/**
 * The embla engine of the archive carousel, in its own chunk: the carousel's markup is rendered on
 * the server and stays usable (a scroll-snap strip); this code is fetched only when the carousel comes
 * near the viewport or is used, so it costs nothing on the landing page's first load.
 */
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useEffect, useRef } from "react";

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

export const CAROUSEL_OPTIONS = { loop: true, align: "start", duration: 28 } as const;

export default function CarouselEngine({
  viewport,
  onReady,
}: {
  viewport: HTMLElement;
  onReady: (api: CarouselApi | undefined) => void;
}) {
  const [attach, api] = useEmblaCarousel(CAROUSEL_OPTIONS);
  // The slide the strip was scrolled to natively: embla starts there.
  const start = useRef(0);
  useEffect(() => {
    if (viewport.clientWidth) start.current = Math.round(viewport.scrollLeft / viewport.clientWidth);
    // Embla moves the track with a transform: the strip stops scrolling natively first.
    viewport.dataset.engine = "on";
    viewport.scrollLeft = 0;
    attach(viewport);
  }, [attach, viewport]);
  useEffect(() => {
    if (api && start.current > 0) {
      api.scrollTo(start.current, true);
      start.current = 0;
    }
    onReady(api);
  }, [api, onReady]);
  return null;
}
