import { ZoomIn } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageRef } from "~/lib/images";
import { cn } from "~/lib/utils";

// The zoom dialog (Radix dialog, ~20 KB) is fetched when the pointer or focus reaches the image, and
// mounted on the first click; it stays mounted afterwards so it can animate out and in.
const loadZoomDialog = () => import("./product-zoom-dialog");
const ProductZoomDialog = lazy(loadZoomDialog);

/** Main image with thumbnails; the main image opens a zoom dialog with previous/next. */
export function ProductGallery({ images, name }: { images: ImageRef[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [wanted, setWanted] = useState(false);
  const image = images[current];
  if (!image) return <div className="aspect-square rounded-lg bg-surface-2" />;
  const step = (delta: number) => setCurrent((index) => (index + delta + images.length) % images.length);
  const altOf = (index: number) => images[index]?.alt ?? `${name} — zdjęcie ${index + 1}`;

  return (
    <div className="grid gap-3" data-testid="product-gallery">
      <button
        type="button"
        onClick={() => {
          setWanted(true);
          setZoomed(true);
        }}
        onPointerEnter={() => void loadZoomDialog()}
        onFocus={() => void loadZoomDialog()}
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

      {wanted ? (
        <Suspense fallback={null}>
          <ProductZoomDialog
            open={zoomed}
            onOpenChange={setZoomed}
            images={images}
            name={name}
            current={current}
            onStep={step}
            altOf={altOf}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
