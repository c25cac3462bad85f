// /gallery/{slug}/zdjecie/{n}: one photo of a published gallery, full size (the viewer without JavaScript).
import { data, isRouteErrorResponse } from "react-router";
import { siteFromMatches } from "~/lib/seo";
import { ContentError } from "~/modules/content/components/content-not-found";
import { PhotoNotFound, PhotoPage, photoPageMeta } from "~/modules/content/components/photo-page";
import { getPublishedGallery } from "~/modules/content/galleries.server";
import { photoIndexOf, photoLinks } from "~/modules/content/photo-paths";
import type { Route } from "./+types/gallery-photo";

export async function loader({ params }: Route.LoaderArgs) {
  const gallery = await getPublishedGallery(params.slug);
  const index = gallery ? photoIndexOf(params.photo, gallery.photos.length) : null;
  if (!gallery || index === null) throw data(null, { status: 404 });
  const photo = gallery.photos[index];
  return {
    view: {
      title: gallery.title,
      ...photoLinks(`/gallery/${gallery.slug}`, index, gallery.photos.length),
      index,
      count: gallery.photos.length,
      image: photo.image,
      caption: photo.caption ?? null,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  photoPageMeta(siteFromMatches(matches), loaderData?.view);

export default function GalleryPhoto({ loaderData }: Route.ComponentProps) {
  return <PhotoPage view={loaderData.view} />;
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <PhotoNotFound collectionPath={`/gallery/${params.slug}`} backLabel="Wróć do galerii" />;
  }
  return <ContentError />;
}
