import { ZoomIn } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import { TileBadge } from "~/components/tile-badge";
import { type ImageRef, imageUrl } from "~/lib/images";
import { isPlainClick } from "~/lib/plain-click";
import { cn } from "~/lib/utils";

// The zoom dialog (Radix dialog, ~20 KB) is fetched when the pointer or focus reaches the image, and
// mounted on the first click; it stays mounted afterwards so it can animate out and in.
const loadZoomDialog = () => import("./product-zoom-dialog");
const ProductZoomDialog = lazy(loadZoomDialog);

const GALLERY_ID = "galeria-produktu";
const RADIO_NAME = "zdjecie-produktu";

/**
 * Which main image shows follows the checked thumbnail radio, in CSS: no script needed, before
 * hydration or after it (and the browser restores the choice on back/forward).
 */
function choiceStyles(count: number) {
  const root = `#${GALLERY_ID}`;
  const rules = [
    `${root}:has([name="${RADIO_NAME}"]:not([value="0"]):checked) [data-image="0"]{display:none}`,
  ];
  for (let index = 1; index < count; index++) {
    rules.push(
      `${root}:has([name="${RADIO_NAME}"][value="${index}"]:checked) [data-image="${index}"]{display:block}`,
    );
  }
  return rules.join("\n");
}

/**
 * Main image with thumbnails; the main image opens a zoom dialog with previous/next. Works from the
 * first paint: the thumbnails are radio buttons whose choice shows its image through CSS, and each
 * main image is a link to its largest file, which the zoom dialog takes over after hydration.
 */
export function ProductGallery({ images, name }: { images: ImageRef[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [wanted, setWanted] = useState(false);
  const thumbnails = useRef<HTMLUListElement>(null);

  // A thumbnail chosen before hydration (or restored by the browser) is the current image.
  useEffect(() => {
    const checked = thumbnails.current?.querySelector<HTMLInputElement>("input:checked");
    if (checked) setCurrent(Number(checked.value));
  }, []);
  // The zoom dialog's previous/next move the choice too.
  useEffect(() => {
    const radio = thumbnails.current?.querySelector<HTMLInputElement>(`input[value="${current}"]`);
    if (radio && !radio.checked) radio.checked = true;
  }, [current]);

  if (images.length === 0) return <div className="aspect-square rounded-lg bg-surface-2" />;
  const step = (delta: number) => setCurrent((index) => (index + delta + images.length) % images.length);
  const altOf = (index: number) => images[index]?.alt ?? `${name} — zdjęcie ${index + 1}`;

  return (
    <div className="grid gap-3" id={GALLERY_ID} data-testid="product-gallery">
      {images.length > 1 ? <style>{choiceStyles(images.length)}</style> : null}
      {images.map((image, index) => (
        <a
          key={image.src}
          href={imageUrl(image, image.widths[image.widths.length - 1])}
          onClick={(event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            setCurrent(index);
            setWanted(true);
            setZoomed(true);
          }}
          onPointerEnter={() => void loadZoomDialog()}
          onFocus={() => void loadZoomDialog()}
          className={cn(
            "group relative cursor-zoom-in overflow-hidden rounded-lg border border-border bg-surface-2",
            index === 0 ? "block" : "hidden",
          )}
          aria-label={`Powiększ zdjęcie: ${altOf(index)}`}
          data-image={index}
          data-testid={index === current ? "gallery-zoom" : undefined}
        >
          <ResponsiveImage
            image={image}
            alt={altOf(index)}
            sizes="(min-width: 1280px) 600px, (min-width: 1024px) 48vw, 100vw"
            priority={index === 0}
            className="aspect-square size-full object-cover"
          />
          <TileBadge
            icon={ZoomIn}
            className="right-3 bottom-3 size-10 bg-background/80 text-foreground transition-colors group-hover:bg-accent group-hover:text-accent-foreground"
            iconClassName="size-5"
          />
        </a>
      ))}
      {images.length > 1 ? (
        <ul ref={thumbnails} className="flex gap-3" aria-label="Zdjęcia produktu">
          {images.map((thumb, index) => (
            <li key={thumb.src}>
              <label className="block cursor-pointer">
                <input
                  type="radio"
                  name={RADIO_NAME}
                  value={index}
                  defaultChecked={index === 0}
                  onChange={() => setCurrent(index)}
                  aria-label={`Pokaż zdjęcie ${index + 1} z ${images.length}`}
                  className="peer sr-only"
                  data-testid="gallery-thumbnail"
                />
                <span
                  className={cn(
                    "block size-20 overflow-hidden rounded-md border-2 border-border bg-surface-2 transition-colors hover:border-muted md:size-24",
                    "peer-checked:border-accent peer-checked:hover:border-accent",
                    "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent",
                  )}
                >
                  <ResponsiveImage image={thumb} alt="" sizes="96px" className="size-full object-cover" />
                </span>
              </label>
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
