import type { ImgHTMLAttributes } from "react";
import { preload } from "react-dom";
import { type ImageRef, imageSrcSet, imageUrl } from "~/lib/images";
import { cn } from "~/lib/utils";

type ResponsiveImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "width" | "height"
> & {
  image: ImageRef;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. Required for a correct pick. */
  sizes: string;
  /** Above-the-fold images (the LCP candidate) load eagerly with high priority; the rest lazily. */
  priority?: boolean;
};

/**
 * An image from our stored widths: `<picture>` with a source per extra format, intrinsic width and
 * height (no layout shift), lazy unless `priority`, and the dominant colour as the placeholder.
 */
export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  alt,
  className,
  style,
  ...rest
}: ResponsiveImageProps) {
  // WebP is the <img> fallback every browser we support decodes; better formats come first as sources.
  const fallbackFormat = image.formats.includes("webp") ? "webp" : image.formats[0];
  const extraFormats = image.formats.filter((format) => format !== fallbackFormat);
  const largest = image.widths[image.widths.length - 1];
  if (priority) {
    // A preload in <head>, ahead of the module scripts, for the format the <picture> will pick first.
    const preferred = extraFormats[0] ?? fallbackFormat;
    preload(imageUrl(image, largest, preferred), {
      as: "image",
      type: `image/${preferred}`,
      imageSrcSet: imageSrcSet(image, preferred),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      {extraFormats.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={imageSrcSet(image, format)} sizes={sizes} />
      ))}
      <img
        src={imageUrl(image, largest, fallbackFormat)}
        srcSet={imageSrcSet(image, fallbackFormat)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt ?? image.alt ?? ""}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : undefined}
        className={cn("bg-surface-2", className)}
        style={{ backgroundColor: image.color, ...style }}
        {...rest}
      />
    </picture>
  );
}
