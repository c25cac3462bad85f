import { type ReactNode, useEffect, useRef, useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageRef } from "~/lib/images";
import { cn } from "~/lib/utils";
import "./event-site.css";
import { useAfterLoad } from "./use-after-load";

function videoType(src: string) {
  const extension = src.split("?")[0].split(".").pop()?.toLowerCase();
  return extension === "webm"
    ? "video/webm"
    : extension === "mp4" || extension === "m4v"
      ? "video/mp4"
      : undefined;
}

/** True when the visitor asked for less motion or less data: the poster stays, no video is fetched. */
function prefersStill() {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches || connection?.saveData === true;
}

/**
 * A full-bleed background: the poster image (the LCP element, high priority), and, when there is a
 * video, a muted looping `<video autoplay muted loop playsinline>` whose poster and source are attached
 * only after the page has loaded and the browser is idle, so it never competes with the poster. Without a video (or while it buffers) the
 * poster gets an animated treatment: slow zoom, scanlines, breathing glow and a laser sweep, which
 * also starts only once the page has loaded, so hydration and the first paint have the CPU.
 */
export function HeroMedia({
  poster,
  video,
  sizes = "100vw",
  priority = true,
  className,
}: {
  poster: ImageRef | null;
  video?: string | null;
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  // The poster is preloaded from <head> by ResponsiveImage (priority).
  const posterBox = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState<{ src: string; poster?: string } | null>(null);
  const [playing, setPlaying] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  const loaded = useAfterLoad();
  useEffect(() => {
    if (!video || !loaded || prefersStill()) return;
    // The poster the browser already picked from the srcset doubles as the video's poster: no refetch.
    const current = posterBox.current?.querySelector("img")?.currentSrc || undefined;
    setSource({ src: video, poster: current });
  }, [video, loaded]);

  useEffect(() => {
    const element = videoRef.current;
    if (!source || !element) return;
    // React sets `muted` as a property only; autoplay policies want it set before play().
    element.muted = true;
    element.load();
    element.play().catch(() => {});
  }, [source]);

  const animated = !playing;

  return (
    <div className={cn("absolute inset-0 overflow-hidden bg-background", className)} data-testid="hero-media">
      {poster ? (
        <div ref={posterBox} className={cn("absolute inset-0", animated && loaded && "nk-zoom")}>
          <ResponsiveImage
            image={poster}
            sizes={sizes}
            priority={priority}
            alt={poster.alt ?? ""}
            className="size-full object-cover"
          />
        </div>
      ) : null}
      {video ? (
        // In the HTML from the start, but without a source (and so without any download) until idle.
        <video
          ref={videoRef}
          autoPlay
          muted
          loop
          playsInline
          poster={source?.poster}
          preload={source ? "auto" : "none"}
          aria-hidden="true"
          tabIndex={-1}
          onPlaying={() => setPlaying(true)}
          data-testid="hero-video"
          className={cn(
            "absolute inset-0 size-full object-cover transition-opacity duration-1000",
            playing ? "opacity-100" : "opacity-0",
          )}
        >
          {source ? <source src={source.src} type={videoType(source.src)} /> : null}
        </video>
      ) : null}
      {animated && loaded ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 animate-fade-in mix-blend-screen"
        >
          <div className="nk-glow-a absolute inset-0" />
          <div className="nk-glow-b absolute inset-0" />
          <div className="nk-sweep absolute inset-x-[-25%] bottom-0 h-[140%]" />
        </div>
      ) : null}
      <div aria-hidden="true" className="nk-scanlines pointer-events-none absolute inset-0 opacity-60" />
      {animated && loaded ? (
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
          <div className="nk-scanline-band absolute inset-x-0 top-0" />
        </div>
      ) : null}
    </div>
  );
}

/**
 * A hero laid over `HeroMedia` (the night's on the landing page, an artist's on their page): the
 * background darkened towards the text by `shades` (gradient classes), the content at the bottom.
 */
export function MediaHero({
  as: Frame,
  labelledBy,
  className,
  testId,
  poster,
  video,
  shades,
  contentClassName,
  children,
}: {
  as: "section" | "header";
  labelledBy?: string;
  className: string;
  testId: string;
  poster: ImageRef | null;
  video: string | null;
  shades: string[];
  contentClassName: string;
  children: ReactNode;
}) {
  return (
    <Frame aria-labelledby={labelledBy} className={className} data-testid={testId}>
      <HeroMedia poster={poster} video={video} />
      {shades.map((shade) => (
        <div key={shade} aria-hidden="true" className={`pointer-events-none absolute inset-0 ${shade}`} />
      ))}
      <div className={contentClassName}>{children}</div>
    </Frame>
  );
}
