/**
 * An image that comes inside a panel form (a gallery's hero or photo, an ambassador's profile image):
 * the body limit the form's action reads it under (`handleFormAction`'s `multipart` option, capped
 * while it streams), and storing the chosen file under part 1's upload rules (images.server.ts).
 */
import type { Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import type { MultipartLimit } from "~/lib/form-action.server";
import type { ImageRef } from "~/lib/images";
import { storeUploadedImage, UploadError, type UploadFolder } from "./images.server";
import { discardImageIfUnreferenced } from "./stored-images.server";
import { MAX_UPLOAD_BYTES, tooLargeMessage } from "./upload";

/** Room for the multipart envelope and the form's text fields around one file of the maximum size. */
export const MAX_FORM_REQUEST_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;

/** The cap of a form that carries one image, with the size refusal SPEC words. */
export const IMAGE_FORM_LIMIT: MultipartLimit = {
  maxBytes: MAX_FORM_REQUEST_BYTES,
  tooLarge: tooLargeMessage("Plik"),
};

/** A chosen file, or null when the field is empty. */
export function fileOf(value: FormDataEntryValue | null | undefined): File | null {
  return value instanceof File && value.size > 0 ? value : null;
}

/**
 * Stores one uploaded image into `folder`. A file that is not a JPEG/PNG/WEBP, too large or too many
 * pixels is a DomainError (400, SPEC's message naming the file) on the form's `field`.
 */
export async function storeFormImage(
  file: File,
  folder: UploadFolder,
  alt: string,
  field?: string,
): Promise<ImageRef> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return await storeUploadedImage({ name: file.name || "Plik", bytes }, folder, alt);
  } catch (error) {
    if (error instanceof UploadError) throw new DomainError(error.message, 400, field);
    throw error;
  }
}

/**
 * What a form's optional image field asks for: a fresh upload (stored now), null when the person
 * ticked "remove", else "keep" (the saved image stays).
 */
export async function chosenImage(
  choice: { file: FormDataEntryValue | null | undefined; remove: boolean },
  folder: UploadFolder,
  alt: string,
  field: string,
): Promise<ImageRef | null | "keep"> {
  const file = fileOf(choice.file);
  if (file) return storeFormImage(file, folder, alt, field);
  return choice.remove ? null : "keep";
}

/**
 * Saves a record with a form's image choice ("keep", null or a fresh upload): when the save fails the
 * fresh upload's files go; when it succeeds the files of the image it replaced go (each only when
 * nothing else shows it). `save` writes the record: its result, and the image the record had before.
 */
export async function saveWithImage<T>(
  image: ImageRef | null | "keep",
  executor: Executor,
  save: () => Promise<{ result: T; replaced: ImageRef | null }>,
): Promise<T> {
  let saved: { result: T; replaced: ImageRef | null };
  try {
    saved = await save();
  } catch (error) {
    if (image !== "keep") await discardImageIfUnreferenced(image, executor);
    throw error;
  }
  const { result, replaced } = saved;
  if (image !== "keep" && replaced?.src !== image?.src) await discardImageIfUnreferenced(replaced, executor);
  return result;
}
