import { redirect } from "react-router";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { siteFromMatches } from "~/lib/seo";
import {
  collectionPageHead,
  PhotoCollectionPage,
  photoCollectionMeta,
} from "~/modules/content/components/photo-collection-page";
import { type GalleryPage, getPublishedGallery } from "~/modules/content/galleries.server";
import { photoCount, truncateText } from "~/modules/content/text";
import type { Route } from "./+types/gallery";

export async function loader({ params }: Route.LoaderArgs) {
  let gallery: GalleryPage | null = null;
  try {
    gallery = await getPublishedGallery(params.slug);
  } catch (error) {
    logger.error({ err: error, slug: params.slug }, "gallery load failed");
  }
  // SPEC: only published galleries; unknown, unpublished or failing → the landing page.
  if (!gallery) throw redirect("/");
  return { gallery, head: collectionPageHead(env().site, gallery, `/gallery/${gallery.slug}`) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return [{ title: site.name }];
  const { gallery } = loaderData;
  const facts = [gallery.date, gallery.location].filter(Boolean).join(", ");
  return photoCollectionMeta(site, loaderData.head, {
    title: `${gallery.title} — galeria`,
    description: truncateText(
      [gallery.description, facts ? `${facts}.` : "", `${photoCount(gallery.photos.length)}.`]
        .filter(Boolean)
        .join(" "),
    ),
    imageAlt: gallery.title,
  });
};

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { gallery, head } = loaderData;
  return (
    <PhotoCollectionPage
      head={head}
      facts={
        <>
          {gallery.date ? <span data-testid="gallery-date">{gallery.date}</span> : null}
          {gallery.date && gallery.location ? <span aria-hidden="true">/</span> : null}
          {gallery.location ? <span data-testid="gallery-location">{gallery.location}</span> : null}
        </>
      }
      grid={{
        photos: gallery.photos.map((photo) => ({ image: photo.image, caption: photo.caption })),
        title: `Galeria: ${gallery.title}`,
        variant: "gallery",
        collectionPath: head.path,
      }}
      empty={<p className="text-lg text-muted">Zdjęcia pojawią się wkrótce.</p>}
    >
      {gallery.description ? (
        <p className="mt-5 max-w-2xl text-lg text-muted md:text-xl" data-testid="gallery-description">
          {gallery.description}
        </p>
      ) : null}
    </PhotoCollectionPage>
  );
}
