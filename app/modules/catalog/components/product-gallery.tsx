import { ChevronLeft, ChevronRight, ZoomIn } from "lucide-react";
import { useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { ImageRef } from "~/lib/images";
import { cn } from "~/lib/utils";

/** Main image with thumbnails; the main image opens a zoom dialog with previous/next. */
export function ProductGallery({ images, name }: { images: ImageRef[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const image = images[current];
  if (!image) return <div className="aspect-square rounded-lg bg-surface-2" />;
  const step = (delta: number) => setCurrent((index) => (index + delta + images.length) % images.length);
  const altOf = (index: number) => images[index]?.alt ?? `${name} — zdjęcie ${index + 1}`;

  return (
    <div className="grid gap-3" data-testid="product-gallery">
      <button
        type="button"
        onClick={() => setZoomed(true)}
        className="group relative block cursor-zoom-in overflow-hidden rounded-lg border border-border bg-surface-2"
        aria-label={`Powiększ zdjęcie: ${altOf(current)}`}
        data-testid="gallery-zoom"
      >
        <ResponsiveImage
          image={image}
          alt={altOf(current)}
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 48vw, 100vw"
          priority={current === 0}
          className="aspect-square size-full object-cover"
        />
        <span
          aria-hidden="true"
          className="absolute right-3 bottom-3 inline-flex size-10 items-center justify-center rounded-full bg-background/80 text-foreground transition-colors group-hover:bg-accent group-hover:text-accent-foreground"
        >
          <ZoomIn className="size-5" />
        </span>
      </button>
      {images.length > 1 ? (
        <ul className="flex gap-3" aria-label="Zdjęcia produktu">
          {images.map((thumb, index) => (
            <li key={thumb.src}>
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-label={`Pokaż zdjęcie ${index + 1} z ${images.length}`}
                aria-current={index === current ? "true" : undefined}
                className={cn(
                  "block size-20 cursor-pointer overflow-hidden rounded-md border-2 bg-surface-2 transition-colors md:size-24",
                  index === current ? "border-accent" : "border-border hover:border-muted",
                )}
              >
                <ResponsiveImage image={thumb} alt="" sizes="96px" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <Dialog open={zoomed} onOpenChange={setZoomed}>
        <DialogContent
          className="max-w-[min(92vw,1100px)] gap-3 border-border bg-background p-3 md:p-4"
          data-testid="gallery-dialog"
          onKeyDown={(event) => {
            if (event.key === "ArrowRight") step(1);
            if (event.key === "ArrowLeft") step(-1);
          }}
        >
          <DialogTitle className="sr-only">{name}</DialogTitle>
          <DialogDescription className="sr-only">
            Zdjęcie {current + 1} z {images.length}. Strzałki zmieniają zdjęcie.
          </DialogDescription>
          <div className="relative">
            <ResponsiveImage
              image={image}
              alt={altOf(current)}
              sizes="(min-width: 1200px) 1100px, 92vw"
              className="mx-auto max-h-[80dvh] w-auto rounded-md object-contain"
            />
            {images.length > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => step(-1)}
                  aria-label="Poprzednie zdjęcie"
                  className="-translate-y-1/2 absolute top-1/2 left-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-full bg-background/80 hover:bg-accent hover:text-accent-foreground"
                >
                  <ChevronLeft className="size-6" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => step(1)}
                  aria-label="Następne zdjęcie"
                  className="-translate-y-1/2 absolute top-1/2 right-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-full bg-background/80 hover:bg-accent hover:text-accent-foreground"
                >
                  <ChevronRight className="size-6" aria-hidden="true" />
                </button>
              </>
            ) : null}
          </div>
          <p className="text-center text-muted text-sm" aria-live="polite">
            {current + 1} / {images.length}
          </p>
        </DialogContent>
      </Dialog>
    </div>
  );
}
