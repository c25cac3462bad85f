/**
 * Events in the panel (the public reads are events.server.ts): the list, the form's load and save
 * (event, timetable and FAQ in one transaction), switching the featured event and deleting. Callers
 * check the role first. A dropped poster's files go once nothing shows them (modules/media's rule).
 *
 * Exactly one event is featured — the landing page, its JSON-LD and the .ics follow it. The database
 * allows at most one (a unique partial index); this module keeps at least one: featuring an event
 * un-features the previous one in the same transaction, and the featured event can be neither
 * un-featured directly nor deleted. The featured event is published (the form and the list's switch
 * refuse an unpublished one). A linked gallery must exist (published or not); the built-in archive's
 * slugs are refused, so /archive/{slug} keeps meaning SPEC's entries.
 */
import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import { type Database, db } from "~/lib/db.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { DomainError } from "~/lib/domain-error";
import type { ImageRef } from "~/lib/images";
import { lockedRowOr404 } from "~/lib/locked-row.server";
import { storage } from "~/lib/storage.server";
import { MEDIA_PREFIX } from "~/modules/media/images.server";
import { discardImageIfUnreferenced } from "~/modules/media/stored-images.server";
import { ticketMessages } from "~/modules/tickets/ticket-types.schema";
import { nightHasTickets } from "~/modules/tickets/ticket-types.server";
import * as s from "../../../db/schema";
import { type EventFormInput, eventMessages } from "./event-form.schema";
import { withIsoDates } from "./events.server";
import type { Stage } from "./timetable";

export type AdminEventRow = {
  id: string;
  title: string;
  slug: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  city: string;
  featured: boolean;
  published: boolean;
  status: s.EventStatus;
  salesMode: s.TicketSalesMode;
  gallery: { title: string; slug: string; published: boolean } | null;
  timetableCount: number;
};

export async function listAdminEvents(executor: Database = db()): Promise<AdminEventRow[]> {
  const rows = await executor
    .select({
      id: s.events.id,
      title: s.events.title,
      slug: s.events.slug,
      startsAt: s.events.startsAt,
      endsAt: s.events.endsAt,
      venue: s.events.venue,
      city: s.events.city,
      featured: s.events.featured,
      published: s.events.published,
      status: s.events.status,
      salesMode: s.events.salesMode,
      galleryTitle: s.galleries.title,
      gallerySlug: s.galleries.slug,
      galleryPublished: s.galleries.published,
      timetableCount: count(s.timetableEntries.id),
    })
    .from(s.events)
    .leftJoin(s.timetableEntries, eq(s.timetableEntries.eventId, s.events.id))
    .leftJoin(s.galleries, eq(s.galleries.id, s.events.galleryId))
    .groupBy(s.events.id, s.galleries.id)
    .orderBy(desc(s.events.startsAt));
  return rows.map(({ galleryTitle, gallerySlug, galleryPublished, ...row }) =>
    withIsoDates({
      ...row,
      gallery:
        galleryTitle !== null && gallerySlug !== null
          ? { title: galleryTitle, slug: gallerySlug, published: galleryPublished === true }
          : null,
      timetableCount: Number(row.timetableCount),
    }),
  );
}

export type AdminEventDetail = Omit<
  typeof s.events.$inferSelect,
  "startsAt" | "endsAt" | "createdAt" | "updatedAt"
> & {
  startsAt: string;
  endsAt: string;
  timetable: { stage: Stage; startTime: string | null; name: string; artistId: string | null }[];
};

export async function getAdminEvent(id: string, executor: Database = db()): Promise<AdminEventDetail | null> {
  const [row] = await executor.select().from(s.events).where(eq(s.events.id, id)).limit(1);
  if (!row) return null;
  const timetable = await executor
    .select({
      stage: s.timetableEntries.stage,
      startTime: s.timetableEntries.startTime,
      name: s.timetableEntries.name,
      artistId: s.timetableEntries.artistId,
    })
    .from(s.timetableEntries)
    .where(eq(s.timetableEntries.eventId, id))
    .orderBy(asc(s.timetableEntries.orderIndex));
  const { createdAt: _created, updatedAt: _updated, ...rest } = row;
  return { ...withIsoDates(rest), timetable };
}

/** The artists a timetable slot may link to. */
export async function listArtistOptions(executor: Database = db()) {
  return executor
    .select({ id: s.artists.id, name: s.artists.name })
    .from(s.artists)
    .orderBy(asc(s.artists.orderIndex), asc(s.artists.name));
}

/** The galleries an event may link to, published or not (drafts first get their photos, then go live). */
export async function listGalleryOptions(executor: Database = db()) {
  return executor
    .select({ id: s.galleries.id, title: s.galleries.title, published: s.galleries.published })
    .from(s.galleries)
    .orderBy(asc(s.galleries.orderIndex), asc(s.galleries.title));
}

/** Does storage hold this uploaded poster (so a form cannot point an event at files that don't exist)? */
async function isStoredPoster(image: ImageRef) {
  if (!image.src.startsWith(`${MEDIA_PREFIX}events/`)) return false;
  const key = `${image.src.slice(MEDIA_PREFIX.length)}-${image.widths[0]}.${image.formats[0]}`;
  return (await storage().get(key)) !== null;
}

function refuseTakenSlug(error: unknown): never {
  if (isUniqueViolation(error, "events_slug")) throw new DomainError(eventMessages.slugTaken, 400, "slug");
  if (isUniqueViolation(error, "events_single_featured"))
    // Two admins featuring different events at the same moment: the second one is told to retry.
    throw new DomainError(eventMessages.featureFailed, 409);
  throw error;
}

/**
 * Creates (`id` null) or updates an event with its timetable and FAQ; returns its id. Featuring it
 * un-features the previous event in the same transaction.
 */
export async function saveEvent(
  id: string | null,
  value: EventFormInput,
  executor: Database = db(),
  reservedSlugs: readonly string[] = [],
): Promise<string> {
  let previousPoster: ImageRef | null = null;
  let savedId: string;
  try {
    savedId = await executor.transaction(async (tx) => {
      const [current] = id
        ? await tx
            .select({
              featured: s.events.featured,
              heroPoster: s.events.heroPoster,
              salesMode: s.events.salesMode,
            })
            .from(s.events)
            .where(eq(s.events.id, id))
            .for("update")
        : [];
      if (id && !current) throw new DomainError(eventMessages.notFound, 404);
      if (current?.featured && !value.featured)
        throw new DomainError(eventMessages.unfeature, 400, "featured");
      if (value.featured && !value.published)
        throw new DomainError(eventMessages.featuredUnpublished, 400, "published");
      // A night that sold (or holds) tickets here keeps selling here: its holders, refunds and door
      // list live here. The event row is locked until the save commits; a checkout that reads the
      // night's mode with a share lock waits for it.
      const backToLink = id && current?.salesMode === "site" && value.salesMode === "external";
      if (backToLink && (await nightHasTickets(tx, id)))
        throw new DomainError(ticketMessages.externalWithTickets, 409, "salesMode");
      // The built-in archive's URLs (/archive/{slug}) stay theirs: a night cannot take one over.
      if (reservedSlugs.includes(value.slug)) throw new DomainError(eventMessages.slugArchive, 400, "slug");

      const [taken] = await tx
        .select({ id: s.events.id })
        .from(s.events)
        .where(id ? and(eq(s.events.slug, value.slug), ne(s.events.id, id)) : eq(s.events.slug, value.slug))
        .limit(1);
      if (taken) throw new DomainError(eventMessages.slugTaken, 400, "slug");

      const poster = value.heroPoster;
      if (poster && poster.src !== current?.heroPoster?.src && !(await isStoredPoster(poster))) {
        // Demo images (/demo/…) are fine only if the event already shows one: a form cannot invent them.
        throw new DomainError(eventMessages.poster, 400, "heroPoster");
      }

      if (value.galleryId) {
        // FOR SHARE: the gallery cannot be deleted before this transaction commits.
        const [gallery] = await tx
          .select({ id: s.galleries.id })
          .from(s.galleries)
          .where(eq(s.galleries.id, value.galleryId))
          .for("share");
        if (!gallery) throw new DomainError(eventMessages.gallery, 400, "galleryId");
      }

      const artistIds = [...new Set(value.timetable.map((row) => row.artistId).filter(Boolean))] as string[];
      if (artistIds.length > 0) {
        const found = await tx
          .select({ id: s.artists.id })
          .from(s.artists)
          .where(inArray(s.artists.id, artistIds))
          // FOR SHARE: a linked artist cannot be deleted before this transaction commits.
          .for("share");
        if (found.length !== artistIds.length) throw new DomainError(eventMessages.artist, 400, "timetable");
      }

      if (value.featured) {
        await tx
          .update(s.events)
          .set({ featured: false, updatedAt: new Date() })
          .where(id ? and(eq(s.events.featured, true), ne(s.events.id, id)) : eq(s.events.featured, true));
      }

      const fields = {
        title: value.title,
        slug: value.slug,
        startsAt: value.startsAt,
        endsAt: value.endsAt,
        lastEntry: value.lastEntry,
        venue: value.venue,
        city: value.city,
        address: value.address ?? null,
        ticketUrl: value.ticketUrl ?? null,
        salesMode: value.salesMode,
        ticketPrice: value.ticketPrice,
        heroVideo: value.heroVideo,
        heroPoster: poster,
        manifesto: value.manifesto ?? null,
        faq: value.faq,
        featured: value.featured,
        published: value.published,
        status: value.status,
        galleryId: value.galleryId,
        updatedAt: new Date(),
      };
      let eventId: string;
      if (id) {
        await tx.update(s.events).set(fields).where(eq(s.events.id, id));
        eventId = id;
        previousPoster = current?.heroPoster ?? null;
      } else {
        const [created] = await tx.insert(s.events).values(fields).returning({ id: s.events.id });
        eventId = created.id;
      }

      await tx.delete(s.timetableEntries).where(eq(s.timetableEntries.eventId, eventId));
      if (value.timetable.length > 0) {
        await tx.insert(s.timetableEntries).values(
          value.timetable.map((row, index) => ({
            eventId,
            stage: row.stage,
            startTime: row.startTime,
            name: row.name,
            artistId: row.artistId,
            orderIndex: index,
          })),
        );
      }
      return eventId;
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    refuseTakenSlug(error);
  }
  if (previousPoster && (previousPoster as ImageRef).src !== value.heroPoster?.src) {
    await discardImageIfUnreferenced(previousPoster, executor);
  }
  return savedId;
}

/** Makes `id` the landing page's event; the previous one stops being featured in the same transaction. */
export async function setFeaturedEvent(id: string, executor: Database = db()) {
  try {
    await executor.transaction(async (tx) => {
      const [event] = await tx
        .select({ id: s.events.id, featured: s.events.featured, published: s.events.published })
        .from(s.events)
        .where(eq(s.events.id, id))
        .for("update");
      if (!event) throw new DomainError(eventMessages.notFound, 404);
      if (event.featured) return;
      if (!event.published) throw new DomainError(eventMessages.featuredUnpublished, 400);
      await tx
        .update(s.events)
        .set({ featured: false, updatedAt: new Date() })
        .where(and(eq(s.events.featured, true), ne(s.events.id, id)));
      await tx.update(s.events).set({ featured: true, updatedAt: new Date() }).where(eq(s.events.id, id));
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    refuseTakenSlug(error);
  }
}

/** Deletes an event (its timetable goes with it); the featured one is refused. */
export async function deleteEvent(id: string, executor: Database = db()) {
  const poster = await executor.transaction(async (tx) => {
    const event = await lockedRowOr404(
      tx
        .select({ featured: s.events.featured, heroPoster: s.events.heroPoster })
        .from(s.events)
        .where(eq(s.events.id, id)),
      eventMessages.notFound,
    );
    if (event.featured) throw new DomainError(eventMessages.deleteFeatured, 409);
    // Its tickets are sales (kept with their orders): a night sold on the site is cancelled, not deleted.
    const [sold] = await tx
      .select({ id: s.tickets.id })
      .from(s.tickets)
      .where(eq(s.tickets.eventId, id))
      .limit(1);
    if (sold) throw new DomainError(eventMessages.deleteWithTickets, 409);
    await tx.delete(s.events).where(eq(s.events.id, id));
    return event.heroPoster;
  });
  await discardImageIfUnreferenced(poster, executor);
}
