import { describe, expect, it } from "vitest";
import { youtubeEmbedUrl, youtubeVideoId } from "./video";

describe("youtube embeds", () => {
  it("reads the id from every common URL shape", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
      "https://youtu.be/aqz-KE-bpKQ",
      "https://m.youtube.com/watch?v=aqz-KE-bpKQ&t=10",
      "https://www.youtube.com/embed/aqz-KE-bpKQ",
      "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
      "https://www.youtube.com/shorts/aqz-KE-bpKQ",
    ]) {
      expect(youtubeVideoId(url), url).toBe("aqz-KE-bpKQ");
    }
  });

  it("refuses other hosts and malformed ids", () => {
    expect(youtubeVideoId("https://evil.example/embed/aqz-KE-bpKQ")).toBeNull();
    expect(youtubeVideoId("https://www.youtube.com/watch?v=short")).toBeNull();
    expect(youtubeVideoId("not a url")).toBeNull();
  });

  it("always embeds from youtube-nocookie.com with autoplay", () => {
    const url = new URL(youtubeEmbedUrl("https://youtu.be/aqz-KE-bpKQ")!);
    expect(url.origin).toBe("https://www.youtube-nocookie.com");
    expect(url.pathname).toBe("/embed/aqz-KE-bpKQ");
    expect(url.searchParams.get("autoplay")).toBe("1");
    expect(youtubeEmbedUrl("https://vimeo.com/1")).toBeNull();
  });
});
