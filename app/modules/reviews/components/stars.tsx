import { Star } from "lucide-react";
import { cn } from "~/lib/utils";
import { formatRating } from "../reviews";

/** Five stars filled to `rating` (halves rounded), with the rating as text for assistive tech. */
export function Stars({
  rating,
  className,
  size = "size-4",
}: {
  rating: number;
  className?: string;
  size?: string;
}) {
  const filled = Math.round(rating);
  return (
    <span
      className={cn("inline-flex items-center gap-0.5", className)}
      role="img"
      aria-label={`Ocena ${formatRating(rating)} na 5`}
    >
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn(size, index < filled ? "fill-warning text-warning" : "text-border")}
        />
      ))}
    </span>
  );
}
