/**
 * The embla engine of the archive carousel, in its own chunk: the carousel's markup is rendered on
 * the server and stays usable; this code is fetched only when the carousel comes near the viewport
 * or is used, so it costs nothing on the landing page's first load.
 */
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useEffect } from "react";

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
  useEffect(() => {
    attach(viewport);
  }, [attach, viewport]);
  useEffect(() => {
    onReady(api);
  }, [api, onReady]);
  return null;
}
