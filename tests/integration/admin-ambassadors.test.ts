/**
 * The ambassadors tab against a real database: validation (400s with Polish messages, the form kept),
 * the slug from the name (Polish letters, made unique), order default 0, profile images stored,
 * replaced and deleted with their files, and /ambasadorzy reading the result.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleFormAction } from "../../app/lib/form-action.server";
import { ambassadorMessages, ambassadorSlug } from "../../app/modules/content/ambassadors.schema";
import { listAmbassadors } from "../../app/modules/content/ambassadors.server";
import {
  ambassadorFormOptions,
  ambassadorIntents,
} from "../../app/modules/content/ambassadors-actions.server";
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

async function pngFile(name = "profil.png") {
  const bytes = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#6e5bff" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

function unwrap(answer: unknown) {
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    const value = answer as { init?: { status?: number } | null; data: Record<string, unknown> };
    return { status: value.init?.status ?? 200, data: value.data };
  }
  return { status: 200, data: answer as Record<string, unknown> };
}

async function send(fields: Record<string, string | File>, multipart = true) {
  let body: BodyInit;
  if (multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    body = form;
  } else body = new URLSearchParams(fields as Record<string, string>);
  return unwrap(
    await handleFormAction(
      new Request(`${ORIGIN}/admin/ambassadors`, { method: "POST", body }),
      ambassadorIntents,
      ambassadorFormOptions,
    ),
  );
}

const errorsOf = (answer: { data: Record<string, unknown> }) =>
  (answer.data.result as { error: Record<string, string[]> }).error;

function filesOf(image: s.ImageRef) {
  const base = image.src.replace(/^\/media\//, "");
  return image.widths.flatMap((width) =>
    image.formats.map((format) => path.join(env.uploads, `${base}-${width}.${format}`)),
  );
}

async function bySlug(slug: string) {
  const [row] = await db().select().from(s.ambassadors).where(eq(s.ambassadors.slug, slug));
  return row;
}

describe("the ambassador dialog", () => {
  it("requires the name and a valid Instagram URL (400, Polish, the form kept)", async () => {
    const empty = await send({ intent: "create", name: "", instagramUrl: "" });
    expect(empty.status).toBe(400);
    expect(errorsOf(empty).name).toEqual([ambassadorMessages.nameRequired]);
    expect(errorsOf(empty).instagramUrl).toEqual([ambassadorMessages.instagramRequired]);

    for (const url of ["javascript:alert(1)", "instagram", "ftp://instagram.com/x"]) {
      const invalid = await send({ intent: "create", name: "Ktoś", instagramUrl: url });
      expect(invalid.status).toBe(400);
      expect(errorsOf(invalid).instagramUrl).toEqual([ambassadorMessages.instagramInvalid]);
      expect((invalid.data.result as { initialValue: Record<string, string> }).initialValue.name).toBe(
        "Ktoś",
      );
    }

    const order = await send({
      intent: "create",
      name: "Ktoś",
      instagramUrl: "https://www.instagram.com/ktos",
      orderIndex: "-1",
    });
    expect(order.status).toBe(400);
    expect(errorsOf(order).orderIndex).toEqual([ambassadorMessages.order]);
    expect((await listAmbassadors()).some((a) => a.name === "Ktoś")).toBe(false);
  });

  it("refuses a NUL or other control character with 400 and a Polish message, keeping the form (issue 14)", async () => {
    for (const [field, value] of [
      ["name", "Kto\u0000ś"],
      ["name", "Kto\u001bś"],
      ["bio", "Gra techno\u0000 od 2019."],
    ] as const) {
      const answer = await send({
        intent: "create",
        name: "Ktoś",
        instagramUrl: "https://www.instagram.com/ktos",
        [field]: value,
      });
      expect(answer.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(errorsOf(answer)[field]).toEqual([ambassadorMessages.invalidCharacters]);
      expect((answer.data.result as { initialValue: Record<string, string> }).initialValue[field]).toBe(
        value,
      );
    }
    expect((await listAmbassadors()).some((a) => a.name.startsWith("Kto"))).toBe(false);
  });

  it("adds an ambassador: slug from the name, order 0 by default, shown on /ambasadorzy", async () => {
    expect(ambassadorSlug("Łukasz Żak")).toBe("lukasz-zak");
    const answer = await send({
      intent: "create",
      name: "Łukasz Żak",
      instagramUrl: "https://www.instagram.com/lukasz.zak",
      bio: "Gra techno.",
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, message: ambassadorMessages.created } });
    const row = await bySlug("lukasz-zak");
    expect(row).toMatchObject({ name: "Łukasz Żak", orderIndex: 0, bio: "Gra techno.", profileImage: null });
    expect((await listAmbassadors()).map((a) => a.name)).toContain("Łukasz Żak");

    // The same name again gets a free slug, not a 500.
    const again = await send({
      intent: "create",
      name: "Łukasz  Żak!",
      instagramUrl: "https://instagram.com/lz2",
    });
    expect(again.status).toBe(200);
    expect(await bySlug("lukasz-zak-2")).toBeDefined();
  });

  it("stores a profile image, replaces it and removes the old files; refuses a fake one", async () => {
    const created = await send({
      intent: "create",
      name: "Ola Foto",
      instagramUrl: "https://www.instagram.com/ola.foto",
      orderIndex: "5",
      profileImage: await pngFile(),
    });
    expect(created.status).toBe(200);
    const row = await bySlug("ola-foto");
    expect(row.orderIndex).toBe(5);
    expect(row.profileImage?.src).toMatch(/^\/media\/ambassadors\//);
    const first = filesOf(row.profileImage!);
    for (const file of first) expect(fs.existsSync(file)).toBe(true);

    const fake = new File([new TextEncoder().encode("GIF89a nie")], "zle.png", { type: "image/png" });
    const refused = await send({
      intent: "update",
      id: row.id,
      name: "Ola Foto",
      instagramUrl: row.instagramUrl,
      profileImage: fake,
    });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused).profileImage).toEqual([invalidFormatMessage("zle.png")]);
    expect((await bySlug("ola-foto")).profileImage?.src).toBe(row.profileImage?.src);

    const replaced = await send({
      intent: "update",
      id: row.id,
      name: "Ola Fotografka",
      instagramUrl: "https://www.instagram.com/ola.fotografka",
      orderIndex: "2",
      profileImage: await pngFile("nowe.png"),
    });
    expect(replaced).toMatchObject({ status: 200, data: { message: ambassadorMessages.updated } });
    const updated = await bySlug("ola-fotografka");
    expect(updated).toMatchObject({
      id: row.id,
      orderIndex: 2,
      instagramUrl: "https://www.instagram.com/ola.fotografka",
    });
    for (const file of first) expect(fs.existsSync(file)).toBe(false);
    const second = filesOf(updated.profileImage!);
    for (const file of second) expect(fs.existsSync(file)).toBe(true);

    const deleted = await send({ intent: "delete", id: row.id }, false);
    expect(deleted).toMatchObject({ status: 200, data: { message: ambassadorMessages.deleted } });
    expect(await bySlug("ola-fotografka")).toBeUndefined();
    for (const file of second) expect(fs.existsSync(file)).toBe(false);
    expect((await listAmbassadors()).some((a) => a.id === row.id)).toBe(false);
  });

  it("keeps a profile image's files while a gallery shows the same image (issue 15: one deletion rule)", async () => {
    const created = await send({
      intent: "create",
      name: "Wspólne Zdjęcie",
      instagramUrl: "https://www.instagram.com/wspolne",
      profileImage: await pngFile("wspolne.png"),
    });
    expect(created.status).toBe(200);
    const row = await bySlug("wspolne-zdjecie");
    const image = row.profileImage!;
    const [gallery] = await db()
      .insert(s.galleries)
      .values({ title: "Wspólna", slug: "wspolna-galeria", heroImage: image })
      .returning();
    const files = filesOf(image);

    expect((await send({ intent: "delete", id: row.id }, false)).status).toBe(200);
    for (const file of files) expect(fs.existsSync(file)).toBe(true);

    await db().delete(s.galleries).where(eq(s.galleries.id, gallery.id));
    const other = await send({
      intent: "create",
      name: "Znowu Wspólne",
      instagramUrl: "https://www.instagram.com/znowu",
    });
    expect(other.status).toBe(200);
    const again = await bySlug("znowu-wspolne");
    await db().update(s.ambassadors).set({ profileImage: image }).where(eq(s.ambassadors.id, again.id));
    expect((await send({ intent: "delete", id: again.id }, false)).status).toBe(200);
    for (const file of files) expect(fs.existsSync(file)).toBe(false);
  });

  it("answers unknown ids with 404 and malformed requests with 400", async () => {
    const update = await send({
      intent: "update",
      id: crypto.randomUUID(),
      name: "Nikt",
      instagramUrl: "https://www.instagram.com/nikt",
    });
    expect(update).toMatchObject({ status: 404, data: { message: ambassadorMessages.notFound } });
    expect((await send({ intent: "delete", id: crypto.randomUUID() }, false)).status).toBe(404);
    expect((await send({ intent: "delete", id: "1" }, false)).status).toBe(400);
    expect((await send({ intent: "boom" }, false)).status).toBe(400);
  });
});
