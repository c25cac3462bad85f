/** Video embeds: only youtube-nocookie.com is allowed by the CSP (frame-src), so links are normalised to it. */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The YouTube video id of a watch, share, shorts or embed URL, or null. */
export function youtubeVideoId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\.|^m\./, "");
  let id: string | null = null;
  if (host === "youtu.be") id = parsed.pathname.slice(1);
  else if (host === "youtube.com" || host === "youtube-nocookie.com" || host === "music.youtube.com") {
    if (parsed.pathname === "/watch") id = parsed.searchParams.get("v");
    else {
      const match = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(parsed.pathname);
      id = match ? match[1] : null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The privacy-enhanced embed URL that starts playing at once (it is loaded only after a click). */
export function youtubeEmbedUrl(url: string): string | null {
  const id = youtubeVideoId(url);
  if (!id) return null;
  const params = new URLSearchParams({ autoplay: "1", rel: "0", modestbranding: "1", playsinline: "1" });
  return `https://www.youtube-nocookie.com/embed/${id}?${params.toString()}`;
}
