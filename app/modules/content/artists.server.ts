import { asc, eq } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { artists, type ImageRef, type PerformanceDate, type SocialLinks } from "../../../db/schema";

export type ResidentCard = { id: string; slug: string; name: string; profileImage: ImageRef | null };

/** Resident DJs for /rezydenci, in the order the team set (then by name). */
export async function listResidents(executor: Executor = db()): Promise<ResidentCard[]> {
  return executor
    .select({ id: artists.id, slug: artists.slug, name: artists.name, profileImage: artists.profileImage })
    .from(artists)
    .where(eq(artists.isResident, true))
    .orderBy(asc(artists.orderIndex), asc(artists.name));
}

export type ArtistPage = {
  id: string;
  slug: string;
  name: string;
  profileImage: ImageRef | null;
  age: number | null;
  bio: string | null;
  hobbies: string[];
  backgroundVideo: string | null;
  backgroundImage: ImageRef | null;
  performanceDates: PerformanceDate[];
  socialLinks: SocialLinks;
  isResident: boolean;
};

/** One artist's page data, or null for an unknown slug. */
export async function getArtist(slug: string, executor: Executor = db()): Promise<ArtistPage | null> {
  const [row] = await executor.select().from(artists).where(eq(artists.slug, slug)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    profileImage: row.profileImage,
    age: row.age,
    bio: row.bio,
    hobbies: row.hobbies,
    backgroundVideo: row.backgroundVideo,
    backgroundImage: row.backgroundImage,
    // Chronological, so the next date is first.
    performanceDates: [...row.performanceDates].sort((a, b) =>
      `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`),
    ),
    socialLinks: row.socialLinks,
    isResident: row.isResident,
  };
}

/** Every artist page, for the sitemap. */
export async function listArtistPages(executor: Executor = db()) {
  return executor
    .select({ slug: artists.slug, updatedAt: artists.updatedAt })
    .from(artists)
    .orderBy(asc(artists.orderIndex), asc(artists.name));
}
