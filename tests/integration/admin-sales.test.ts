/**
 * The Promocje tab (issue #28) through its route action, as an admin posts it: sales of a product, of
 * chosen sizes and of a category; the preview storing nothing; bad input refused in Polish with nothing
 * stored; one product in one sale at a time; two admins editing one sale at once (one wins, the other
 * gets 409); a running sale never rewritten (an edit ends it now and starts its successor, ending it
 * early sets its end to now); non-admins refused. The server's clock is a test clock file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FormActionResult } from "../../app/lib/form-action.server";
import { requestContext } from "../../app/lib/request-context";
import { toWarsawLocal } from "../../app/lib/warsaw-time";
import type { SalePreview } from "../../app/modules/catalog/sale-labels";
import { saleMessages } from "../../app/modules/catalog/sales.schema";
import { action, loader } from "../../app/routes/admin/sales";
import * as s from "../../db/schema";
import { demoProductId, demoVariantId } from "../../db/seed";
import {
  type AdminTestEnv,
  adminCookie,
  customerCookie,
  ORIGIN,
  setUpAdminTestEnv,
  userWithRole,
} from "./admin-support";

let env: AdminTestEnv;
let admin: string;
let secondAdmin: string;
const db = () => env.database.db;

const HOUR = 3_600_000;
// Whole minutes: the form's datetime-local values name them exactly.
const T0 = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
const local = (hours: number) => toWarsawLocal(at(hours));

const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-sales-clock-"));
const clockFile = path.join(clockDir, "now");
function setClock(instant: Date) {
  fs.writeFileSync(clockFile, instant.toISOString());
  process.env.E2E_CLOCK_FILE = clockFile;
}

const tote = demoProductId("torba-nokturn-tote");
const shirt = demoProductId("koszulka-nokturn-logo");
const holo = demoProductId("naklejka-holo-logo");
const stickersVol1 = demoProductId("naklejki-pack-vol-1");
const stickersVol2 = demoProductId("naklejki-pack-vol-2");
const shirtM = demoVariantId("koszulka-nokturn-logo", "M");
const shirtL = demoVariantId("koszulka-nokturn-logo", "L");
const hoodieM = demoVariantId("bluza-nokturn-afterhours", "M");

type Answer = { status: number; data: FormActionResult<{ preview: SalePreview; saleId: string }> };

async function post(
  fields: Record<string, string | string[]>,
  cookie: string | null = admin,
): Promise<Answer> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  const request = new Request(`${ORIGIN}/admin/sales`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body,
  });
  const answer = (await action({ request, params: {}, context: requestContext() } as never)) as unknown;
  const wrapped = answer as { type?: string; data?: Answer["data"]; init?: { status?: number } };
  if (wrapped.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, data: wrapped.data! };
  return { status: 200, data: answer as Answer["data"] };
}

/** The form of a new sale: -20% off the tote from an hour from now, no end. */
function saleForm(fields: Record<string, string | string[]> = {}) {
  return {
    intent: "save",
    name: "Black Friday",
    scope: "product",
    productId: tote,
    reductionType: "percent",
    reduction: "20",
    startsAt: local(1),
    ...fields,
  };
}

const save = (fields: Record<string, string | string[]> = {}, cookie?: string) =>
  post(saleForm(fields), cookie);

function fieldErrors(answer: Answer) {
  return answer.data.result?.error ?? {};
}

async function allSales() {
  return db().select().from(s.sales).orderBy(asc(s.sales.createdAt), asc(s.sales.startsAt));
}

async function itemsOf(saleId: string) {
  return db()
    .select({ productId: s.saleItems.productId, variantId: s.saleItems.variantId })
    .from(s.saleItems)
    .where(eq(s.saleItems.saleId, saleId))
    .orderBy(asc(s.saleItems.productId), asc(s.saleItems.variantId));
}

async function saleNamed(name: string) {
  const [sale] = await db().select().from(s.sales).where(eq(s.sales.name, name));
  return sale;
}

async function nothingStored() {
  expect(await allSales()).toEqual([]);
  const [{ n }] = await db().select({ n: sql<number>`count(*)::int` }).from(s.saleItems);
  expect(n).toBe(0);
}

beforeAll(async () => {
  env = await setUpAdminTestEnv();
  admin = await adminCookie();
  secondAdmin = await userWithRole(env.database, "druga-adminka@nokturn.example", "admin");
});
afterAll(async () => {
  delete process.env.E2E_CLOCK_FILE;
  await env?.dispose();
  fs.rmSync(clockDir, { recursive: true, force: true });
});
beforeEach(() => setClock(T0));
afterEach(async () => {
  delete process.env.E2E_CLOCK_FILE;
  await db().delete(s.sales);
});

describe("creating a sale", () => {
  it("of a whole product: its one item is the product (no size), the window as typed in Warsaw time", async () => {
    const answer = await save({ endsAt: local(25) });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, message: "Promocja zapisana" });
    const [sale] = await allSales();
    const [me] = await db()
      .select({ id: s.user.id })
      .from(s.user)
      .where(eq(s.user.email, "admin@nokturn.example"));
    expect(sale).toMatchObject({
      name: "Black Friday",
      scope: "product",
      category: null,
      reductionType: "percent",
      reduction: 20,
      startsAt: at(1),
      endsAt: at(25),
      continuesSaleId: null,
      version: 1,
      createdBy: me.id,
    });
    expect(await itemsOf(sale.id)).toEqual([{ productId: tote, variantId: null }]);
  });

  it("of chosen sizes, an amount off in zł stored as grosze", async () => {
    const answer = await save({
      name: "Koszulki M i L",
      scope: "variants",
      productId: shirt,
      variantIds: [shirtM, shirtL],
      reductionType: "amount",
      reduction: "15,00",
    });
    expect(answer.status).toBe(200);
    const sale = await saleNamed("Koszulki M i L");
    expect(sale).toMatchObject({ scope: "variants", reductionType: "amount", reduction: 1500 });
    expect(await itemsOf(sale.id)).toEqual(
      [
        { productId: shirt, variantId: shirtM },
        { productId: shirt, variantId: shirtL },
      ].sort((a, b) => a.variantId.localeCompare(b.variantId)),
    );
  });

  it("of a category: every product of it active at saving time (an inactive one left out)", async () => {
    const answer = await save({
      name: "Naklejki -10%",
      scope: "category",
      category: "stickers",
      reduction: "10",
    });
    expect(answer.status).toBe(200);
    const sale = await saleNamed("Naklejki -10%");
    expect(sale).toMatchObject({ scope: "category", category: "stickers" });
    const items = await itemsOf(sale.id);
    expect(items.map((item) => item.productId).sort()).toEqual([holo, stickersVol1].sort());
    expect(items.every((item) => item.variantId === null)).toBe(true);
    expect(items.map((item) => item.productId)).not.toContain(stickersVol2);
  });

  it("a start already passed means now: the past is never rewritten", async () => {
    expect((await save({ startsAt: local(-5), endsAt: local(3) })).status).toBe(200);
    const [sale] = await allSales();
    expect(sale.startsAt).toEqual(T0);
    const past = await save({ name: "Za późno", productId: shirt, startsAt: local(-5), endsAt: local(-1) });
    expect(past.status).toBe(400);
    expect(fieldErrors(past).endsAt).toEqual([saleMessages.endsInPast]);
  });
});

describe("the price preview", () => {
  it("shows regular and sale prices with the percent off, notes sizes with a surcharge, and stores nothing", async () => {
    const answer = await post(saleForm({ intent: "preview", productId: shirt, endsAt: local(48) }));
    expect(answer.status).toBe(200);
    expect(answer.data.ok).toBe(true);
    expect(answer.data.preview).toMatchObject({
      reductionLabel: "-20%",
      startsLabel: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/),
      startsNow: false,
      rows: [
        {
          productId: shirt,
          variantId: null,
          productName: "Koszulka NOKTURN Logo",
          size: "wszystkie",
          regular: 12900,
          price: 10320,
          percentOff: 20,
          regularLabel: "129,00\u00a0zł",
          priceLabel: "103,20\u00a0zł",
          note: expect.stringContaining("XXL: 139,00\u00a0zł → 111,20\u00a0zł"),
        },
      ],
    });
    // The typed values come back (a page without JavaScript re-renders the form with them).
    expect(answer.data.result?.initialValue).toMatchObject({ productId: shirt, reduction: "20" });

    const sizes = await post(
      saleForm({
        intent: "preview",
        scope: "variants",
        productId: shirt,
        variantIds: [shirtM],
        reductionType: "amount",
        reduction: "12,50",
      }),
    );
    expect(sizes.data.preview?.rows).toEqual([
      expect.objectContaining({ variantId: shirtM, size: "M", regular: 12900, price: 11650, percentOff: 10 }),
    ]);
    await nothingStored();
  });

  it("refuses what saving would refuse (here: a reduction above a covered price)", async () => {
    const answer = await post(
      saleForm({
        intent: "preview",
        scope: "category",
        category: "stickers",
        reductionType: "amount",
        reduction: "10",
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.message).toBe("Obniżka przewyższa cenę produktu Naklejka Holo Logo (9,00\u00a0zł)");
    await nothingStored();
  });
});

describe("bad input: 400 with the Polish message, nothing stored", () => {
  it("an end before the start", async () => {
    const answer = await save({ startsAt: local(5), endsAt: local(4) });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer).endsAt).toEqual(["Koniec promocji musi być po jej początku"]);
    await nothingStored();
  });

  it("a percentage of 0, 100 or 150", async () => {
    for (const reduction of ["0", "100", "150"]) {
      const answer = await save({ reduction });
      expect(answer.status, reduction).toBe(400);
      expect(fieldErrors(answer).reduction, reduction).toEqual([
        "Obniżka procentowa musi wynosić od 1 do 99%",
      ]);
    }
    await nothingStored();
  });

  it("a reduction above (or equal to) the price", async () => {
    for (const reduction of ["69,00", "100"]) {
      const answer = await save({ reductionType: "amount", reduction });
      expect(answer.status, reduction).toBe(400);
      expect(fieldErrors(answer).reduction).toEqual([
        "Obniżka przewyższa cenę produktu Torba NOKTURN Tote (69,00\u00a0zł)",
      ]);
    }
    await nothingStored();
  });

  it("an unknown category", async () => {
    const answer = await save({ scope: "category", category: "shoes" });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer).category).toEqual(["Nieznana kategoria"]);
    await nothingStored();
  });

  it("a product id of nothing, and a size of another product", async () => {
    const nothing = await save({ productId: crypto.randomUUID() });
    expect(nothing.status).toBe(400);
    expect(fieldErrors(nothing).productId).toEqual([saleMessages.productUnknown]);

    const foreign = await save({ scope: "variants", productId: shirt, variantIds: [shirtM, hoodieM] });
    expect(foreign.status).toBe(400);
    expect(fieldErrors(foreign).variantIds).toEqual([saleMessages.variantUnknown]);

    const noSize = await save({ scope: "variants", productId: tote, variantIds: [] });
    expect(noSize.status).toBe(400);
    expect(fieldErrors(noSize).variantIds).toEqual([saleMessages.variantsRequired]);
    await nothingStored();
  });

  it("an unknown intent or an unreadable end request", async () => {
    expect((await post({ intent: "explode" })).status).toBe(400);
    expect((await post({ intent: "end", saleId: "nie-uuid", version: "1" })).status).toBe(400);
    const gone = await post({ intent: "end", saleId: crypto.randomUUID(), version: "1" });
    expect(gone.status).toBe(404);
    expect(gone.data.message).toBe(saleMessages.notFound);
  });
});

describe("one product, one sale at a time", () => {
  it("a product sale inside a category sale's window is refused, naming both", async () => {
    expect(
      (
        await save({
          name: "Naklejki -10%",
          scope: "category",
          category: "stickers",
          startsAt: local(1),
          endsAt: local(25),
        })
      ).status,
    ).toBe(200);
    const answer = await save({ name: "Holo taniej", productId: holo, startsAt: local(24) });
    expect(answer.status).toBe(409);
    expect(answer.data.message).toBe(
      `Produkt Naklejka Holo Logo jest już w promocji „Naklejki -10%” (${toDdMm(at(1))} – ${toDdMm(at(25))}). Jeden produkt może być w jednej promocji naraz.`,
    );
    expect(await saleNamed("Holo taniej")).toBeUndefined();
    // Back to back is not an overlap: [start, end).
    expect((await save({ name: "Holo po promocji", productId: holo, startsAt: local(25) })).status).toBe(200);
  });

  it("a category sale covering a product already on sale (open-ended) is refused", async () => {
    expect((await save({ name: "Holo bez końca", productId: holo, startsAt: local(48) })).status).toBe(200);
    const answer = await save({
      name: "Naklejki",
      scope: "category",
      category: "stickers",
      startsAt: local(1),
      endsAt: local(100),
    });
    expect(answer.status).toBe(409);
    expect(answer.data.message).toContain("Produkt Naklejka Holo Logo jest już w promocji „Holo bez końca”");
    expect(answer.data.message).toContain("– bez końca)");
    expect(await saleNamed("Naklejki")).toBeUndefined();
    // Another size of the same product counts as the same product.
    expect(
      (await save({ name: "Koszulka M", scope: "variants", productId: shirt, variantIds: [shirtM] })).status,
    ).toBe(200);
    const sameProduct = await save({
      name: "Koszulka L",
      scope: "variants",
      productId: shirt,
      variantIds: [shirtL],
    });
    expect(sameProduct.status).toBe(409);
  });
});

/** "27.11.2026 00:00" in Warsaw time (what the message names). */
function toDdMm(instant: Date) {
  const [date, time] = toWarsawLocal(instant).split("T");
  const [year, month, day] = date.split("-");
  return `${day}.${month}.${year} ${time}`;
}

describe("editing", () => {
  it("a planned sale is updated in place: same row, items replaced, version bumped", async () => {
    await save({ endsAt: local(10) });
    const sale = await saleNamed("Black Friday");
    const answer = await save({
      id: sale.id,
      version: "1",
      name: "Black Friday (koszulki)",
      scope: "variants",
      productId: shirt,
      variantIds: [shirtL],
      reduction: "30",
      startsAt: local(2),
      endsAt: local(12),
    });
    expect(answer.status).toBe(200);
    const rows = await allSales();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: sale.id,
      name: "Black Friday (koszulki)",
      scope: "variants",
      reduction: 30,
      startsAt: at(2),
      endsAt: at(12),
      version: 2,
      continuesSaleId: null,
    });
    expect(await itemsOf(sale.id)).toEqual([{ productId: shirt, variantId: shirtL }]);
  });

  it("two admins saving one sale at once: exactly one wins, the other gets 409 and nothing of theirs is stored", async () => {
    await save();
    const sale = await saleNamed("Black Friday");
    const edit = (name: string, reduction: string) => ({ id: sale.id, version: "1", name, reduction });
    const answers = await Promise.all([
      save(edit("Wersja Ani", "25"), admin),
      save(edit("Wersja Basi", "35"), secondAdmin),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.data.message).toBe(
      "Ktoś w międzyczasie zmienił tę promocję. Odśwież stronę i spróbuj ponownie.",
    );
    const winner =
      answers[0].status === 200
        ? { name: "Wersja Ani", reduction: 25 }
        : { name: "Wersja Basi", reduction: 35 };
    const rows = await allSales();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...winner, version: 2 });

    // A copy opened before the change stays stale.
    const stale = await save(edit("Jeszcze raz", "40"));
    expect(stale.status).toBe(409);
  });

  it("a running sale is never rewritten: it ends now and its successor starts now with the new terms", async () => {
    expect((await save({ startsAt: local(0), endsAt: local(48) })).status).toBe(200);
    const original = await saleNamed("Black Friday");
    setClock(at(2));
    const answer = await save({
      id: original.id,
      version: "1",
      name: "Black Friday — głębiej",
      reduction: "30",
      // Ignored: a running sale's successor starts now.
      startsAt: local(5),
      endsAt: local(48),
    });
    expect(answer.status).toBe(200);
    const [old, successor] = await allSales();
    expect(old).toMatchObject({
      id: original.id,
      name: "Black Friday",
      reduction: 20,
      startsAt: T0,
      endsAt: at(2),
      version: 2,
    });
    expect(successor).toMatchObject({
      name: "Black Friday — głębiej",
      reduction: 30,
      startsAt: at(2),
      endsAt: at(48),
      continuesSaleId: original.id,
      version: 1,
    });
    expect(answer.data.saleId).toBe(successor.id);
    expect(await itemsOf(old.id)).toEqual([{ productId: tote, variantId: null }]);
    expect(await itemsOf(successor.id)).toEqual([{ productId: tote, variantId: null }]);

    // The successor is edited the same way later; its predecessor does not clash with it.
    setClock(at(3));
    expect((await save({ id: successor.id, version: "1", reduction: "35", endsAt: local(48) })).status).toBe(
      200,
    );
    expect(await allSales()).toHaveLength(3);
  });

  it("an ended sale is refused, and so is an end already passed for a running one", async () => {
    await save({ startsAt: local(0), endsAt: local(5) });
    const sale = await saleNamed("Black Friday");
    setClock(at(3));
    const pastEnd = await save({ id: sale.id, version: "1", endsAt: local(2) });
    expect(pastEnd.status).toBe(400);
    expect(fieldErrors(pastEnd).endsAt).toEqual([saleMessages.endsInPast]);
    setClock(at(6));
    const ended = await save({ id: sale.id, version: "1", endsAt: local(10) });
    expect(ended.status).toBe(409);
    expect(ended.data.message).toBe(saleMessages.alreadyEnded);
    expect(await allSales()).toEqual([expect.objectContaining({ id: sale.id, version: 1, endsAt: at(5) })]);
  });
});

describe("ending early", () => {
  it("sets a running sale's end to now; a planned one is cancelled (deleted); an ended one is refused", async () => {
    await save({ startsAt: local(0) });
    const running = await saleNamed("Black Friday");
    setClock(at(1.5));
    const ended = await post({ intent: "end", saleId: running.id, version: "1" });
    expect(ended.status).toBe(200);
    expect(ended.data.message).toBe("Promocja zakończona");
    expect(await saleNamed("Black Friday")).toMatchObject({ startsAt: T0, endsAt: at(1.5), version: 2 });

    const again = await post({ intent: "end", saleId: running.id, version: "2" });
    expect(again.status).toBe(409);
    expect(again.data.message).toBe(saleMessages.alreadyEnded);

    await save({ name: "Jutro", productId: shirt, startsAt: local(24) });
    const planned = await saleNamed("Jutro");
    const stale = await post({ intent: "end", saleId: planned.id, version: "7" });
    expect(stale.status).toBe(409);
    const cancelled = await post({ intent: "end", saleId: planned.id, version: "1" });
    expect(cancelled.data).toMatchObject({ ok: true, message: "Zaplanowana promocja odwołana" });
    expect(await saleNamed("Jutro")).toBeUndefined();
  });
});

describe("the list", () => {
  it("shows running, planned and recently ended sales with status, items, reduction and Warsaw times", async () => {
    await save({ name: "Trwa", startsAt: local(0), endsAt: local(10) });
    await save({
      name: "Później",
      scope: "variants",
      productId: shirt,
      variantIds: [shirtM, shirtL],
      reductionType: "amount",
      reduction: "15",
      startsAt: local(20),
    });
    await save({ name: "Dawno", productId: holo, startsAt: local(0), endsAt: local(1) });
    setClock(at(2));
    const data = (await loader({
      request: new Request(`${ORIGIN}/admin/sales`, { headers: { cookie: admin } }),
      params: {},
      context: requestContext(),
    } as never)) as Awaited<ReturnType<typeof loader>>;
    expect(data.loadError).toBeNull();
    expect(data.sales.map((sale) => [sale.name, sale.statusLabel])).toEqual([
      ["Trwa", "Trwa"],
      ["Później", "Zaplanowana"],
      ["Dawno", "Zakończona"],
    ]);
    const later = data.sales[1];
    expect(later).toMatchObject({
      reductionLabel: "-15,00\u00a0zł",
      coverage: "Koszulka NOKTURN Logo: M, L",
      startsLabel: toDdMm(at(20)),
      endsLabel: "bez końca",
      defaults: expect.objectContaining({ scope: "variants", reduction: "15,00", startsAt: local(20) }),
    });
    expect(data.sales[0]).toMatchObject({
      reductionLabel: "-20%",
      coverage: "Torba NOKTURN Tote (wszystkie rozmiary)",
    });
    expect(data.sales[2].defaults).toBeNull();
    expect(data.products.find((product) => product.id === shirt)?.variants).toHaveLength(6);
  });
});

describe("access", () => {
  it("refuses a customer (403) and a guest (401), storing nothing", async () => {
    const customer = await customerCookie();
    await expect(post(saleForm(), customer)).rejects.toMatchObject({ init: { status: 403 } });
    await expect(post(saleForm(), null)).rejects.toMatchObject({ init: { status: 401 } });
    await expect(
      loader({
        request: new Request(`${ORIGIN}/admin/sales`, { headers: { cookie: customer } }),
        params: {},
        context: requestContext(),
      } as never),
    ).rejects.toMatchObject({ init: { status: 403 } });
    await nothingStored();
  });
});
