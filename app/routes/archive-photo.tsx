// /archive/{slug}/zdjecie/{n}: one photo of an archive entry, full size (the viewer without JavaScript).
import { data, isRouteErrorResponse } from "react-router";
import { now } from "~/lib/clock.server";
import { env } from "~/lib/env.server";
import { siteFromMatches } from "~/lib/seo";
import { getArchivePage } from "~/modules/content/archive.server";
import { ContentError } from "~/modules/content/components/content-not-found";
import { PhotoNotFound, PhotoPage, photoPageMeta } from "~/modules/content/components/photo-page";
import { photoIndexOf, photoLinks } from "~/modules/content/photo-paths";
import type { Route } from "./+types/archive-photo";

export async function loader({ params }: Route.LoaderArgs) {
  const event = await getArchivePage(env().site, params.slug, now());
  const index = event ? photoIndexOf(params.photo, event.images.length) : null;
  if (!event || index === null) throw data(null, { status: 404 });
  return {
    view: {
      title: event.title,
      ...photoLinks(`/archive/${event.slug}`, index, event.images.length),
      index,
      count: event.images.length,
      image: event.images[index],
      caption: null,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  photoPageMeta(siteFromMatches(matches), loaderData?.view);

export default function ArchivePhoto({ loaderData }: Route.ComponentProps) {
  return <PhotoPage view={loaderData.view} />;
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <PhotoNotFound collectionPath={`/archive/${params.slug}`} backLabel="Wróć do wydarzenia" />;
  }
  return <ContentError />;
}
