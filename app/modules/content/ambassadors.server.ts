/**
 * Ambassadors: the one read /ambasadorzy and the panel's tab share, and the tab's writes. The slug is
 * derived from the name (SPEC §3) and made unique with a number; a replaced or deleted profile image's
 * files go after the change committed, unless something else still shows them (modules/media).
 */
import { and, asc, eq, like, ne, or } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { DomainError } from "~/lib/domain-error";
import { saveWithImage } from "~/modules/media/form-image.server";
import { discardImageIfUnreferenced } from "~/modules/media/stored-images.server";
import { ambassadors, type ImageRef } from "../../../db/schema";
import { type AmbassadorFormValue, ambassadorMessages, ambassadorSlug } from "./ambassadors.schema";

export type AmbassadorCard = {
  id: string;
  name: string;
  slug: string;
  instagramUrl: string;
  profileImage: ImageRef | null;
  bio: string | null;
  orderIndex: number;
};

/** Every ambassador by `order_index` (then name): /ambasadorzy and the panel's cards alike. */
export async function listAmbassadors(executor: Executor = db()): Promise<AmbassadorCard[]> {
  return executor
    .select({
      id: ambassadors.id,
      name: ambassadors.name,
      slug: ambassadors.slug,
      instagramUrl: ambassadors.instagramUrl,
      profileImage: ambassadors.profileImage,
      bio: ambassadors.bio,
      orderIndex: ambassadors.orderIndex,
    })
    .from(ambassadors)
    .orderBy(asc(ambassadors.orderIndex), asc(ambassadors.name));
}

/** `base`, or `base-2`, `base-3`… — the first one no other ambassador has. */
export async function freeAmbassadorSlug(base: string, exceptId: string | null, executor: Executor = db()) {
  const rows = await executor
    .select({ slug: ambassadors.slug })
    .from(ambassadors)
    .where(
      and(
        or(eq(ambassadors.slug, base), like(ambassadors.slug, `${base}-%`)),
        exceptId ? ne(ambassadors.id, exceptId) : undefined,
      ),
    );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

type AmbassadorInput = Pick<AmbassadorFormValue, "name" | "instagramUrl" | "bio" | "orderIndex">;

function values(value: AmbassadorInput) {
  return {
    name: value.name,
    instagramUrl: value.instagramUrl,
    bio: value.bio ?? null,
    orderIndex: value.orderIndex,
  };
}

/** Retries once with a fresh slug when a concurrent save took it meanwhile. */
async function withSlug<T>(name: string, exceptId: string | null, write: (slug: string) => Promise<T>) {
  for (let attempt = 0; ; attempt += 1) {
    const slug = await freeAmbassadorSlug(ambassadorSlug(name), exceptId);
    try {
      return await write(slug);
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

export async function createAmbassador(
  value: AmbassadorInput,
  profileImage: ImageRef | null,
  executor: Executor = db(),
) {
  return saveWithImage(profileImage, executor, () =>
    withSlug(value.name, null, async (slug) => {
      const [row] = await executor
        .insert(ambassadors)
        .values({ ...values(value), slug, profileImage })
        .returning({ id: ambassadors.id, slug: ambassadors.slug });
      return { result: row, replaced: null };
    }),
  );
}

/** `image` is "keep", null (removed) or a fresh upload; the replaced one's files go after the save. */
export async function updateAmbassador(
  id: string,
  value: AmbassadorInput,
  image: ImageRef | null | "keep",
  executor: Executor = db(),
) {
  await saveWithImage(image, executor, () =>
    withSlug(value.name, id, async (slug) => {
      const [current] = await executor
        .select({ profileImage: ambassadors.profileImage })
        .from(ambassadors)
        .where(eq(ambassadors.id, id));
      if (!current) throw new DomainError(ambassadorMessages.notFound, 404);
      await executor
        .update(ambassadors)
        .set({
          ...values(value),
          slug,
          ...(image === "keep" ? {} : { profileImage: image }),
          updatedAt: new Date(),
        })
        .where(eq(ambassadors.id, id));
      return { result: id, replaced: current.profileImage };
    }),
  );
}

export async function deleteAmbassador(id: string, executor: Executor = db()) {
  const [removed] = await executor
    .delete(ambassadors)
    .where(eq(ambassadors.id, id))
    .returning({ profileImage: ambassadors.profileImage });
  if (!removed) throw new DomainError(ambassadorMessages.notFound, 404);
  await discardImageIfUnreferenced(removed.profileImage, executor);
}
