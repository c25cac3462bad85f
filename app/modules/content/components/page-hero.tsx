import type { ReactNode } from "react";
import { type BreadcrumbItem, Breadcrumbs } from "~/components/breadcrumbs";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageRef } from "~/lib/images";
import { cn } from "~/lib/utils";
import "./event-site.css";
import { useAfterLoad } from "./use-after-load";

/** Hero of a gallery or archive page: the photo full-bleed, breadcrumb, title and facts. */
export function PageHero({
  image,
  breadcrumbs,
  eyebrow,
  title,
  children,
  grayscale = false,
}: {
  image: ImageRef;
  breadcrumbs: BreadcrumbItem[];
  eyebrow?: ReactNode;
  title: string;
  children?: ReactNode;
  grayscale?: boolean;
}) {
  const moving = useAfterLoad();
  return (
    <section
      aria-labelledby="page-title"
      className="relative isolate flex min-h-[62svh] items-end overflow-hidden pt-24 md:min-h-[70svh]"
      data-testid="page-hero"
    >
      <div className="absolute inset-0 -z-10">
        <div className={cn("absolute inset-0", moving && "nk-zoom")}>
          <ResponsiveImage
            image={image}
            sizes="100vw"
            priority
            alt=""
            className={cn("size-full object-cover", grayscale && "grayscale")}
          />
        </div>
        <div aria-hidden="true" className="nk-scanlines absolute inset-0 opacity-50" />
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-t from-background via-background/60 to-background/30"
        />
      </div>
      <div className="container-page pb-12 md:pb-16">
        <Breadcrumbs items={breadcrumbs} className="mb-6" />
        {eyebrow ? (
          <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 font-mono text-xs font-bold uppercase tracking-[0.25em] text-accent md:text-sm">
            {eyebrow}
          </div>
        ) : null}
        <h1
          id="page-title"
          className="max-w-5xl font-display text-5xl font-black leading-[0.9] tracking-tight text-balance md:text-8xl"
        >
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
