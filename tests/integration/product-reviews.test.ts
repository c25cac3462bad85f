/**
 * The product page's review action and loader against a real database (moved from e2e
 * shop-reviews.test.ts, which posted the same bodies over HTTP): no session is a 401; bad input (a
 * short or long comment, a rating off the scale, another intent, a NUL byte) is a 400 with the form's
 * Polish message and stores nothing; twelve posts of one account leave one review, the last, which the
 * page lists and its structured data counts once.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENHANCED_FIELD, type FormActionResult, noticeOf } from "../../app/lib/form-contract";
import { requestContext } from "../../app/lib/request-context";
import { action, loader } from "../../app/routes/product";
import * as s from "../../db/schema";
import { DEMO_CUSTOMER, demoProductId } from "../../db/seed";
import { flashIn } from "../support/flash";
import { type AdminTestEnv, ORIGIN, setUpAdminTestEnv, signIn } from "./admin-support";

let env: AdminTestEnv;
let customer: string;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
  customer = await signIn(DEMO_CUSTOMER);
});
afterAll(async () => {
  await env?.dispose();
});

type Answer = {
  status: number;
  body: FormActionResult<{ edited: boolean }> & { result?: { error?: Record<string, string[]> } };
};

/** Calls the action as React Router does for a post of the review form to /merch/{slug}. */
function callAction(slug: string, form: Record<string, string>, cookie: string, navigation = false) {
  // A browser marks its own form submission (no script) as a navigation; a script's fetch never is.
  const headers: Record<string, string> = {
    origin: ORIGIN,
    "sec-fetch-mode": navigation ? "navigate" : "cors",
  };
  if (cookie) headers.cookie = cookie;
  const request = new Request(`${ORIGIN}/merch/${slug}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(form),
  });
  return action({ request, params: { slug }, context: requestContext() } as never) as unknown;
}

/** Posts the review form as the script sends it (enhanced): answered with data. */
async function post(slug: string, form: Record<string, string>, cookie = customer): Promise<Answer> {
  const answer = (await callAction(slug, { ...form, [ENHANCED_FIELD]: "1" }, cookie)) as {
    data: Answer["body"];
    init: ResponseInit | null;
  };
  return { status: answer.init?.status ?? 200, body: answer.data };
}

/** Posts the review form without scripts (no `_enhanced`): a 303 with a flash, or data for the page. */
async function postPlain(slug: string, form: Record<string, string>, cookie = customer) {
  return callAction(slug, form, cookie, true);
}

async function reviewsOf(slug: string) {
  const [row] = await env.database.db
    .select({ n: count() })
    .from(s.reviews)
    .where(eq(s.reviews.productId, demoProductId(slug)));
  return row.n;
}

describe("the product page's review action", () => {
  it("refuses reviews without a session (401) or with bad input (400, Polish), storing nothing", async () => {
    const slug = "bandana-nokturn";
    const before = await reviewsOf(slug);
    const guest = await post(
      slug,
      { intent: "review", rating: "5", comment: "Świetna bandana na parkiet!" },
      "",
    );
    expect(guest.status).toBe(401);
    expect(guest.body.result?.error?.[""]).toEqual(["Zaloguj się, aby dodać opinię"]);

    const short = await post(slug, { intent: "review", rating: "5", comment: "za krótko" });
    expect(short.status).toBe(400);
    expect(short.body.result?.error?.comment).toEqual(["Opinia musi mieć minimum 10 znaków"]);
    expect(
      (await post(slug, { intent: "review", rating: "9", comment: "Ocena spoza skali 1–5." })).status,
    ).toBe(400);
    expect((await post(slug, { intent: "review", rating: "5", comment: "x".repeat(1001) })).status).toBe(400);
    expect(
      (await post(slug, { intent: "nic", rating: "5", comment: "Bez intencji formularza." })).status,
    ).toBe(400);
    // Issue 14: a NUL byte is a Polish 400, not a database error (502/503).
    const nul = await post(slug, {
      intent: "review",
      rating: "5",
      comment: "Świetna bandana\u0000 na parkiet!",
    });
    expect(nul.status).toBe(400);
    expect(nul.body.result?.error?.comment).toEqual(["Opinia zawiera niedozwolone znaki sterujące"]);
    expect(await reviewsOf(slug)).toBe(before);
  });

  it("twelve posts of one account leave one review, the last, counted once in the page's structured data", async () => {
    const slug = "naklejki-pack-vol-1";
    const first = await post(slug, {
      intent: "review",
      rating: "5",
      comment: "Pierwsza opinia o naklejkach.",
    });
    expect(first).toMatchObject({ status: 200, body: { ok: true, edited: false } });
    for (let copy = 1; copy <= 12; copy += 1) {
      const answer = await post(slug, {
        intent: "review",
        rating: "1",
        comment: `Ta sama opinia po raz ${copy}.`,
      });
      expect(answer).toMatchObject({ status: 200, body: { ok: true, edited: true } });
    }
    const [{ id: userId }] = await env.database.db
      .select({ id: s.user.id })
      .from(s.user)
      .where(eq(s.user.email, DEMO_CUSTOMER.email));
    const [mine] = await env.database.db
      .select({ n: count() })
      .from(s.reviews)
      .where(and(eq(s.reviews.productId, demoProductId(slug)), eq(s.reviews.userId, userId)));
    expect(mine.n).toBe(1);

    const page = await loader({
      request: new Request(`${ORIGIN}/merch/${slug}`),
      params: { slug },
      context: requestContext(),
    } as never);
    expect(page.reviews).toHaveLength(1);
    expect(page.reviews[0]).toMatchObject({ rating: 1, comment: "Ta sama opinia po raz 12." });
    const product = page.jsonLd.find((item) => (item as { "@type"?: string })["@type"] === "Product") as {
      aggregateRating?: unknown;
    };
    expect(product.aggregateRating).toMatchObject({ reviewCount: 1, ratingValue: 1 });
  });

  it("a plain form (no scripts) is told what the enhanced one is: a 303 back to the reviews with the flash", async () => {
    const slug = "bandana-nokturn";
    const form = { intent: "review", rating: "4", comment: "Opinia wysłana bez skryptów." };
    // The account's first review of the product: the thanks, as a flash.
    const added = (await postPlain(slug, form)) as Response;
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe(`/merch/${slug}#reviews`);
    expect(await flashIn(added)).toMatchObject({
      kind: "success",
      title: "Dziękujemy za opinię!",
      description: "Twoja opinia jest już widoczna.",
    });
    // Then an edit, by the script and without it: the same words.
    const enhanced = await post(slug, form);
    expect(enhanced).toMatchObject({
      status: 200,
      body: { ok: true, edited: true, title: "Opinia zaktualizowana", message: expect.any(String) },
    });
    const plain = (await postPlain(slug, form)) as Response;
    expect(plain.status).toBe(303);
    expect(await flashIn(plain)).toMatchObject(noticeOf(enhanced.body));

    // A guest: 401 with the message for the script, the same words as a flash without it.
    const guest = await post(slug, form, "");
    expect(guest).toMatchObject({
      status: 401,
      body: { ok: false, title: "Musisz być zalogowany", message: "Zaloguj się, aby dodać opinię" },
    });
    const plainGuest = (await postPlain(slug, form, "")) as Response;
    expect(plainGuest.status).toBe(303);
    expect(await flashIn(plainGuest)).toMatchObject(noticeOf(guest.body));

    // Bad input: rendered by the page (400) with what was typed, the same message as the script's.
    const short = { intent: "review", rating: "3", comment: "za krótko" };
    const plainShort = (await postPlain(slug, short)) as { data: Answer["body"]; init: ResponseInit | null };
    expect(plainShort.init?.status).toBe(400);
    expect(plainShort.data).toMatchObject({ ok: false, message: "Opinia musi mieć minimum 10 znaków" });
    expect(plainShort.data.result).toMatchObject({ initialValue: { comment: "za krótko", rating: "3" } });
    expect((await post(slug, short)).body.message).toBe(plainShort.data.message);
  });
});
