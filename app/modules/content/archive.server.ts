/**
 * The built-in archive (SPEC §2 "Archive event"): two past events kept as a table in code, not in
 * the database. Their slugs follow the brand slug: `{slug}-wroclaw-2025` and `sesja-merch-{slug}`.
 * The photos are the demo renders of `db/demo-images.ts`.
 */
import type { ImageRef } from "~/lib/images";
import type { SiteConfig } from "~/lib/site";
import { demoImage } from "../../../db/demo-images";

export type ArchiveEvent = {
  slug: string;
  title: string;
  /** Display date, as the table gives it. */
  date: string;
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
      city: site.city,
      description: `Zdjęcia z nocy ${party}: dwie sceny, lasery do rana i parkiet, który nie chciał się rozejść.`,
      heroImage: demoImage("archive-nokturn-wroclaw-2025-hero", `${party} — scena główna`),
      images: photos("archive-nokturn-wroclaw-2025", 9, party),
    },
    {
      slug: `sesja-merch-${site.slug}`,
      title: session,
      date: "03.2025",
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
