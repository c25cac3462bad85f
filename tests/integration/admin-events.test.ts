/**
 * Events in the admin panel against a real database: the form's validation (Polish 400s, typed values
 * kept), a taken slug, Warsaw time stored as UTC, the timetable and FAQ saved, the featured switch (one
 * transaction, the landing page and its .ics follow), the delete guard and the poster upload endpoint.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../app/lib/domain-error";
import { env as appEnv } from "../../app/lib/env.server";
import { redirectWithPanelFlash } from "../../app/modules/admin/flash.server";
import {
  deleteEvent,
  getAdminEvent,
  listAdminEvents,
  setFeaturedEvent,
} from "../../app/modules/content/event-editor.server";
import { eventMessages } from "../../app/modules/content/event-form.schema";
import {
  type EventSaved,
  handleEventFormAction,
  receiveEventPoster,
} from "../../app/modules/content/event-form.server";
import { getCalendarEvent } from "../../app/modules/content/events.server";
import { getLandingPage } from "../../app/modules/content/landing.server";
import * as s from "../../db/schema";
import { flashIn } from "../support/flash";
import { type AdminTestEnv, ORIGIN, setUpAdminTestEnv } from "./admin-support";

const uploadOf = (request: Request) => uploadBodyOf(request, MAX_UPLOAD_REQUEST_BYTES);

import { uploadBodyOf } from "../../app/lib/cap-body.server";
import { readFormData } from "../../app/lib/form-data";
import { MAX_UPLOAD_REQUEST_BYTES } from "../../app/modules/media/image-upload.server";

let env: AdminTestEnv;
const db = () => env.database.db;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});

const validFields = {
  title: "Nokturn Łódź Kaliska",
  slug: "nokturn-lodz-kaliska",
  startsAt: "2026-03-28T23:00",
  endsAt: "2026-03-29T07:00",
  lastEntry: "03:00",
  venue: "Klub Dworzec",
  city: "Łódź",
  address: "ul. Ogrodowa 1, 91-065 Łódź",
  ticketUrl: "https://bilety.example/nokturn-lodz",
  ticketPrice: "79,00",
  heroVideo: "/media/wideo/hero.mp4",
  manifesto: "Noc w Łodzi.",
  // The form's "Opublikowane" checkbox (issue #17); a featured event must be published.
  published: "on",
};

function body(fields: Record<string, string>, extra: [string, string][] = []) {
  const params = new URLSearchParams(fields);
  for (const [name, value] of extra) params.append(name, value);
  return params;
}

/** What the routes do once an event is saved: back to the list with the one-shot toast. */
const backToList = (saved: EventSaved) => redirectWithPanelFlash("/admin/events", saved);

async function submit(params: URLSearchParams, eventId: string | null = null) {
  const request = new Request(`${ORIGIN}/admin/events/new`, { method: "POST", body: params });
  try {
    const answer = await handleEventFormAction(await readFormData(request), eventId, backToList);
    return { status: answer.init?.status ?? 200, data: answer.data };
  } catch (thrown) {
    if (thrown instanceof Response)
      return {
        status: thrown.status,
        location: thrown.headers.get("location"),
        flash: (await flashIn(thrown))?.title,
      };
    throw thrown;
  }
}

async function eventBySlug(slug: string) {
  const [row] = await db().select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, slug));
  return row ? getAdminEvent(row.id) : null;
}

async function featuredSlugs() {
  const rows = await db().select({ slug: s.events.slug }).from(s.events).where(eq(s.events.featured, true));
  return rows.map((row) => row.slug);
}

describe("the event form's validation", () => {
  it("refuses bad input with Polish messages and 400, keeping what was typed", async () => {
    const answer = await submit(
      body({
        ...validFields,
        title: "X",
        slug: "Zły Slug",
        endsAt: "2026-03-28T22:00",
        ticketUrl: "javascript:alert(1)",
        heroVideo: "https://cdn.example/wideo.mp4",
      }),
    );
    expect(answer.status).toBe(400);
    const result = (
      answer.data as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
    ).result;
    expect(result.error.title).toEqual([eventMessages.titleMin]);
    expect(result.error.slug).toEqual([eventMessages.slug]);
    expect(result.error.endsAt).toEqual([eventMessages.endBeforeStart]);
    expect(result.error.ticketUrl).toEqual([eventMessages.ticketUrl]);
    expect(result.initialValue.venue).toBe("Klub Dworzec");
    expect(result.initialValue.ticketUrl).toBe("javascript:alert(1)");
  });

  it("refuses a video from another origin (CSP media-src 'self') but accepts our own URL as a path", async () => {
    const foreign = await submit(body({ ...validFields, heroVideo: "https://cdn.example/wideo.mp4" }));
    expect(foreign.status).toBe(400);
    expect((foreign.data as { message: string }).message).toBe(eventMessages.heroVideo);

    const own = await submit(
      body({
        ...validFields,
        slug: "wideo-z-naszej-strony",
        heroVideo: `${appEnv().siteUrl}/media/hero.mp4`,
      }),
    );
    expect(own.status).toBe(303);
    expect((await eventBySlug("wideo-z-naszej-strony"))?.heroVideo).toBe("/media/hero.mp4");
  });

  it("refuses bad timetable rows and FAQ pairs field by field", async () => {
    const answer = await submit(
      body(validFields, [
        ["timetable[0].stage", "rooftop"],
        ["timetable[0].name", "DJ"],
        ["timetable[1].stage", "main"],
        ["timetable[1].startTime", "25:00"],
        ["timetable[1].name", ""],
        ["faq[0].question", "Czy jest szatnia?"],
      ]),
    );
    expect(answer.status).toBe(400);
    const errors = (answer.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors["timetable[0].stage"]).toEqual([eventMessages.stage]);
    expect(errors["timetable[1].startTime"]).toEqual([eventMessages.time]);
    expect(errors["timetable[1].name"]).toEqual([eventMessages.name]);
    expect(errors["faq[0].answer"]).toEqual([eventMessages.answer]);
  });

  it("a taken slug is a Polish 400 on the slug field, not a 500", async () => {
    const answer = await submit(body({ ...validFields, slug: "nokturn-17-01-2026" }));
    expect(answer.status).toBe(400);
    const data = answer.data as { result: { error: Record<string, string[]> }; message: string };
    expect(data.result.error.slug).toEqual([eventMessages.slugTaken]);
    expect(data.message).toBe(eventMessages.slugTaken);
  });

  it("refuses an artist that does not exist and a poster that was never uploaded", async () => {
    const artist = await submit(
      body(validFields, [
        ["timetable[0].stage", "main"],
        ["timetable[0].name", "Nikt"],
        ["timetable[0].artistId", "00000000-0000-4000-8000-000000000000"],
      ]),
    );
    expect(artist.status).toBe(400);
    expect((artist.data as { message: string }).message).toBe(eventMessages.artist);

    const poster = await submit(
      body({
        ...validFields,
        heroPoster: JSON.stringify({
          src: "/media/events/2026/0123456789abcdef01234567",
          width: 1920,
          height: 1080,
          widths: [640],
          formats: ["webp"],
        }),
      }),
    );
    expect(poster.status).toBe(400);
    expect((poster.data as { message: string }).message).toBe(eventMessages.poster);
  });
});

async function eventCount() {
  return (await db().select({ id: s.events.id }).from(s.events)).length;
}

describe("publishing, status and the night's gallery (issue #17)", () => {
  it("stores published, the status and the linked gallery (a draft gallery too)", async () => {
    const [draft] = await db()
      .select({ id: s.galleries.id })
      .from(s.galleries)
      .where(eq(s.galleries.published, false))
      .limit(1);
    expect(draft).toBeDefined();
    const answer = await submit(
      body({ ...validFields, slug: "noc-przeniesiona", status: "moved", galleryId: draft.id }),
    );
    expect(answer).toMatchObject({ status: 303, flash: "Wydarzenie dodane" });
    const saved = await eventBySlug("noc-przeniesiona");
    expect(saved).toMatchObject({ published: true, status: "moved", galleryId: draft.id });

    // Unticked "Opublikowane", back to planned, gallery removed.
    const edit = await submit(
      body({ ...validFields, slug: "noc-przeniesiona", published: "", status: "planned", galleryId: "" }),
      saved!.id,
    );
    expect(edit).toMatchObject({ status: 303, flash: "Wydarzenie zapisane" });
    expect(await getAdminEvent(saved!.id)).toMatchObject({
      published: false,
      status: "planned",
      galleryId: null,
    });

    const row = (await listAdminEvents()).find((event) => event.slug === "noc-przeniesiona");
    expect(row).toMatchObject({ published: false, status: "planned", gallery: null });
  });

  it("lists each event's gallery with its title, slug and whether it is published", async () => {
    const [gallery] = await db()
      .select({ id: s.galleries.id, title: s.galleries.title, slug: s.galleries.slug })
      .from(s.galleries)
      .where(eq(s.galleries.published, true))
      .limit(1);
    const answer = await submit(body({ ...validFields, slug: "noc-z-galeria", galleryId: gallery.id }));
    expect(answer.status).toBe(303);
    const row = (await listAdminEvents()).find((event) => event.slug === "noc-z-galeria");
    expect(row?.gallery).toEqual({ title: gallery.title, slug: gallery.slug, published: true });
    // One row per event, whatever the joins.
    expect((await listAdminEvents()).filter((event) => event.slug === "noc-z-galeria")).toHaveLength(1);
  });

  it("an unknown or malformed gallery is a Polish 400 on its field and nothing is saved", async () => {
    const before = await eventCount();
    const unknown = await submit(
      body({ ...validFields, slug: "noc-bez-galerii", galleryId: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(unknown.status).toBe(400);
    const data = unknown.data as { result: { error: Record<string, string[]> }; message: string };
    expect(data.result.error.galleryId).toEqual([eventMessages.gallery]);
    expect(data.message).toBe(eventMessages.gallery);

    const malformed = await submit(body({ ...validFields, slug: "noc-bez-galerii", galleryId: "1 OR 1=1" }));
    expect(malformed.status).toBe(400);
    expect(
      (malformed.data as { result: { error: Record<string, string[]> } }).result.error.galleryId,
    ).toEqual([eventMessages.gallery]);
    expect(await eventBySlug("noc-bez-galerii")).toBeNull();
    expect(await eventCount()).toBe(before);

    // An edit with an unknown gallery changes nothing either.
    const seeded = await eventBySlug("nokturn-17-01-2026");
    const edit = await submit(
      body({
        ...validFields,
        title: "Zmieniony tytuł",
        slug: seeded!.slug,
        featured: "on",
        galleryId: "00000000-0000-4000-8000-000000000000",
      }),
      seeded!.id,
    );
    expect(edit.status).toBe(400);
    const after = await getAdminEvent(seeded!.id);
    expect(after?.title).toBe(seeded!.title);
    expect(after?.galleryId).toBe(seeded!.galleryId);
  });

  it("an unknown status is refused in Polish; end before start saves nothing", async () => {
    const before = await eventCount();
    const status = await submit(body({ ...validFields, slug: "noc-statusu", status: "postponed" }));
    expect(status.status).toBe(400);
    expect((status.data as { result: { error: Record<string, string[]> } }).result.error.status).toEqual([
      eventMessages.status,
    ]);
    const backwards = await submit(
      body({ ...validFields, slug: "noc-wstecz", startsAt: "2026-03-28T23:00", endsAt: "2026-03-28T23:00" }),
    );
    expect(backwards.status).toBe(400);
    expect((backwards.data as { result: { error: Record<string, string[]> } }).result.error.endsAt).toEqual([
      eventMessages.endBeforeStart,
    ]);
    expect(await eventCount()).toBe(before);
  });

  it("a featured event must be published: the form and the list's switch refuse a draft", async () => {
    const form = await submit(
      body({ ...validFields, slug: "szkic-na-glowna", published: "", featured: "on" }),
    );
    expect(form.status).toBe(400);
    expect((form.data as { result: { error: Record<string, string[]> } }).result.error.published).toEqual([
      eventMessages.featuredUnpublished,
    ]);
    expect(await eventBySlug("szkic-na-glowna")).toBeNull();

    const draft = await submit(body({ ...validFields, slug: "szkic-na-glowna", published: "" }));
    expect(draft.status).toBe(303);
    const saved = await eventBySlug("szkic-na-glowna");
    await expect(setFeaturedEvent(saved!.id)).rejects.toMatchObject({
      message: eventMessages.featuredUnpublished,
      status: 400,
    });
    expect(await featuredSlugs()).toEqual(["nokturn-17-01-2026"]);

    // Unpublishing the featured event from its form is refused too.
    const featured = await eventBySlug("nokturn-17-01-2026");
    const unpublish = await submit(
      body({ ...validFields, slug: featured!.slug, featured: "on", published: "" }),
      featured!.id,
    );
    expect(unpublish.status).toBe(400);
    expect((await getAdminEvent(featured!.id))?.published).toBe(true);
  });

  it("a built-in archive entry's slug is taken: its /archive URL stays SPEC's", async () => {
    const answer = await submit(body({ ...validFields, slug: "nokturn-wroclaw-2025" }));
    expect(answer.status).toBe(400);
    expect((answer.data as { result: { error: Record<string, string[]> } }).result.error.slug).toEqual([
      eventMessages.slugArchive,
    ]);
    expect(await eventBySlug("nokturn-wroclaw-2025")).toBeNull();
  });

  it("two forms creating the same slug at once: one is saved, the other gets the Polish slug error", async () => {
    const answers = await Promise.all([
      submit(body({ ...validFields, slug: "wyscig-slugow", title: "Pierwszy" })),
      submit(body({ ...validFields, slug: "wyscig-slugow", title: "Drugi" })),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([303, 400]);
    const refused = answers.filter((answer) => answer.status === 400);
    expect(refused.map((answer) => (answer.data as { message: string }).message)).toEqual([
      eventMessages.slugTaken,
    ]);
    const rows = await db()
      .select({ id: s.events.id })
      .from(s.events)
      .where(eq(s.events.slug, "wyscig-slugow"));
    expect(rows).toHaveLength(1);
  });
});

describe("saving an event", () => {
  it("stores Warsaw time as UTC across the DST change, with the timetable and FAQ in order", async () => {
    const [artist] = await db().select({ id: s.artists.id, slug: s.artists.slug }).from(s.artists).limit(1);
    const answer = await submit(
      body(validFields, [
        ["timetable[0].stage", "bouncy"],
        ["timetable[0].startTime", ""],
        ["timetable[0].name", "TBA"],
        ["timetable[1].stage", "main"],
        ["timetable[1].startTime", "23:00"],
        ["timetable[1].name", "Otwarcie"],
        ["timetable[1].artistId", artist.id],
        ["faq[0].question", "Czy jest szatnia?"],
        ["faq[0].answer", "Tak, 10 zł."],
        ["faq[1].question", "Od ilu lat?"],
        ["faq[1].answer", "18+"],
      ]),
    );
    expect(answer).toMatchObject({ status: 303, location: "/admin/events", flash: "Wydarzenie dodane" });
    const saved = await eventBySlug(validFields.slug);
    // 28.03 23:00 is CET (UTC+1); 29.03 07:00 is already CEST (UTC+2).
    expect(saved?.startsAt).toBe("2026-03-28T22:00:00.000Z");
    expect(saved?.endsAt).toBe("2026-03-29T05:00:00.000Z");
    expect(saved).toMatchObject({
      title: validFields.title,
      ticketPrice: 7900,
      lastEntry: "03:00",
      heroVideo: "/media/wideo/hero.mp4",
      featured: false,
      faq: [
        { question: "Czy jest szatnia?", answer: "Tak, 10 zł." },
        { question: "Od ilu lat?", answer: "18+" },
      ],
    });
    expect(saved?.timetable).toEqual([
      { stage: "bouncy", startTime: null, name: "TBA", artistId: null },
      { stage: "main", startTime: "23:00", name: "Otwarcie", artistId: artist.id },
    ]);

    // An edit replaces the timetable (reordered, one removed) and keeps the slug when unchanged.
    const edit = await submit(
      body({ ...validFields, title: "Nokturn Łódź" }, [
        ["timetable[0].stage", "main"],
        ["timetable[0].startTime", "01:00"],
        ["timetable[0].name", "Drugi"],
        ["faq[0].question", "Tylko jedno pytanie?"],
        ["faq[0].answer", "Tak."],
      ]),
      saved!.id,
    );
    expect(edit).toMatchObject({ status: 303, location: "/admin/events", flash: "Wydarzenie zapisane" });
    const edited = await getAdminEvent(saved!.id);
    expect(edited?.title).toBe("Nokturn Łódź");
    expect(edited?.timetable).toEqual([{ stage: "main", startTime: "01:00", name: "Drugi", artistId: null }]);
    expect(edited?.faq).toEqual([{ question: "Tylko jedno pytanie?", answer: "Tak." }]);
  });

  it("the featured event cannot be un-featured from its form", async () => {
    const featured = await eventBySlug("nokturn-17-01-2026");
    const answer = await submit(
      body({
        ...validFields,
        title: featured!.title,
        slug: featured!.slug,
      }),
      featured!.id,
    );
    expect(answer.status).toBe(400);
    expect((answer.data as { message: string }).message).toBe(eventMessages.unfeature);
    expect(await featuredSlugs()).toEqual(["nokturn-17-01-2026"]);
    expect((await getAdminEvent(featured!.id))?.title).toBe("NOKTURN");
  });
});

describe("the featured event", () => {
  it("featuring another event switches the landing page and its .ics in one step", async () => {
    const site = appEnv().site;
    // Before the seeded night (17.01.2026): the landing page leads with the featured night while it is
    // not over (decision 022), so the switch shows while both nights are still ahead.
    const before = new Date("2026-01-10T12:00:00Z");
    expect((await getLandingPage(site, undefined, before)).night?.event.slug).toBe("nokturn-17-01-2026");

    const answer = await submit(
      body({ ...validFields, slug: "nokturn-nowy-rok", title: "NOKTURN Nowy Rok", featured: "on" }, [
        ["timetable[0].stage", "main"],
        ["timetable[0].startTime", "00:00"],
        ["timetable[0].name", "Północ"],
        ["faq[0].question", "Czy są fajerwerki?"],
        ["faq[0].answer", "Nie, tylko lasery."],
      ]),
    );
    expect(answer.status).toBe(303);
    expect(await featuredSlugs()).toEqual(["nokturn-nowy-rok"]);
    const landing = await getLandingPage(site, undefined, before);
    expect(landing.night?.event.title).toBe("NOKTURN Nowy Rok");
    expect(landing.night?.event.faq).toEqual([
      { question: "Czy są fajerwerki?", answer: "Nie, tylko lasery." },
    ]);
    expect(
      landing.night?.timetable.find((stage) => stage.stage === "main")?.entries.map((e) => e.name),
    ).toEqual(["Północ"]);
    expect(landing.night?.calendar?.icsUrl).toBe("/events/nokturn-nowy-rok.ics");
    expect((await getCalendarEvent("nokturn-nowy-rok"))?.title).toBe("NOKTURN Nowy Rok");

    // And back from the list: the seeded event takes over again, the other one steps down.
    const seeded = await eventBySlug("nokturn-17-01-2026");
    await setFeaturedEvent(seeded!.id);
    expect(await featuredSlugs()).toEqual(["nokturn-17-01-2026"]);
    expect((await getLandingPage(site, undefined, before)).night?.event.title).toBe("NOKTURN");
  });

  it("is atomic: concurrent switches leave exactly one featured event", async () => {
    const events = await listAdminEvents();
    const ids = events.map((event) => event.id);
    const results = await Promise.allSettled(
      ids.flatMap((id) => [setFeaturedEvent(id), setFeaturedEvent(id)]),
    );
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toBeInstanceOf(DomainError);
    }
    expect(await featuredSlugs()).toHaveLength(1);
    // Restore the seeded one for the tests below.
    await setFeaturedEvent((await eventBySlug("nokturn-17-01-2026"))!.id);
    expect(await featuredSlugs()).toEqual(["nokturn-17-01-2026"]);
  });

  it("the featured event cannot be deleted; another one is, with its timetable", async () => {
    const featured = await eventBySlug("nokturn-17-01-2026");
    await expect(deleteEvent(featured!.id)).rejects.toMatchObject({
      message: eventMessages.deleteFeatured,
      status: 409,
    });
    expect(await eventBySlug("nokturn-17-01-2026")).not.toBeNull();

    const other = await eventBySlug("nokturn-nowy-rok");
    await deleteEvent(other!.id);
    expect(await eventBySlug("nokturn-nowy-rok")).toBeNull();
    const orphans = await db()
      .select({ id: s.timetableEntries.id })
      .from(s.timetableEntries)
      .where(eq(s.timetableEntries.eventId, other!.id));
    expect(orphans).toEqual([]);
    await expect(deleteEvent(other!.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("the poster upload", () => {
  async function upload(bytes: Uint8Array<ArrayBuffer>, name = "plakat.jpg") {
    const form = new FormData();
    form.append("file", new File([bytes], name, { type: "image/jpeg" }));
    const answer = await receiveEventPoster(
      uploadOf(new Request(`${ORIGIN}/admin/events/images?name=${name}`, { method: "POST", body: form })),
    );
    return "init" in answer
      ? { status: answer.init?.status ?? 200, data: answer.data }
      : { status: 200, data: answer };
  }

  it("stores an image under events/ and an event can use it; a fake image is refused in Polish", async () => {
    const jpeg = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#ff2e88" } })
      .jpeg()
      .toBuffer();
    const good = await upload(new Uint8Array(jpeg));
    expect(good.status).toBe(200);
    const image = (good.data as { image: s.ImageRef }).image;
    expect(image.src).toMatch(/^\/media\/events\/\d{4}\/[0-9a-f]{24}$/);

    const saved = await submit(
      body({ ...validFields, slug: "z-plakatem", heroPoster: JSON.stringify(image) }),
    );
    expect(saved.status).toBe(303);
    expect((await eventBySlug("z-plakatem"))?.heroPoster?.src).toBe(image.src);

    const bad = await upload(new TextEncoder().encode("to nie jest obraz"), "plakat.jpg");
    expect(bad.status).toBe(400);
    expect((bad.data as { message: string }).message).toContain("Nieprawidłowy format");
  });
});
