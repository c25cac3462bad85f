/**
 * The galleries tab's actions: the dialog (create/edit with an optional hero upload), the table's
 * quick actions, and the photo manager (upload one photo per request, move, delete). Each validates
 * again on the server and answers 400 with a Polish message for bad input, 404 for unknown ids.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { logger } from "~/lib/logger.server";
import type { ImageRef } from "../../../db/schema";
import {
  type GalleryActionResult,
  type GalleryFormActionData,
  galleryFormSchema,
  galleryListActionSchema,
  galleryListFailure,
  galleryMessages,
  galleryPhotoActionSchema,
  galleryPhotoFailure,
} from "./galleries.schema";
import {
  type AdminGalleryPhoto,
  addGalleryPhoto,
  checkGallerySlug,
  createGallery,
  deleteGallery,
  deleteGalleryPhoto,
  GalleryAdminError,
  listGalleryPhotos,
  moveGalleryPhoto,
  setGalleryFeatured,
  setGalleryPublished,
  updateGallery,
} from "./galleries.server";
import { FormBodyError, fileOf, readFormData, storeFormImage, UploadError } from "./galleries-uploads.server";

function refused(result: GalleryFormActionData, status: number) {
  return data<GalleryFormActionData>(result, { status });
}

/** POST /admin/galleries. */
export async function handleGalleriesAction(request: Request) {
  let formData: FormData;
  try {
    formData = await readFormData(request, galleryMessages.invalidRequest);
  } catch (error) {
    const known = error instanceof FormBodyError;
    return refused(
      { ok: false, intent: null, message: known ? error.message : galleryMessages.invalidRequest },
      known ? error.status : 400,
    );
  }
  const intent = formData.get("intent");
  if (intent === "create" || intent === "update") return saveGalleryForm(formData, intent);
  return galleryQuickAction(formData);
}

async function saveGalleryForm(formData: FormData, intent: "create" | "update") {
  const submission = parseWithZod(formData, { schema: galleryFormSchema });
  if (submission.status !== "success") {
    return refused({ ok: false, intent, message: galleryMessages.required, result: submission.reply() }, 400);
  }
  const value = submission.value;
  if (value.intent === "update" && !value.id) {
    return refused({ ok: false, intent, message: galleryMessages.notFound, result: submission.reply() }, 400);
  }
  const failure = galleryListFailure[value.intent];
  const fieldError = (field: string, message: string, status = 400) =>
    refused(
      { ok: false, intent, message, result: submission.reply({ fieldErrors: { [field]: [message] } }) },
      status,
    );

  try {
    // A taken slug is refused before the image is processed (the save still guards a race).
    await checkGallerySlug(value.slug, value.id ?? null);
    const file = fileOf(value.heroImage);
    let hero: ImageRef | null | "keep" = value.removeHeroImage ? null : "keep";
    if (file) {
      try {
        hero = await storeFormImage(file, "galleries", value.title);
      } catch (error) {
        if (error instanceof UploadError) return fieldError("heroImage", error.message);
        throw error;
      }
    }
    if (value.intent === "create") await createGallery(value, hero === "keep" ? null : hero);
    else await updateGallery(value.id as string, value, hero);
    return {
      ok: true,
      intent,
      message: value.intent === "create" ? galleryMessages.created : galleryMessages.updated,
      result: submission.reply({ resetForm: true }),
    } satisfies GalleryFormActionData;
  } catch (error) {
    if (error instanceof GalleryAdminError) {
      if (error.field) return fieldError(error.field, error.message, error.status);
      return refused(
        {
          ok: false,
          intent,
          message: error.message,
          result: submission.reply({ formErrors: [error.message] }),
        },
        error.status,
      );
    }
    logger.error({ err: error, intent }, "saving a gallery failed");
    return refused(
      { ok: false, intent, message: failure, result: submission.reply({ formErrors: [failure] }) },
      500,
    );
  }
}

async function galleryQuickAction(formData: FormData) {
  const parsed = galleryListActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return refused({ ok: false, intent: null, message: galleryMessages.invalidRequest }, 400);
  }
  const command = parsed.data;
  try {
    switch (command.intent) {
      case "delete":
        await deleteGallery(command.id);
        return { ok: true, intent: command.intent, message: galleryMessages.deleted } as GalleryActionResult;
      case "set-published": {
        const on = command.value === "true";
        await setGalleryPublished(command.id, on);
        return {
          ok: true,
          intent: command.intent,
          message: on ? galleryMessages.published : galleryMessages.unpublished,
        } as GalleryActionResult;
      }
      case "set-featured": {
        const on = command.value === "true";
        await setGalleryFeatured(command.id, on);
        return {
          ok: true,
          intent: command.intent,
          message: on ? galleryMessages.featuredOn : galleryMessages.featuredOff,
        } as GalleryActionResult;
      }
    }
  } catch (error) {
    const known = error instanceof GalleryAdminError;
    if (!known) logger.error({ err: error, intent: command.intent }, "gallery quick action failed");
    return refused(
      {
        ok: false,
        intent: command.intent,
        message: known ? error.message : galleryListFailure[command.intent],
      },
      known ? error.status : 500,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// /admin/galleries/photos
// ---------------------------------------------------------------------------------------------

export type GalleryPhotosLoaderData =
  | (Awaited<ReturnType<typeof listGalleryPhotos>> & { message: null })
  | { gallery: null; photos: AdminGalleryPhoto[]; message: string };

/** GET /admin/galleries/photos?gallery={id}: the photo manager's list. */
export async function loadGalleryPhotos(request: Request) {
  const id = z.uuid().safeParse(new URL(request.url).searchParams.get("gallery"));
  if (!id.success) {
    return data<GalleryPhotosLoaderData>(
      { gallery: null, photos: [], message: galleryMessages.photosLoadFailed },
      { status: 400 },
    );
  }
  try {
    return data<GalleryPhotosLoaderData>({ ...(await listGalleryPhotos(id.data)), message: null });
  } catch (error) {
    const known = error instanceof GalleryAdminError;
    if (!known) logger.error({ err: error }, "gallery photos failed to load");
    return data<GalleryPhotosLoaderData>(
      { gallery: null, photos: [], message: galleryMessages.photosLoadFailed },
      { status: known ? error.status : 500 },
    );
  }
}

export type GalleryPhotoActionResult = GalleryActionResult & { photoId?: string };

/** POST /admin/galleries/photos: multipart `galleryId` + `file` uploads one photo; else move/delete. */
export async function handleGalleryPhotosAction(request: Request) {
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  const failure = multipart ? galleryMessages.uploadFailed : galleryMessages.invalidRequest;
  let formData: FormData;
  try {
    formData = await readFormData(request, failure);
  } catch (error) {
    const known = error instanceof FormBodyError;
    return data<GalleryPhotoActionResult>(
      { ok: false, intent: multipart ? "upload" : null, message: known ? error.message : failure },
      { status: known ? error.status : 400 },
    );
  }
  if (multipart) return uploadGalleryPhoto(formData);

  const parsed = galleryPhotoActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return data<GalleryPhotoActionResult>(
      { ok: false, intent: null, message: galleryMessages.invalidRequest },
      { status: 400 },
    );
  }
  const command = parsed.data;
  try {
    if (command.intent === "move") {
      await moveGalleryPhoto(command.photoId, command.direction);
      return { ok: true, intent: "move", message: galleryMessages.photoMoved } as GalleryPhotoActionResult;
    }
    await deleteGalleryPhoto(command.photoId);
    return { ok: true, intent: "delete", message: galleryMessages.photoDeleted } as GalleryPhotoActionResult;
  } catch (error) {
    const known = error instanceof GalleryAdminError;
    if (!known) logger.error({ err: error, intent: command.intent }, "gallery photo action failed");
    return data<GalleryPhotoActionResult>(
      {
        ok: false,
        intent: command.intent,
        message: known ? error.message : galleryPhotoFailure[command.intent],
      },
      { status: known ? error.status : 500 },
    );
  }
}

async function uploadGalleryPhoto(formData: FormData) {
  const refuse = (message: string, status: number) =>
    data<GalleryPhotoActionResult>({ ok: false, intent: "upload", message }, { status });
  const galleryId = z.uuid().safeParse(formData.get("galleryId"));
  if (!galleryId.success) return refuse(galleryMessages.notFound, 400);
  const file = fileOf(formData.get("file"));
  if (!file) return refuse(galleryMessages.missingFile, 400);
  try {
    // Refuse an unknown gallery before the (slow) re-encoding.
    const { gallery } = await listGalleryPhotos(galleryId.data);
    const image = await storeFormImage(file, "galleries", `${gallery.title} — zdjęcie`);
    const photo = await addGalleryPhoto(galleryId.data, image);
    return { ok: true, intent: "upload", message: galleryMessages.uploaded(1), photoId: photo.id } as const;
  } catch (error) {
    if (error instanceof UploadError) return refuse(error.message, 400);
    if (error instanceof GalleryAdminError) return refuse(error.message, error.status);
    logger.error({ err: error }, "gallery photo upload failed");
    return refuse(galleryMessages.uploadFailed, 500);
  }
}
