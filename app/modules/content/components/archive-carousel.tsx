import { ArrowRight, ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { buttonVariants } from "~/components/ui/button";
import { cn, joinClasses } from "~/lib/utils";
import { CAROUSEL_ID, slideAnchor } from "../carousel-anchors";
import type { GallerySlide } from "../galleries.server";
import type { CarouselApi } from "./carousel-engine";

const CarouselEngine = lazy(() => import("./carousel-engine"));

const arrowClassName = joinClasses(
  "inline-flex size-12 cursor-pointer items-center justify-center rounded-full border-2 border-foreground/80",
  "text-foreground transition-colors hover:border-accent hover:bg-accent hover:text-accent-foreground",
  "outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
  "disabled:pointer-events-none disabled:opacity-40",
);

const dotClassName =
  "group inline-flex h-11 min-w-11 cursor-pointer items-center justify-center outline-hidden focus-visible:outline-2 focus-visible:outline-accent";

function DotBar({ current }: { current: boolean }) {
  return (
    <span
      className={cn(
        "block h-1.5 rounded-full transition-all duration-300",
        current ? "w-10 bg-accent" : "w-5 bg-foreground/35 group-hover:bg-foreground/70",
      )}
    />
  );
}

/**
 * The landing's archive carousel: loops, previous/next arrows, dot indicators, ←/→ keys on the
 * focused carousel, and swipe/drag. Slides that are not shown are inert, so Tab stays on screen.
 *
 * It works from the first paint: the track is a CSS scroll-snap strip (swipe, trackpad), and until
 * hydration the dots and arrows are links to the slides' anchors, followed by `targetCss` (built by the
 * loader: ../carousel-anchors.ts). After hydration the embla engine
 * loads when the carousel nears the viewport (or on first use), takes over the track at the slide it
 * shows, and the controls are buttons again (queuing their action until the engine is there).
 */
export function ArchiveCarousel({ slides, targetCss }: { slides: GallerySlide[]; targetCss: string | null }) {
  const root = useRef<HTMLElement>(null);
  // A ref, not state: a ref callback that sets state is a synchronous update inside the hydration
  // commit, which forces every pending effect and a second render into that one long task (decision 027).
  const viewport = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const [embla, setEmbla] = useState<CarouselApi | undefined>();
  const [selected, setSelected] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const queued = useRef<((api: CarouselApi) => void) | null>(null);

  // Load the engine a little before the carousel scrolls into view.
  useEffect(() => {
    const element = root.current;
    if (!element || wanted) return;
    if (typeof IntersectionObserver === "undefined") {
      setWanted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setWanted(true);
          observer.disconnect();
        }
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    const action = queued.current;
    queued.current = null;
    action?.(embla);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  /** Runs now when the engine is there, else as soon as it has loaded. */
  const withEmbla = useCallback(
    (action: (api: CarouselApi) => void) => {
      if (embla) action(embla);
      else {
        queued.current = action;
        setWanted(true);
      }
    },
    [embla],
  );

  const previous = () => withEmbla((api) => api.scrollPrev());
  const next = () => withEmbla((api) => api.scrollNext());

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const fromSlide = (event.target as HTMLElement).closest("[data-testid='archive-slide']");
    const forward = event.key === "ArrowRight";
    withEmbla((api) => {
      if (forward) api.scrollNext();
      else api.scrollPrev();
      // The slide that had focus turns inert: carry focus to the same control on the new slide.
      if (fromSlide) {
        const target = api.slideNodes()[api.selectedScrollSnap()];
        requestAnimationFrame(() => target?.querySelector<HTMLElement>("a, button")?.focus());
      }
    });
  };

  const many = slides.length > 1;
  const previousOf = (index: number) => (index - 1 + slides.length) % slides.length;
  const nextOf = (index: number) => (index + 1) % slides.length;

  return (
    <section
      ref={root}
      id={CAROUSEL_ID}
      aria-roledescription="karuzela"
      aria-label="Archiwum galerii"
      className="relative"
      onKeyDown={onKeyDown}
      onFocus={() => setWanted(true)}
      data-testid="archive-carousel"
      data-ready={embla ? "true" : "false"}
    >
      {wanted && viewport.current ? (
        <Suspense fallback={null}>
          <CarouselEngine viewport={viewport.current} onReady={setEmbla} />
        </Suspense>
      ) : null}
      {targetCss && !hydrated ? <style>{targetCss}</style> : null}
      {/* Until the engine takes over (data-engine="on"), a scroll-snap strip without a scrollbar. */}
      <div
        ref={viewport}
        className={cn(
          "group/viewport snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-lg motion-safe:scroll-smooth",
          "[scrollbar-width:none] [&::-webkit-scrollbar]:hidden",
          "data-[engine=on]:snap-none data-[engine=on]:overflow-hidden",
        )}
        onPointerEnter={() => setWanted(true)}
        onTouchStart={() => setWanted(true)}
      >
        <div className="flex group-data-[engine=on]/viewport:touch-pan-y">
          {slides.map((slide, index) => {
            const current = index === selected;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: each slide is a labelled group
              <div
                key={slide.id}
                role="group"
                id={slideAnchor(index)}
                aria-roledescription="slajd"
                aria-label={`${index + 1} z ${slides.length}: ${slide.title}`}
                data-testid="archive-slide"
                data-slide=""
                data-selected={current ? "true" : "false"}
                inert={embla && !current ? true : undefined}
                className="relative min-w-0 shrink-0 grow-0 basis-full snap-start"
              >
                <div className="relative aspect-[4/5] overflow-hidden sm:aspect-[16/10] lg:aspect-[21/9]">
                  <ResponsiveImage
                    image={slide.heroImage}
                    sizes="(min-width: 1280px) 1216px, (min-width: 768px) calc(100vw - 4rem), calc(100vw - 2rem)"
                    alt=""
                    className="absolute inset-0 size-full object-cover"
                  />
                  <div
                    aria-hidden="true"
                    className="absolute inset-0 bg-gradient-to-t from-black/90 via-black/30 to-transparent"
                  />
                  <div className="absolute inset-x-0 bottom-0 p-6 md:p-10">
                    <p className="font-mono text-xs font-bold uppercase tracking-[0.25em] text-accent md:text-sm">
                      {[slide.date, slide.location].filter(Boolean).join(" · ")}
                    </p>
                    <h3 className="mt-3 max-w-3xl font-display text-4xl font-black leading-[0.95] tracking-tight text-balance md:text-6xl">
                      {slide.title}
                    </h3>
                    <Link
                      to={`/gallery/${slide.slug}`}
                      prefetch="intent"
                      className={cn(buttonVariants({ size: "lg" }), "mt-6 font-display font-black")}
                    >
                      Zobacz galerię
                      <ArrowRight aria-hidden="true" className="size-5" />
                      <span className="sr-only">: {slide.title}</span>
                    </Link>
                  </div>
                </div>
              </div>
            );
          })}
        </div>
      </div>

      {many ? (
        <div className="mt-6 flex items-center justify-between gap-4">
          <div className="flex items-center gap-2" data-testid="carousel-dots">
            {slides.map((slide, index) => {
              const label = `Pokaż slajd ${index + 1}: ${slide.title}`;
              return hydrated ? (
                <button
                  key={slide.id}
                  type="button"
                  onClick={() => withEmbla((api) => api.scrollTo(index))}
                  aria-label={label}
                  aria-current={index === selected ? "true" : undefined}
                  className={dotClassName}
                >
                  <DotBar current={index === selected} />
                </button>
              ) : (
                <a
                  key={slide.id}
                  href={`#${slideAnchor(index)}`}
                  aria-label={label}
                  className={dotClassName}
                  data-dot={index}
                >
                  <DotBar current={index === selected} />
                </a>
              );
            })}
          </div>
          {hydrated ? (
            <div className="flex items-center gap-3">
              <button
                type="button"
                onClick={previous}
                className={arrowClassName}
                aria-label="Poprzedni slajd"
              >
                <ChevronLeft aria-hidden="true" className="size-6" />
              </button>
              <button type="button" onClick={next} className={arrowClassName} aria-label="Następny slajd">
                <ChevronRight aria-hidden="true" className="size-6" />
              </button>
            </div>
          ) : (
            slides.map((slide, index) => (
              <div
                key={slide.id}
                className={cn("items-center gap-3", index === 0 ? "flex" : "hidden")}
                data-arrows={index}
              >
                <a
                  href={`#${slideAnchor(previousOf(index))}`}
                  className={arrowClassName}
                  aria-label="Poprzedni slajd"
                >
                  <ChevronLeft aria-hidden="true" className="size-6" />
                </a>
                <a
                  href={`#${slideAnchor(nextOf(index))}`}
                  className={arrowClassName}
                  aria-label="Następny slajd"
                >
                  <ChevronRight aria-hidden="true" className="size-6" />
                </a>
              </div>
            ))
          )}
        </div>
      ) : null}
    </section>
  );
}
