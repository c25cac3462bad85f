/**
 * The data of a photo's own page (`{collection}/zdjecie/{n}`), built by the photo routes' loaders from
 * the collection the photo belongs to. Safe in the browser bundle.
 */
import { data } from "react-router";
import type { ImageRef } from "~/lib/images";
import { eventPagePath } from "./event-paths";
import { type PhotoLinks, photoIndexOf, photoLinks } from "./photo-paths";

/**
 * What a photo's own page shows: one photo of a collection (a gallery, an archive entry, a night), and
 * its links (built by the loader: the path helpers stay out of the pages' scripts).
 */
export type PhotoView = PhotoLinks & {
  /** The collection's title, e.g. the gallery's. */
  title: string;
  /** 0-based. */
  index: number;
  count: number;
  image: ImageRef;
  caption: string | null;
};

/** The collections whose photos have pages of their own: where the collection's page is, and the way back to it. */
export const photoCollections = {
  archive: { path: (slug: string) => `/archive/${slug}`, backLabel: "Wróć do wydarzenia" },
  gallery: { path: (slug: string) => `/gallery/${slug}`, backLabel: "Wróć do galerii" },
  night: { path: eventPagePath, backLabel: "Wróć do wydarzenia" },
};

export type PhotoCollectionKind = keyof typeof photoCollections;

/** A collection as its photos' pages see it: its title, its slug and its photos in grid order. */
export type PhotoCollection = {
  title: string;
  slug: string;
  photos: ReadonlyArray<{ image: ImageRef; caption?: string | null }>;
};

/**
 * A photo page's loader data: the view of the photo `{n}` names in the collection, or a 404 when there
 * is no such collection (null) or no such photo.
 */
export function photoViewOf(
  kind: PhotoCollectionKind,
  collection: PhotoCollection | null,
  param: string | undefined,
): PhotoView {
  const count = collection?.photos.length ?? 0;
  const index = photoIndexOf(param, count);
  if (!collection || index === null) throw data(null, { status: 404 });
  const { image, caption } = collection.photos[index];
  return {
    title: collection.title,
    ...photoLinks(photoCollections[kind].path(collection.slug), index, count),
    index,
    count,
    image,
    caption: caption ?? null,
  };
}
