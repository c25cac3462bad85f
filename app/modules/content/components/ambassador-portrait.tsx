import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageRef } from "~/lib/images";
import { cn } from "~/lib/utils";

/**
 * An ambassador's round portrait, or the handle's first letter without a picture: the public card
 * and the panel's tile show the same, each at its own size.
 */
export function AmbassadorPortrait({
  image,
  handle,
  sizes,
  className,
  letterClassName,
}: {
  image: ImageRef | null | undefined;
  /** The @handle; its first letter stands in for a missing picture. */
  handle: string;
  sizes: string;
  className: string;
  letterClassName: string;
}) {
  return (
    <div className={cn("shrink-0 overflow-hidden rounded-full border-border bg-surface-2", className)}>
      {image ? (
        <ResponsiveImage image={image} sizes={sizes} alt="" className="size-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            "flex size-full items-center justify-center font-display text-accent",
            letterClassName,
          )}
        >
          {handle.charAt(1).toUpperCase()}
        </span>
      )}
    </div>
  );
}
