/**
 * The galleries tab's actions, through the panel's one form-action helper: the dialog (create/edit
 * with an optional hero upload), the table's quick actions, and the photo manager (upload one photo
 * per request, move, delete). Each validates again on the server and answers 400 with a Polish
 * message for bad input, 404 for unknown ids.
 */
import { data } from "react-router";
import { z } from "zod";
import { DomainError } from "~/lib/domain-error";
import { type FormActionResult, intent } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { chosenImage, fileOf, IMAGE_FORM_LIMIT, storeFormImage } from "~/modules/media/form-image.server";
import { dialogIntents } from "./dialog-save.server";
import {
  galleryFlagSchema,
  galleryFormSchema,
  galleryIdSchema,
  galleryMessages,
  galleryPhotoDeleteSchema,
  galleryPhotoMoveSchema,
} from "./galleries.schema";
import {
  addGalleryPhoto,
  checkGallerySlug,
  createGallery,
  deleteGallery,
  deleteGalleryPhoto,
  type GalleryPhoto,
  listGalleryPhotos,
  moveGalleryPhoto,
  setGalleryFeatured,
  setGalleryPublished,
  updateGallery,
} from "./galleries.server";

/**
 * A request of the table's or the photo manager's buttons (ids and flags, nothing typed): a body that
 * fails its schema is refused as a whole, with the tab's invalid-request message. `command` does the
 * change and returns the toast that says it is done.
 */
function buttonIntent<Schema extends z.ZodType>(
  schema: Schema,
  failure: string,
  command: (value: z.output<Schema>) => Promise<string>,
) {
  return intent({
    schema,
    failure,
    invalid: galleryMessages.invalidRequest,
    run: async (value) => ({ message: await command(value) }),
  });
}

export const galleryIntents = {
  ...dialogIntents(
    galleryFormSchema,
    {
      notFound: galleryMessages.notFound,
      chooseImage: async (value) => {
        // A taken slug is refused before the image is processed (the save still guards a race).
        await checkGallerySlug(value.slug, value.id ?? null);
        return chosenImage(
          { file: value.heroImage, remove: value.removeHeroImage },
          "galleries",
          value.title,
          "heroImage",
        );
      },
      create: createGallery,
      update: updateGallery,
      messages: galleryMessages,
    },
    { ...galleryMessages, invalid: galleryMessages.required },
  ),
  delete: buttonIntent(galleryIdSchema, galleryMessages.deleteFailed, async ({ id }) => {
    await deleteGallery(id);
    return galleryMessages.deleted;
  }),
  "set-published": buttonIntent(galleryFlagSchema, galleryMessages.publishedFailed, async ({ id, value }) => {
    await setGalleryPublished(id, value);
    return value ? galleryMessages.published : galleryMessages.unpublished;
  }),
  "set-featured": buttonIntent(galleryFlagSchema, galleryMessages.featuredFailed, async ({ id, value }) => {
    await setGalleryFeatured(id, value);
    return value ? galleryMessages.featuredOn : galleryMessages.featuredOff;
  }),
};

/** POST /admin/galleries: how its body is read (a cover image rides along). */
export const galleryFormOptions = {
  invalidRequest: galleryMessages.invalidRequest,
  multipart: IMAGE_FORM_LIMIT,
};

// ---------------------------------------------------------------------------------------------
// /admin/galleries/photos
// ---------------------------------------------------------------------------------------------

export type GalleryPhotosLoaderData =
  | (Awaited<ReturnType<typeof listGalleryPhotos>> & { message: null })
  | { gallery: null; photos: GalleryPhoto[]; message: string };

/** GET /admin/galleries/photos?gallery={id}: the photo manager's list. */
export async function loadGalleryPhotos(galleryParam: string | null) {
  const id = z.uuid().safeParse(galleryParam);
  if (!id.success) {
    return data<GalleryPhotosLoaderData>(
      { gallery: null, photos: [], message: galleryMessages.photosLoadFailed },
      { status: 400 },
    );
  }
  try {
    return data<GalleryPhotosLoaderData>({ ...(await listGalleryPhotos(id.data)), message: null });
  } catch (error) {
    const known = error instanceof DomainError;
    if (!known) logger.error({ err: error }, "gallery photos failed to load");
    return data<GalleryPhotosLoaderData>(
      { gallery: null, photos: [], message: galleryMessages.photosLoadFailed },
      { status: known ? error.status : 500 },
    );
  }
}

export type GalleryPhotoActionResult = FormActionResult<{ photoId: string }>;

export const galleryPhotoIntents = {
  move: buttonIntent(
    galleryPhotoMoveSchema,
    galleryMessages.photoMoveFailed,
    async ({ photoId, direction }) => {
      await moveGalleryPhoto(photoId, direction);
      return galleryMessages.photoMoved;
    },
  ),
  delete: buttonIntent(galleryPhotoDeleteSchema, galleryMessages.photoDeleteFailed, async ({ photoId }) => {
    await deleteGalleryPhoto(photoId);
    return galleryMessages.photoDeleted;
  }),
};

/** How POST /admin/galleries/photos reads an upload's body, and its move/delete buttons'. */
export const galleryPhotoUploadLimit = IMAGE_FORM_LIMIT;
export const galleryPhotoFormOptions = { invalidRequest: galleryMessages.invalidRequest };

/**
 * One photo per request (its own progress bar and error), appended after the gallery's last; `read`
 * is the route's reading of the multipart body (capped while it streams).
 */
export async function uploadGalleryPhoto(read: () => Promise<FormData>) {
  const refuse = (message: string, status: number) =>
    data<GalleryPhotoActionResult>({ ok: false, intent: "upload", message }, { status });
  try {
    const formData = await read();
    const galleryId = z.uuid().safeParse(formData.get("galleryId"));
    if (!galleryId.success) return refuse(galleryMessages.notFound, 400);
    const file = fileOf(formData.get("file"));
    if (!file) return refuse(galleryMessages.missingFile, 400);
    // Refuse an unknown gallery before the (slow) re-encoding.
    const { gallery } = await listGalleryPhotos(galleryId.data);
    const image = await storeFormImage(file, "galleries", `${gallery.title} — zdjęcie`);
    const photo = await addGalleryPhoto(galleryId.data, image);
    return {
      ok: true,
      intent: "upload",
      message: galleryMessages.uploaded(1),
      photoId: photo.id,
    } satisfies GalleryPhotoActionResult;
  } catch (error) {
    if (error instanceof DomainError) return refuse(error.message, error.status);
    logger.error({ err: error }, "gallery photo upload failed");
    return refuse(galleryMessages.uploadFailed, 500);
  }
}
