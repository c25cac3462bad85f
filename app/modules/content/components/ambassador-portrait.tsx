import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageRef } from "~/lib/images";
import { cn } from "~/lib/utils";

/** The public card's portrait (larger, lit on hover) and the panel tile's. */
const LOOKS = {
  card: {
    sizes: "96px",
    frame: "size-20 border-2 transition-colors group-hover:border-accent md:size-24",
    letter: "text-3xl font-black",
  },
  tile: { sizes: "64px", frame: "size-16 border", letter: "text-2xl" },
} as const;

/**
 * An ambassador's round portrait, or the handle's first letter without a picture: the public card
 * and the panel's tile show the same, each at its own size.
 */
export function AmbassadorPortrait({
  image,
  handle,
  look,
}: {
  image: ImageRef | null | undefined;
  /** The @handle; its first letter stands in for a missing picture. */
  handle: string;
  look: keyof typeof LOOKS;
}) {
  const { sizes, frame, letter } = LOOKS[look];
  return (
    <div className={cn("shrink-0 overflow-hidden rounded-full border-border bg-surface-2", frame)}>
      {image ? (
        <ResponsiveImage image={image} sizes={sizes} alt="" className="size-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className={cn("flex size-full items-center justify-center font-display text-accent", letter)}
        >
          {handle.charAt(1).toUpperCase()}
        </span>
      )}
    </div>
  );
}
