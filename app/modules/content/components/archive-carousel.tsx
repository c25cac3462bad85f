import { ArrowRight, ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { buttonVariants } from "~/components/ui/button";
import { cn, joinClasses } from "~/lib/utils";
import type { GallerySlide } from "../galleries.server";
import type { CarouselApi } from "./carousel-engine";

const CarouselEngine = lazy(() => import("./carousel-engine"));

const arrowClassName = joinClasses(
  "inline-flex size-12 cursor-pointer items-center justify-center rounded-full border-2 border-foreground/80",
  "text-foreground transition-colors hover:border-accent hover:bg-accent hover:text-accent-foreground",
  "outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
  "disabled:pointer-events-none disabled:opacity-40",
);

/**
 * The landing's archive carousel (embla): loops, previous/next arrows, dot indicators, ←/→ keys on
 * the focused carousel, and swipe/drag. Slides that are not shown are inert, so Tab stays on screen.
 * The embla engine loads when the carousel nears the viewport (or on first use); until then the
 * server-rendered first slide shows and the controls queue their action.
 */
export function ArchiveCarousel({ slides }: { slides: GallerySlide[] }) {
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

  return (
    <section
      ref={root}
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
      <div
        ref={viewport}
        className="overflow-hidden rounded-lg"
        onPointerEnter={() => setWanted(true)}
        onTouchStart={() => setWanted(true)}
      >
        <div className="flex touch-pan-y">
          {slides.map((slide, index) => {
            const current = index === selected;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: each slide is a labelled group
              <div
                key={slide.id}
                role="group"
                aria-roledescription="slajd"
                aria-label={`${index + 1} z ${slides.length}: ${slide.title}`}
                data-testid="archive-slide"
                data-selected={current ? "true" : "false"}
                inert={hydrated && !current ? true : undefined}
                className="relative min-w-0 shrink-0 grow-0 basis-full"
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
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => withEmbla((api) => api.scrollTo(index))}
                aria-label={`Pokaż slajd ${index + 1}: ${slide.title}`}
                aria-current={index === selected ? "true" : undefined}
                className="group inline-flex h-11 min-w-11 cursor-pointer items-center justify-center outline-hidden focus-visible:outline-2 focus-visible:outline-accent"
              >
                <span
                  className={cn(
                    "block h-1.5 rounded-full transition-all duration-300",
                    index === selected
                      ? "w-10 bg-accent"
                      : "w-5 bg-foreground/35 group-hover:bg-foreground/70",
                  )}
                />
              </button>
            ))}
          </div>
          <div className="flex items-center gap-3">
            <button type="button" onClick={previous} className={arrowClassName} aria-label="Poprzedni slajd">
              <ChevronLeft aria-hidden="true" className="size-6" />
            </button>
            <button type="button" onClick={next} className={arrowClassName} aria-label="Następny slajd">
              <ChevronRight aria-hidden="true" className="size-6" />
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
