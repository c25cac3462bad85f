import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/utils";

/**
 * The round icon in a corner of an image tile that says what a tap does (zoom in, open): decoration
 * only, the tile's link names it. `className` places, sizes and colours it.
 */
export function TileBadge({
  icon: Icon,
  className,
  iconClassName,
}: {
  icon: LucideIcon;
  className: string;
  iconClassName: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn("absolute inline-flex items-center justify-center rounded-full", className)}
    >
      <Icon className={iconClassName} />
    </span>
  );
}
