import { ChevronLeft, ChevronRight } from "lucide-react";
import { ResponsiveImage } from "~/components/responsive-image";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { ImageRef } from "~/lib/images";

/** The product gallery's zoom: the current image large, previous/next by buttons and arrow keys. */
export default function ProductZoomDialog({
  open,
  onOpenChange,
  images,
  name,
  current,
  onStep,
  altOf,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  images: ImageRef[];
  name: string;
  current: number;
  onStep: (delta: number) => void;
  altOf: (index: number) => string;
}) {
  const image = images[current];
  if (!image) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-[min(92vw,1100px)] gap-3 border-border bg-background p-3 md:p-4"
        data-testid="gallery-dialog"
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") onStep(1);
          if (event.key === "ArrowLeft") onStep(-1);
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
                onClick={() => onStep(-1)}
                aria-label="Poprzednie zdjęcie"
                className="-translate-y-1/2 absolute top-1/2 left-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-full bg-background/80 hover:bg-accent hover:text-accent-foreground"
              >
                <ChevronLeft className="size-6" aria-hidden="true" />
              </button>
              <button
                type="button"
                onClick={() => onStep(1)}
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
  );
}
