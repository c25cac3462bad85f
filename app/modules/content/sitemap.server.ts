/** The event site's public URLs for /sitemap.xml. */

import { now } from "~/lib/clock.server";
import type { SiteConfig } from "~/lib/site";
import type { SitemapEntry } from "~/lib/sitemap";
import { listArchive } from "./archive.server";
import { listArtistPages } from "./artists.server";
import { eventPagePath } from "./event-paths";
import { listPublishedEventSummaries } from "./events.server";
import { listPublishedGalleries } from "./galleries.server";

export async function contentSitemapEntries(site: SiteConfig): Promise<SitemapEntry[]> {
  const [artists, galleries, archive, events] = await Promise.all([
    listArtistPages(),
    listPublishedGalleries(),
    listArchive(site, now()),
    listPublishedEventSummaries(),
  ]);
  return [
    { path: "/", changeFrequency: "daily", priority: 1 },
    { path: "/rezydenci", changeFrequency: "monthly", priority: 0.7 },
    // Every published night's page, past ones included (they stay, with nothing to buy).
    ...events.map((event) => ({
      path: eventPagePath(event.slug),
      changeFrequency: "weekly" as const,
      priority: 0.8,
    })),
    { path: "/ambasadorzy", changeFrequency: "monthly", priority: 0.5 },
    ...artists.map((artist) => ({
      path: `/artist/${artist.slug}`,
      lastModified: artist.updatedAt,
      changeFrequency: "monthly" as const,
      priority: 0.6,
    })),
    ...galleries.map((gallery) => ({
      path: `/gallery/${gallery.slug}`,
      lastModified: gallery.updatedAt,
      changeFrequency: "yearly" as const,
      priority: 0.5,
    })),
    ...archive.map((entry) => ({
      path: `/archive/${entry.slug}`,
      changeFrequency: "yearly" as const,
      priority: 0.4,
    })),
  ];
}
