import { cn } from "~/lib/utils";

/**
 * A cart line's picture (the thumbnail URL stored with the line), or an empty tile of the same size when
 * the line has none, so the lines stay aligned. `dimmed` greys out the picture of an unavailable product.
 */
export function CartItemImage({
  src,
  size,
  className,
  loading,
  dimmed = false,
}: {
  src: string | null;
  /** Intrinsic width and height in CSS pixels. */
  size: number;
  className: string;
  loading?: "lazy";
  dimmed?: boolean;
}) {
  if (!src) return <span className={cn(className, "bg-surface-2")} />;
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading={loading}
      className={cn(className, "bg-surface-2 object-cover", dimmed && "opacity-40 grayscale")}
    />
  );
}
