/**
 * The archive (/archive/{slug} and the landing's list under the carousel): SPEC's built-in table of
 * two past events kept in code, merged with every past published night of the database (issue #17).
 *
 * Built-in entries: their slugs follow the brand slug (`{slug}-wroclaw-2025`, `sesja-merch-{slug}`),
 * their photos are the demo renders of `db/demo-images.ts`. Database nights: published, ended by the
 * server's clock, not cancelled, shown with date, venue, city and their linked gallery (its photos and a link to
 * /gallery/{slug} while the gallery is published). Each slug is one entry: the panel refuses a night
 * with a built-in slug, and should one exist anyway the built-in entry keeps its URL. Newest first.
 */
import { and, asc, desc, eq, lte, ne } from "drizzle-orm";
import { formatShortDate } from "~/lib/dates";
import { db, type Executor } from "~/lib/db.server";
import type { ImageRef } from "~/lib/images";
import type { SiteConfig } from "~/lib/site";
import { pickColumns } from "~/lib/table-columns";
import { demoImage } from "../../../db/demo-images";
import { type EventStatus, events, galleries, galleryImages } from "../../../db/schema";
import { DEFAULT_ARCHIVE_IMAGE } from "./galleries.server";

export type ArchiveEvent = {
  slug: string;
  title: string;
  /** Display date, as the table gives it. */
  date: string;
  /** The day it took place (its month for a session without a day), for ordering with the nights. */
  sortDate: string;
  city: string;
  description: string;
  heroImage: ImageRef;
  images: ImageRef[];
};

const photos = (prefix: string, count: number, title: string) =>
  Array.from({ length: count }, (_, i) => demoImage(`${prefix}-${i + 1}`, `${title} — zdjęcie ${i + 1}`));

/** The two built-in archive events for a brand. */
export function listArchiveEvents(site: Pick<SiteConfig, "name" | "slug" | "city">): ArchiveEvent[] {
  const party = `${site.name} ${site.city} 2025`;
  const session = `Sesja merch ${site.name}`;
  return [
    {
      slug: `${site.slug}-wroclaw-2025`,
      title: party,
      date: "14.06.2025",
      sortDate: "2025-06-14",
      city: site.city,
      description: `Zdjęcia z nocy ${party}: dwie sceny, lasery do rana i parkiet, który nie chciał się rozejść.`,
      heroImage: demoImage("archive-nokturn-wroclaw-2025-hero", `${party} — scena główna`),
      images: photos("archive-nokturn-wroclaw-2025", 9, party),
    },
    {
      slug: `sesja-merch-${site.slug}`,
      title: session,
      date: "03.2025",
      sortDate: "2025-03-01",
      city: site.city,
      description: `Kulisy sesji zdjęciowej kolekcji ${site.name}: koszulki, bluzy i akcesoria w klubowym świetle.`,
      heroImage: demoImage("archive-sesja-merch-nokturn-hero", `${session} — kadr otwierający`),
      images: photos("archive-sesja-merch-nokturn", 8, session),
    },
  ];
}

export function getArchiveEvent(
  site: Pick<SiteConfig, "name" | "slug" | "city">,
  slug: string,
): ArchiveEvent | null {
  return listArchiveEvents(site).find((event) => event.slug === slug) ?? null;
}

type Site = Pick<SiteConfig, "name" | "slug" | "city">;

/** One line of the archive list. */
export type ArchiveEntry = {
  slug: string;
  title: string;
  /** "17.01.2026" (a built-in entry's own text). */
  date: string;
  /** The club; null for a built-in entry (the table has none). */
  venue: string | null;
  city: string;
  /** ISO instant or day, newest first. */
  sortDate: string;
};

/**
 * A night of the archive: published, ended at `now`, and not cancelled ("Tak było" shows nights that
 * took place; a cancelled one keeps its own event page, marked as cancelled).
 */
const tookPlace = (now: Date) =>
  and(eq(events.published, true), lte(events.endsAt, now), ne(events.status, "cancelled"));

/** What the archive says of every past night: the list's entry, the head of its page. */
const nightColumns = pickColumns(events, "slug", "title", "startsAt", "venue", "city");

/** Past nights of the database that took place, newest first. */
async function listPastNights(now: Date, executor: Executor) {
  return executor.select(nightColumns).from(events).where(tookPlace(now)).orderBy(desc(events.startsAt));
}

/** Every archive entry: the built-in ones and the past published nights, each slug once, newest first. */
export async function listArchive(site: Site, now: Date, executor: Executor = db()): Promise<ArchiveEntry[]> {
  const builtIn: ArchiveEntry[] = listArchiveEvents(site).map((entry) => ({
    slug: entry.slug,
    title: entry.title,
    date: entry.date,
    venue: null,
    city: entry.city,
    sortDate: entry.sortDate,
  }));
  const taken = new Set(builtIn.map((entry) => entry.slug));
  const nights: ArchiveEntry[] = (await listPastNights(now, executor))
    .filter((night) => !taken.has(night.slug))
    .map((night) => ({
      slug: night.slug,
      title: night.title,
      date: formatShortDate(night.startsAt),
      venue: night.venue,
      city: night.city,
      sortDate: night.startsAt.toISOString(),
    }));
  return [...builtIn, ...nights].sort((a, b) => b.sortDate.localeCompare(a.sortDate));
}

/** What /archive/{slug} shows: a built-in entry or a past night with its gallery. */
export type ArchivePage =
  | ({ kind: "built-in" } & ArchiveEvent)
  | {
      kind: "night";
      slug: string;
      title: string;
      date: string;
      startsAt: string;
      venue: string;
      city: string;
      status: EventStatus;
      description: string | null;
      heroImage: ImageRef;
      /** The linked gallery while it is published (a draft's photos stay private). */
      gallery: { slug: string; title: string } | null;
      images: ImageRef[];
    };

/**
 * The archive page for `slug`: a built-in entry, else a published night that has ended at `now`;
 * null for anything else (unknown, a draft, a night still to come).
 */
export async function getArchivePage(
  site: Site,
  slug: string,
  now: Date,
  executor: Executor = db(),
): Promise<ArchivePage | null> {
  const builtIn = getArchiveEvent(site, slug);
  if (builtIn) return { kind: "built-in", ...builtIn };
  const [row] = await executor
    .select({
      ...nightColumns,
      status: events.status,
      manifesto: events.manifesto,
      heroPoster: events.heroPoster,
      galleryId: galleries.id,
      gallerySlug: galleries.slug,
      galleryTitle: galleries.title,
      galleryHero: galleries.heroImage,
    })
    .from(events)
    // Only a published gallery joins: a draft's title, hero and photos are not shown.
    .leftJoin(galleries, and(eq(galleries.id, events.galleryId), eq(galleries.published, true)))
    .where(and(eq(events.slug, slug), tookPlace(now)))
    .limit(1);
  if (!row) return null;
  const images = row.galleryId
    ? (
        await executor
          .select({ image: galleryImages.image })
          .from(galleryImages)
          .where(eq(galleryImages.galleryId, row.galleryId))
          .orderBy(asc(galleryImages.orderIndex), asc(galleryImages.createdAt))
      ).map((photo) => photo.image)
    : [];
  return {
    kind: "night",
    slug: row.slug,
    title: row.title,
    date: formatShortDate(row.startsAt),
    startsAt: row.startsAt.toISOString(),
    venue: row.venue,
    city: row.city,
    status: row.status,
    description: row.manifesto,
    heroImage: row.galleryHero ?? row.heroPoster ?? DEFAULT_ARCHIVE_IMAGE,
    gallery:
      row.galleryId && row.gallerySlug && row.galleryTitle
        ? { slug: row.gallerySlug, title: row.galleryTitle }
        : null,
    images,
  };
}
