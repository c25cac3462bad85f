import type { ImageRef } from "../../db/schema";

export type { ImageRef };

/** URL of one stored width of an image. */
export function imageUrl(
  image: ImageRef,
  width: number,
  format: ImageRef["formats"][number] = image.formats[0],
) {
  return `${image.src}-${width}.${format}`;
}

/** `srcset` of every stored width in one format. */
export function imageSrcSet(image: ImageRef, format: ImageRef["formats"][number] = image.formats[0]) {
  return image.widths.map((width) => `${imageUrl(image, width, format)} ${width}w`).join(", ");
}

/** The smallest stored width at least `target` px wide (or the largest there is). */
export function closestWidth(image: ImageRef, target: number) {
  return image.widths.find((width) => width >= target) ?? image.widths[image.widths.length - 1];
}

/** A single URL good for `target` px (Open Graph, e-mails, cart thumbnails). */
export function imageUrlFor(image: ImageRef, target: number) {
  return imageUrl(image, closestWidth(image, target));
}
