/**
 * The galleries tab against a real database: the dialog's validation (400s, Polish messages), slug
 * transliteration, order on create, a taken slug as a field error, hero uploads checked by content,
 * the switches as the public pages see them, and the photo manager (upload order, swap, delete with
 * the stored files).
 */
import fs from "node:fs";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleFormAction, readActionForm } from "../../app/lib/form-action.server";
import { slugify } from "../../app/lib/slug";
import { galleryMessages } from "../../app/modules/content/galleries.schema";
import {
  getPublishedGallery,
  listFeaturedGalleries,
  listGalleries,
} from "../../app/modules/content/galleries.server";
import {
  galleryFormOptions,
  galleryIntents,
  galleryPhotoFormOptions,
  galleryPhotoIntents,
  galleryPhotoUploadLimit,
  loadGalleryPhotos,
  uploadGalleryPhoto,
} from "../../app/modules/content/galleries-actions.server";
import { invalidFormatMessage } from "../../app/modules/media/upload";
import * as s from "../../db/schema";
import { type AdminTestEnv, ORIGIN, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});

async function jpegFile(name = "foto.jpg", color = "#ff2e88") {
  const bytes = await sharp({ create: { width: 500, height: 400, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

type Answer = { status: number; data: Record<string, unknown> };

/** The status and body of what an action returned (plain object or React Router's `data()`). */
function unwrap(answer: unknown): Answer {
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    const value = answer as { init?: { status?: number } | null; data: Record<string, unknown> };
    return { status: value.init?.status ?? 200, data: value.data };
  }
  return { status: 200, data: answer as Record<string, unknown> };
}

function multipart(fields: Record<string, string | File>, url = `${ORIGIN}/admin/galleries`) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(url, { method: "POST", body });
}

const urlencoded = (fields: Record<string, string>, url = `${ORIGIN}/admin/galleries`) =>
  new Request(url, { method: "POST", body: new URLSearchParams(fields) });

const galleryAction = async (request: Request) =>
  unwrap(await handleFormAction(request, galleryIntents, galleryFormOptions));
/** What POST /admin/galleries/photos does: an upload when multipart, else the move/delete buttons. */
const photoAction = async (request: Request) =>
  unwrap(
    (request.headers.get("content-type") ?? "").startsWith("multipart/form-data")
      ? await uploadGalleryPhoto(() =>
          readActionForm(request, galleryMessages.uploadFailed, galleryPhotoUploadLimit),
        )
      : await handleFormAction(request, galleryPhotoIntents, galleryPhotoFormOptions),
  );

/** Every stored file of an uploaded image, as paths in the uploads directory. */
function filesOf(image: s.ImageRef) {
  const base = image.src.replace(/^\/media\//, "");
  return image.widths.flatMap((width) =>
    image.formats.map((format) => path.join(env.uploads, `${base}-${width}.${format}`)),
  );
}

async function gallery(slug: string) {
  const [row] = await db().select().from(s.galleries).where(eq(s.galleries.slug, slug));
  return row;
}

async function photosOf(galleryId: string) {
  return db()
    .select()
    .from(s.galleryImages)
    .where(eq(s.galleryImages.galleryId, galleryId))
    .orderBy(asc(s.galleryImages.orderIndex));
}

describe("slugs", () => {
  it("transliterates Polish letters", () => {
    expect(slugify("Żółta Łódź – Wrocław 2026!")).toBe("zolta-lodz-wroclaw-2026");
    expect(slugify("Gęśla Jaźń, ŚĆŃ")).toBe("gesla-jazn-scn");
  });
});

describe("the gallery dialog", () => {
  it("refuses a missing title or slug with 'Wypełnij wymagane pola' (400) and stores nothing", async () => {
    const before = await db().select({ n: count() }).from(s.galleries);
    const answer = await galleryAction(multipart({ intent: "create", title: "", slug: "" }));
    expect(answer.status).toBe(400);
    expect(answer.data.message).toBe(galleryMessages.required);
    const result = answer.data.result as { error: Record<string, string[]>; initialValue: unknown };
    expect(result.error.title).toEqual([galleryMessages.required]);
    expect(result.error.slug).toEqual([galleryMessages.required]);

    const noSlug = await galleryAction(multipart({ intent: "create", title: "Tytuł", slug: "" }));
    expect(noSlug.status).toBe(400);
    expect(noSlug.data.message).toBe(galleryMessages.required);
    // The typed title is kept for the form.
    expect((noSlug.data.result as { initialValue: Record<string, string> }).initialValue.title).toBe("Tytuł");

    const badSlug = await galleryAction(multipart({ intent: "create", title: "Tytuł", slug: "Zła Ścieżka" }));
    expect(badSlug.status).toBe(400);
    expect((badSlug.data.result as { error: Record<string, string[]> }).error.slug).toEqual([
      galleryMessages.slug,
    ]);
    expect(await db().select({ n: count() }).from(s.galleries)).toEqual(before);
  });

  it("refuses a NUL in any text field with 400 and a Polish message, storing nothing (issue 14)", async () => {
    const before = await db().select({ n: count() }).from(s.galleries);
    for (const field of ["title", "description", "date", "location"]) {
      const value = `Noc\u0000 w magazynie`;
      const answer = await galleryAction(
        multipart({ intent: "create", title: "Tytuł", slug: "galeria-nul", [field]: value }),
      );
      expect(answer.status, field).toBe(400);
      const result = answer.data.result as {
        error: Record<string, string[]>;
        initialValue: Record<string, string>;
      };
      expect(result.error[field]).toEqual([galleryMessages.invalidCharacters]);
      expect(result.initialValue[field]).toBe(value);
    }
    expect(await db().select({ n: count() }).from(s.galleries)).toEqual(before);
  });

  it("creates a gallery with its order = the current count and an uploaded hero image", async () => {
    const [{ n: existing }] = await db().select({ n: count() }).from(s.galleries);
    const answer = await galleryAction(
      multipart({
        intent: "create",
        title: "Żółta Łódź 2026",
        slug: slugify("Żółta Łódź 2026"),
        date: "17.01.2026",
        location: "Wrocław",
        description: "Opis galerii",
        published: "on",
        heroImage: await jpegFile("hero.jpg"),
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, message: galleryMessages.created });
    const row = await gallery("zolta-lodz-2026");
    expect(row).toMatchObject({
      title: "Żółta Łódź 2026",
      date: "17.01.2026",
      location: "Wrocław",
      published: true,
      featured: false,
      orderIndex: existing,
    });
    expect(row.heroImage?.src).toMatch(/^\/media\/galleries\/\d{4}\/[0-9a-f]{24}$/);
    for (const file of filesOf(row.heroImage!)) expect(fs.existsSync(file)).toBe(true);
    // The public page shows it at once.
    expect((await getPublishedGallery("zolta-lodz-2026"))?.title).toBe("Żółta Łódź 2026");
  });

  it("answers a taken slug with a Polish field error (400), not a 500", async () => {
    const answer = await galleryAction(
      multipart({ intent: "create", title: "Inna", slug: "zolta-lodz-2026", heroImage: await jpegFile() }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.message).toBe(galleryMessages.slugTaken);
    expect((answer.data.result as { error: Record<string, string[]> }).error.slug).toEqual([
      galleryMessages.slugTaken,
    ]);
    const other = await gallery("nokturn-listopad-2025");
    const update = await galleryAction(
      multipart({ intent: "update", id: other.id, title: other.title, slug: "zolta-lodz-2026" }),
    );
    expect(update.status).toBe(400);
    expect(update.data.message).toBe(galleryMessages.slugTaken);
  });

  it("refuses a hero that is not an image by its content (400, part 1's message)", async () => {
    const fake = new File([new TextEncoder().encode("<svg>nie obraz</svg>")], "fake.jpg", {
      type: "image/jpeg",
    });
    const answer = await galleryAction(
      multipart({ intent: "create", title: "Fałszywa", slug: "falszywa", heroImage: fake }),
    );
    expect(answer.status).toBe(400);
    expect((answer.data.result as { error: Record<string, string[]> }).error.heroImage).toEqual([
      invalidFormatMessage("fake.jpg"),
    ]);
    expect(await gallery("falszywa")).toBeUndefined();
  });

  it("edits a gallery; replacing or removing the hero deletes the old files", async () => {
    const row = await gallery("zolta-lodz-2026");
    const oldFiles = filesOf(row.heroImage!);
    const answer = await galleryAction(
      multipart({
        intent: "update",
        id: row.id,
        title: "Żółta Łódź — poprawiona",
        slug: "zolta-lodz-poprawiona",
        published: "on",
        featured: "on",
        heroImage: await jpegFile("nowe.jpg", "#00ffaa"),
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.data.message).toBe(galleryMessages.updated);
    const updated = await gallery("zolta-lodz-poprawiona");
    expect(updated).toMatchObject({ id: row.id, featured: true, orderIndex: row.orderIndex });
    for (const file of oldFiles) expect(fs.existsSync(file)).toBe(false);
    const newFiles = filesOf(updated.heroImage!);
    for (const file of newFiles) expect(fs.existsSync(file)).toBe(true);

    const removed = await galleryAction(
      multipart({
        intent: "update",
        id: row.id,
        title: updated.title,
        slug: updated.slug,
        published: "on",
        featured: "on",
        removeHeroImage: "on",
      }),
    );
    expect(removed.status).toBe(200);
    expect((await gallery("zolta-lodz-poprawiona")).heroImage).toBeNull();
    for (const file of newFiles) expect(fs.existsSync(file)).toBe(false);
  });

  it("an unknown gallery is a 404", async () => {
    const answer = await galleryAction(
      multipart({ intent: "update", id: crypto.randomUUID(), title: "Nie ma", slug: "nie-ma" }),
    );
    expect(answer.status).toBe(404);
    expect(answer.data.message).toBe(galleryMessages.notFound);
  });
});

describe("the table's switches", () => {
  it("published and featured change what the public pages show", async () => {
    const row = await gallery("nokturn-wrzesien-2025");
    expect((await listFeaturedGalleries()).some((slide) => slide.id === row.id)).toBe(false);
    let answer = await galleryAction(urlencoded({ intent: "set-featured", id: row.id, value: "true" }));
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    expect((await listFeaturedGalleries()).some((slide) => slide.id === row.id)).toBe(true);

    answer = await galleryAction(urlencoded({ intent: "set-published", id: row.id, value: "false" }));
    expect(answer.status).toBe(200);
    expect(await getPublishedGallery(row.slug)).toBeNull();
    expect((await listFeaturedGalleries()).some((slide) => slide.id === row.id)).toBe(false);
    const listed = (await listGalleries()).find((candidate) => candidate.id === row.id);
    expect(listed).toMatchObject({ published: false, featured: true, photoCount: 10 });
  });

  it("refuses malformed quick actions with 400 and unknown ids with 404", async () => {
    expect(
      (await galleryAction(urlencoded({ intent: "set-published", id: "x", value: "true" }))).status,
    ).toBe(400);
    expect((await galleryAction(urlencoded({ intent: "explode" }))).status).toBe(400);
    const unknown = await galleryAction(
      urlencoded({ intent: "set-featured", id: crypto.randomUUID(), value: "true" }),
    );
    expect(unknown).toMatchObject({ status: 404, data: { message: galleryMessages.notFound } });
  });
});

describe("the photo manager", () => {
  const photosUrl = `${ORIGIN}/admin/galleries/photos`;

  it("appends uploads in order, swaps neighbours and deletes a photo with its files", async () => {
    const row = await gallery("zolta-lodz-poprawiona");
    for (const [n, color] of ["#ff0000", "#00ff00", "#0000ff"].entries()) {
      const answer = await photoAction(
        multipart({ galleryId: row.id, file: await jpegFile(`zdjecie-${n + 1}.jpg`, color) }, photosUrl),
      );
      expect(answer).toMatchObject({ status: 200, data: { ok: true, message: galleryMessages.uploaded(1) } });
    }
    let photos = await photosOf(row.id);
    expect(photos.map((photo) => photo.orderIndex)).toEqual([1, 2, 3]);
    const [first, second, third] = photos;

    // Move the third up: it swaps places with the second.
    let answer = await photoAction(
      urlencoded({ intent: "move", photoId: third.id, direction: "up" }, photosUrl),
    );
    expect(answer.status).toBe(200);
    photos = await photosOf(row.id);
    expect(photos.map((photo) => photo.id)).toEqual([first.id, third.id, second.id]);

    // Moving the first up changes nothing.
    answer = await photoAction(urlencoded({ intent: "move", photoId: first.id, direction: "up" }, photosUrl));
    expect(answer.status).toBe(200);
    expect((await photosOf(row.id)).map((photo) => photo.id)).toEqual([first.id, third.id, second.id]);

    answer = await photoAction(
      urlencoded({ intent: "move", photoId: first.id, direction: "down" }, photosUrl),
    );
    expect((await photosOf(row.id)).map((photo) => photo.id)).toEqual([third.id, first.id, second.id]);

    // The loader lists them in that order, and the public page too.
    const listed = unwrap(await loadGalleryPhotos(row.id));
    expect((listed.data.photos as { id: string }[]).map((photo) => photo.id)).toEqual([
      third.id,
      first.id,
      second.id,
    ]);
    expect((await getPublishedGallery(row.slug))?.photos.map((photo) => photo.id)).toEqual([
      third.id,
      first.id,
      second.id,
    ]);

    const files = filesOf(first.image);
    for (const file of files) expect(fs.existsSync(file)).toBe(true);
    answer = await photoAction(urlencoded({ intent: "delete", photoId: first.id }, photosUrl));
    expect(answer).toMatchObject({ status: 200, data: { message: galleryMessages.photoDeleted } });
    for (const file of files) expect(fs.existsSync(file)).toBe(false);
    expect((await photosOf(row.id)).map((photo) => photo.id)).toEqual([third.id, second.id]);

    // A new upload goes after the last, even with a gap in the numbers.
    await photoAction(multipart({ galleryId: row.id, file: await jpegFile("czwarte.jpg") }, photosUrl));
    photos = await photosOf(row.id);
    expect(photos.map((photo) => photo.orderIndex)).toEqual([1, 3, 4]);
  });

  it("refuses bad uploads and requests with Polish messages", async () => {
    const row = await gallery("zolta-lodz-poprawiona");
    const fake = new File([new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])], "dane.png", { type: "image/png" });
    const refusedUpload = await photoAction(multipart({ galleryId: row.id, file: fake }, photosUrl));
    expect(refusedUpload).toMatchObject({ status: 400, data: { message: invalidFormatMessage("dane.png") } });
    const noFile = await photoAction(multipart({ galleryId: row.id }, photosUrl));
    expect(noFile).toMatchObject({ status: 400, data: { message: galleryMessages.missingFile } });
    const unknownGallery = await photoAction(
      multipart({ galleryId: crypto.randomUUID(), file: await jpegFile() }, photosUrl),
    );
    expect(unknownGallery.status).toBe(404);
    expect((await photoAction(urlencoded({ intent: "move", photoId: "nope" }, photosUrl))).status).toBe(400);
    expect(
      (await photoAction(urlencoded({ intent: "delete", photoId: crypto.randomUUID() }, photosUrl))).status,
    ).toBe(404);
    const badList = unwrap(await loadGalleryPhotos("zle"));
    expect(badList).toMatchObject({ status: 400, data: { message: galleryMessages.photosLoadFailed } });
  });

  it("deleting a gallery removes its photos and every stored file", async () => {
    const row = await gallery("zolta-lodz-poprawiona");
    await galleryAction(
      multipart({
        intent: "update",
        id: row.id,
        title: row.title,
        slug: row.slug,
        heroImage: await jpegFile("hero2.jpg"),
      }),
    );
    const withHero = await gallery(row.slug);
    const photos = await photosOf(row.id);
    const files = [withHero.heroImage!, ...photos.map((photo) => photo.image)].flatMap(filesOf);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(fs.existsSync(file)).toBe(true);

    const answer = await galleryAction(urlencoded({ intent: "delete", id: row.id }));
    expect(answer).toMatchObject({ status: 200, data: { message: galleryMessages.deleted } });
    expect(await gallery(row.slug)).toBeUndefined();
    expect(await photosOf(row.id)).toEqual([]);
    for (const file of files) expect(fs.existsSync(file)).toBe(false);
    expect((await galleryAction(urlencoded({ intent: "delete", id: row.id }))).status).toBe(404);
  });
});
