import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** The big display heading of a landing/content section, with a small mono eyebrow above it. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
  as: Heading = "h2",
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
  as?: "h1" | "h2";
}) {
  return (
    <div className={cn("mb-10 md:mb-14", className)}>
      {eyebrow ? (
        <p className="mb-3 font-mono text-xs font-bold uppercase tracking-[0.3em] text-accent md:text-sm">
          {eyebrow}
        </p>
      ) : null}
      {/* 11vw below 436 px: "AMBASADORZY" in one line fits a 360 px phone instead of widening the page. */}
      <Heading
        id={id}
        className="font-display text-[clamp(2.25rem,11vw,3rem)] font-black leading-[0.9] tracking-tight text-balance md:text-7xl"
      >
        {title}
      </Heading>
      {children ? <div className="mt-4 max-w-2xl text-lg text-muted">{children}</div> : null}
    </div>
  );
}
