/**
 * The product page's review action and loader against a real database (moved from e2e
 * shop-reviews.test.ts, which posted the same bodies over HTTP): no session is a 401; bad input (a
 * short or long comment, a rating off the scale, another intent, a NUL byte) is a 400 with the form's
 * Polish message and stores nothing; twelve posts of one account leave one review, the last, which the
 * page lists and its structured data counts once.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "../../app/lib/request-context";
import { action, loader } from "../../app/routes/product";
import * as s from "../../db/schema";
import { DEMO_CUSTOMER, demoProductId } from "../../db/seed";
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
  body: { ok: boolean; edited?: boolean; reason?: string; result?: { error?: Record<string, string[]> } };
};

/** Posts the review form to /merch/{slug} as React Router calls the action. */
async function post(slug: string, form: Record<string, string>, cookie = customer): Promise<Answer> {
  const request = new Request(`${ORIGIN}/merch/${slug}`, {
    method: "POST",
    headers: cookie ? { cookie, origin: ORIGIN } : { origin: ORIGIN },
    body: new URLSearchParams(form),
  });
  const answer = (await action({
    request,
    params: { slug },
    context: requestContext(),
  } as never)) as unknown as {
    data: Answer["body"];
    init: ResponseInit | null;
  };
  return { status: answer.init?.status ?? 200, body: answer.data };
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
});
