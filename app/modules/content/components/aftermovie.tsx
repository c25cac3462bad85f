import { Play } from "lucide-react";
import { useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageRef } from "~/lib/images";

/**
 * The aftermovie: a poster with a play button; the youtube-nocookie player (and every byte from
 * YouTube) loads only after the click. The button is a link to the player's own page, so a tap before
 * the scripts run (or without them) still plays it; the script plays it in place instead.
 */
export function Aftermovie({
  embedUrl,
  poster,
  title,
}: {
  embedUrl: string;
  poster: ImageRef | null;
  title: string;
}) {
  const [playing, setPlaying] = useState(false);
  return (
    <div
      className="relative aspect-video overflow-hidden rounded-lg border border-border bg-surface shadow-2xl shadow-black/50"
      data-testid="aftermovie"
    >
      {playing ? (
        <iframe
          src={embedUrl}
          title={title}
          className="absolute inset-0 size-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="aftermovie-iframe"
        />
      ) : (
        <a
          href={embedUrl}
          onClick={(event) => {
            event.preventDefault();
            setPlaying(true);
          }}
          className="group absolute inset-0 size-full cursor-pointer outline-hidden focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-accent"
        >
          {poster ? (
            <ResponsiveImage
              image={poster}
              sizes="(min-width: 1280px) 1216px, (min-width: 768px) calc(100vw - 4rem), calc(100vw - 2rem)"
              alt=""
              className="absolute inset-0 size-full object-cover transition-transform duration-700 group-hover:scale-105"
            />
          ) : null}
          <span
            aria-hidden="true"
            className="absolute inset-0 bg-black/35 transition-colors group-hover:bg-black/20"
          />
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-4">
            <span className="relative flex size-20 items-center justify-center rounded-full bg-accent text-accent-foreground shadow-glow transition-transform duration-300 group-hover:scale-110 md:size-28">
              <span
                aria-hidden="true"
                className="absolute inset-0 animate-ping rounded-full bg-accent/40 [animation-duration:2.4s]"
              />
              <Play aria-hidden="true" className="relative ml-1 size-9 fill-current md:size-12" />
            </span>
            <span className="rounded-full bg-black/60 px-4 py-1.5 font-mono text-xs font-bold uppercase tracking-[0.25em] text-white backdrop-blur">
              Odtwórz aftermovie
            </span>
          </span>
        </a>
      )}
    </div>
  );
}
