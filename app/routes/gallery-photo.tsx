// /gallery/{slug}/zdjecie/{n}: one photo of a published gallery, full size (the viewer without JavaScript).
import { PhotoPage, PhotoPageError, photoPageMeta } from "~/modules/content/components/photo-page";
import { getPublishedGallery } from "~/modules/content/galleries.server";
import { photoViewOf } from "~/modules/content/photo-view";
import type { Route } from "./+types/gallery-photo";

export const meta: Route.MetaFunction = photoPageMeta;

export async function loader({ params }: Route.LoaderArgs) {
  const gallery = await getPublishedGallery(params.slug);
  return { view: photoViewOf("gallery", gallery, params.photo) };
}

export default function GalleryPhoto({ loaderData }: Route.ComponentProps) {
  return <PhotoPage view={loaderData.view} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PhotoPageError kind="gallery" error={error} />;
}
