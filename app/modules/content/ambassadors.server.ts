import { asc } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { ambassadors, type ImageRef } from "../../../db/schema";

export type AmbassadorCard = {
  id: string;
  name: string;
  slug: string;
  instagramUrl: string;
  profileImage: ImageRef | null;
  bio: string | null;
};

/** Ambassadors for /ambasadorzy, by `order_index` (then name). */
export async function listAmbassadors(executor: Executor = db()): Promise<AmbassadorCard[]> {
  return executor
    .select({
      id: ambassadors.id,
      name: ambassadors.name,
      slug: ambassadors.slug,
      instagramUrl: ambassadors.instagramUrl,
      profileImage: ambassadors.profileImage,
      bio: ambassadors.bio,
    })
    .from(ambassadors)
    .orderBy(asc(ambassadors.orderIndex), asc(ambassadors.name));
}
