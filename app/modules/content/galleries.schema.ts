/**
 * The galleries tab (SPEC §2/§5/§8 Galleries): one schema for the create/edit dialog (browser and
 * action alike), the table's quick actions and the photo manager's actions, with SPEC's Polish texts.
 */
import { z } from "zod";
import { SLUG_PATTERN } from "~/lib/slug";
import { photoCount } from "./text";
import { dialogIntentFields, textFieldsFor } from "./text-fields.schema";

export const galleryLimits = {
  titleMax: 200,
  slugMax: 120,
  descriptionMax: 2000,
  dateMax: 60,
  locationMax: 120,
} as const;

export const galleryMessages = {
  required: "Wypełnij wymagane pola",
  slug: "Slug może zawierać tylko małe litery, cyfry i myślniki",
  slugTaken: "Ten slug jest już zajęty przez inną galerię",
  titleMax: `Tytuł może mieć maksymalnie ${galleryLimits.titleMax} znaków`,
  slugMax: `Slug może mieć maksymalnie ${galleryLimits.slugMax} znaków`,
  descriptionMax: `Opis może mieć maksymalnie ${galleryLimits.descriptionMax} znaków`,
  dateMax: `Data może mieć maksymalnie ${galleryLimits.dateMax} znaków`,
  locationMax: `Lokalizacja może mieć maksymalnie ${galleryLimits.locationMax} znaków`,
  notFound: "Nie znaleziono galerii. Odśwież stronę.",
  photoNotFound: "Nie znaleziono zdjęcia. Odśwież stronę.",
  invalidRequest: "Nieprawidłowe żądanie. Odśwież stronę i spróbuj ponownie.",
  invalidCharacters: "Usuń niedozwolone znaki specjalne",
  missingFile: "Nie wybrano pliku",
  // SPEC §8, verbatim.
  loadFailed: "Nie udało się pobrać galerii",
  uploadFailed: "Nie udało się przesłać zdjęcia",
  updateFailed: "Nie udało się zaktualizować galerii",
  createFailed: "Nie udało się utworzyć galerii",
  deleteFailed: "Nie udało się usunąć galerii",
  publishedFailed: "Nie udało się zmienić statusu",
  featuredFailed: "Nie udało się zmienić featured",
  photosLoadFailed: "Nie udało się pobrać zdjęć",
  updated: "Galeria została zaktualizowana",
  created: "Galeria została utworzona",
  deleted: "Galeria została usunięta",
  uploaded: (count: number) => `Przesłano ${count} zdjęć`,
  photoDeleted: "Zdjęcie zostało usunięte",
  deleteConfirm: "Czy na pewno chcesz usunąć tę galerię?",
  photoDeleteConfirm: "Czy na pewno chcesz usunąć to zdjęcie?",
  // Beyond SPEC, in its tone.
  published: "Galeria opublikowana",
  unpublished: "Galeria ukryta",
  featuredOn: "Galeria wyróżniona",
  featuredOff: "Galeria nie jest już wyróżniona",
  photoMoved: "Kolejność zdjęć zmieniona",
  photoMoveFailed: "Nie udało się zmienić kolejności",
  photoDeleteFailed: "Nie udało się usunąć zdjęcia",
  empty: "Brak galerii. Dodaj pierwszą.",
  noPhotos: "Ta galeria nie ma jeszcze zdjęć.",
} as const;

const text = textFieldsFor(galleryMessages.invalidCharacters);

/** The create/edit dialog. `heroImage` is an optional file; `removeHeroImage` drops the current one. */
export const galleryFormSchema = z.object({
  ...dialogIntentFields,
  title: text.required(galleryLimits.titleMax, {
    required: galleryMessages.required,
    max: galleryMessages.titleMax,
  }),
  slug: z
    .string({ error: galleryMessages.required })
    .trim()
    .min(1, { error: galleryMessages.required, abort: true })
    .max(galleryLimits.slugMax, { error: galleryMessages.slugMax })
    .regex(SLUG_PATTERN, { error: galleryMessages.slug }),
  description: text.optional(galleryLimits.descriptionMax, galleryMessages.descriptionMax, {
    multiline: true,
  }),
  date: text.optional(galleryLimits.dateMax, galleryMessages.dateMax),
  location: text.optional(galleryLimits.locationMax, galleryMessages.locationMax),
  published: z.boolean().default(false),
  featured: z.boolean().default(false),
  heroImage: z.instanceof(File).optional(),
  removeHeroImage: z.boolean().default(false),
});

export type GalleryFormValue = z.infer<typeof galleryFormSchema>;

/** The table's delete. */
export const galleryIdSchema = z.object({ id: z.uuid() });

/** The table's switches (published, featured): `value` is "true" or "false". */
export const galleryFlagSchema = z.object({
  id: z.uuid(),
  value: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export type GalleryListIntent = "create" | "update" | "delete" | "set-published" | "set-featured";

/** The toast title of each refused action (SPEC §8). */
export const galleryListFailure: Record<GalleryListIntent, string> = {
  create: galleryMessages.createFailed,
  update: galleryMessages.updateFailed,
  delete: galleryMessages.deleteFailed,
  "set-published": galleryMessages.publishedFailed,
  "set-featured": galleryMessages.featuredFailed,
};

/** The photo manager's actions (uploads are multipart requests of their own). */
export const galleryPhotoMoveSchema = z.object({ photoId: z.uuid(), direction: z.enum(["up", "down"]) });
export const galleryPhotoDeleteSchema = z.object({ photoId: z.uuid() });

export type GalleryPhotoIntent = "upload" | "move" | "delete";

export const galleryPhotoFailure: Record<GalleryPhotoIntent, string> = {
  upload: galleryMessages.uploadFailed,
  move: galleryMessages.photoMoveFailed,
  delete: galleryMessages.photoDeleteFailed,
};

/** Swaps a photo with its neighbour: the ids in their new order, or null at either end. */
export function swapNeighbour<T>(items: readonly T[], index: number, direction: "up" | "down"): T[] | null {
  const target = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return null;
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** "1 zdjęcie", "3 zdjęcia", "5 zdjęć", "22 zdjęcia" (Polish plural forms). */
export const photoCountLabel = photoCount;
