/** The first cell of a panel table row: the item's picture at 48 px, or a placeholder without one. */
import { ImageOff } from "lucide-react";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageRef } from "~/lib/images";

export function ThumbnailCell({ image }: { image: ImageRef | null | undefined }) {
  return (
    <td className="px-3 py-2">
      {image ? (
        <ResponsiveImage image={image} sizes="48px" alt="" className="size-12 rounded-md object-cover" />
      ) : (
        <span className="flex size-12 items-center justify-center rounded-md bg-surface-2 text-muted">
          <ImageOff aria-hidden="true" className="size-5" />
        </span>
      )}
    </td>
  );
}
