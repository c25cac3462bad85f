/**
 * What a fan sees of a night sold on the site (issue #40 step 3): the pages' read of a night's tickets
 * — nothing for a night sold elsewhere, without a sale configured or cancelled; the tiers, the next
 * one, the countdown's instant and "Wyprzedane" otherwise — its window edges told to the page cache,
 * the hero's ticket link, and the JSON-LD's Offers.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { onPageExpiry } from "../../app/lib/page-expiry.server";
import { demoSite } from "../../app/lib/site";
import { getCalendarEvent } from "../../app/modules/content/events.server";
import { getEventPage, getHeroTicketUrl, getLandingPage } from "../../app/modules/content/landing.server";
import { eventJsonLd } from "../../app/modules/content/structured-data";
import { loadNightTickets } from "../../app/modules/tickets/night-tickets.server";
import * as s from "../../db/schema";
import { contentChanged, type Entry, PageCache } from "../../server/page-cache";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
const now = new Date("2026-12-01T12:00:00Z");
const hour = 3_600_000;
const at = (hours: number) => new Date(now.getTime() + hours * hour);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});
afterEach(() => onPageExpiry(undefined));

let nights = 0;

/** A published night a week ahead, sold on the site unless told otherwise. */
async function night(options: Partial<typeof s.events.$inferInsert> = {}) {
  nights += 1;
  const [row] = await database.db
    .insert(s.events)
    .values({
      slug: `noc-${nights}`,
      title: `NOC ${nights}`,
      startsAt: at(24 * 7),
      endsAt: at(24 * 7 + 8),
      venue: "Klub Transformator",
      city: "Wrocław",
      ticketUrl: "https://bilety.example/noc",
      salesMode: "site",
      ...options,
    })
    .returning();
  return row as typeof s.events.$inferSelect;
}

async function sale(
  eventId: string,
  remaining: number[],
  {
    capacity = 300,
    maxPerCustomer = 2 as number | null,
    start = null as Date | null,
    end = null as Date | null,
  } = {},
) {
  const left = Math.min(
    capacity,
    remaining.reduce((sum, n) => sum + n, 0),
  );
  await database.db.insert(s.nightTickets).values({ eventId, capacity, remaining: left, maxPerCustomer });
  const names = ["Early bird", "Pula 1", "Pula 2"];
  const prices = [4900, 5900, 7900];
  const types = await database.db
    .insert(s.ticketTypes)
    .values(
      remaining.map((units, index) => ({
        eventId,
        name: names[index] as string,
        price: prices[index] as number,
        quota: 100,
        remaining: units,
        maxPerOrder: 4,
        position: index,
        opensAfterPrevious: index > 0,
        salesStart: index === 0 ? start : null,
        salesEnd: index === 0 ? end : null,
      })),
    )
    .returning();
  return types.sort((a, b) => a.position - b.position);
}

const read = (event: typeof s.events.$inferSelect, when = now) => loadNightTickets(database.db, event, when);

describe("the read of a night's tickets for its pages", () => {
  it("shows nothing for a night sold elsewhere, nor for one without a sale configured", async () => {
    const external = await night({ salesMode: "external" });
    await sale(external.id, [100, 100, 100]);
    expect(await read(external)).toBeNull();
    const unconfigured = await night();
    expect(await read(unconfigured)).toBeNull();

    const page = await getEventPage(demoSite, external.slug, database.db, now);
    expect(page?.tickets).toBeNull();
    expect(page?.event.ticketUrl).toBe("https://bilety.example/noc");
    expect(eventJsonLd(page as NonNullable<typeof page>, demoSite).offers).toMatchObject({
      "@type": "Offer",
      url: "https://bilety.example/noc",
    });
  });

  it("a night on sale: the types in order, the sold-out one, the one on sale with its quantities, the next", async () => {
    const event = await night();
    const [early, pula1, pula2] = await sale(event.id, [0, 3, 100]);
    const tickets = await read(event);
    expect(
      tickets?.types.map((type) => [type.id, type.name, type.price, type.shown, type.maxQuantity]),
    ).toEqual([
      [early?.id, "Early bird", 4900, "sold_out", 0],
      [pula1?.id, "Pula 1", 5900, "on_sale", 2],
      [pula2?.id, "Pula 2", 7900, "waiting", 0],
    ]);
    expect(tickets).toMatchObject({
      next: { name: "Pula 2", price: 7900 },
      opensAt: null,
      soldOut: false,
      maxPerCustomer: 2,
    });

    // The page of the night: its tickets instead of the outside seller's link, and one Offer per type.
    const page = await getEventPage(demoSite, event.slug, database.db, now);
    expect(page?.tickets?.types).toHaveLength(3);
    expect(page?.event.ticketUrl).toBeNull();
    // Nor does its calendar entry send a fan to the old seller.
    expect((await getCalendarEvent(event.slug, database.db))?.ticketUrl).toBeNull();
    expect(decodeURIComponent(page?.calendar?.googleUrl ?? "")).not.toContain("bilety.example");
    const offers = eventJsonLd(page as NonNullable<typeof page>, demoSite).offers as Record<
      string,
      unknown
    >[];
    expect(offers.map((offer) => [offer.name, offer.price, offer.availability, offer.url])).toEqual([
      ["Early bird", "49.00", "https://schema.org/SoldOut", `${demoSite.url}/wydarzenia/${event.slug}`],
      ["Pula 1", "59.00", "https://schema.org/InStock", `${demoSite.url}/wydarzenia/${event.slug}`],
      ["Pula 2", "79.00", "https://schema.org/PreOrder", `${demoSite.url}/wydarzenia/${event.slug}`],
    ]);
  });

  it("a sold-out night says so, and has nothing to add", async () => {
    const event = await night();
    await sale(event.id, [0, 0, 0]);
    const tickets = await read(event);
    expect(tickets?.soldOut).toBe(true);
    expect(tickets?.next).toBeNull();
    expect(tickets?.types.every((type) => type.shown === "sold_out" && type.maxQuantity === 0)).toBe(true);
  });

  it("before sales open: the countdown's instant, and the page expires when the window opens", async () => {
    const event = await night();
    const start = at(2);
    await sale(event.id, [100, 100, 100], { start });
    const heard: Date[] = [];
    onPageExpiry((instant) => heard.push(instant));
    const tickets = await read(event);
    expect(tickets?.opensAt).toBe(start.toISOString());
    expect(tickets?.opensAtLabel).toBe("1 grudnia 2026, 15:00");
    expect(tickets?.types.map((type) => type.shown)).toEqual(["scheduled", "waiting", "waiting"]);
    expect(heard).toEqual([start]);

    // Once open, the page expires at the window's end instead.
    const end = at(5);
    await database.db.update(s.ticketTypes).set({ salesEnd: end }).where(eq(s.ticketTypes.eventId, event.id));
    heard.length = 0;
    const open = await read(event, at(3));
    expect(open?.types[0]?.shown).toBe("on_sale");
    expect(heard).toEqual([end]);
  });

  it("a cancelled night, or one under way, shows no sale", async () => {
    const cancelled = await night({ status: "cancelled" });
    await sale(cancelled.id, [100, 100, 100]);
    expect(await read(cancelled)).toBeNull();
    expect((await getEventPage(demoSite, cancelled.slug, database.db, now))?.tickets).toBeNull();
    const event = await night();
    await sale(event.id, [100, 100, 100]);
    expect(await read(event, at(24 * 7 + 1))).toBeNull();
  });

  it("the hero's ticket button goes to the night's tickets, the landing shows them", async () => {
    const event = await night({ featured: true });
    await sale(event.id, [100, 100, 100]);
    expect(await getHeroTicketUrl(now, database.db)).toBe(`/wydarzenia/${event.slug}#bilety`);
    const landing = await getLandingPage(demoSite, database.db, now);
    expect(landing.night?.event.slug).toBe(event.slug);
    expect(landing.night?.tickets?.types.map((type) => type.shown)).toEqual([
      "on_sale",
      "waiting",
      "waiting",
    ]);
    // A night sold elsewhere keeps its seller's link.
    await database.db.update(s.events).set({ salesMode: "external" }).where(eq(s.events.id, event.id));
    expect(await getHeroTicketUrl(now, database.db)).toBe("https://bilety.example/noc");
  });

  it("a sale moves counters: the night's pages are re-rendered, the cache kept; a change of type empties it", async () => {
    const event = await night();
    const [pula] = await sale(event.id, [100, 100, 100]);
    // An instance's cache, listening as server/app.ts does (window 0: stale at once).
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 1_000_000, stockFreshMs: 0 });
    const stop = await database.listen(
      "content_changed",
      (payload) => contentChanged(cache, payload),
      () => cache.clear(),
    );
    const pages = ["/", `/wydarzenia/${event.slug}`, "/shipping"];
    const fill = () => {
      for (const path of pages) {
        cache.set(
          path,
          { bytes: 1, storedAt: Date.now(), stock: cache.renderStart(path) } as Entry,
          cache.generation,
        );
      }
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
    try {
      fill();
      await settle();
      // What a checkout does to the counters (tickets/ticket-sale.server.ts: takeTickets).
      await database.db.transaction(async (tx) => {
        await tx
          .update(s.ticketTypes)
          .set({ remaining: 98 })
          .where(eq(s.ticketTypes.id, pula?.id as string));
        await tx.update(s.nightTickets).set({ remaining: 298 }).where(eq(s.nightTickets.eventId, event.id));
      });
      await settle();
      expect(cache.size).toBe(3);
      expect(pages.filter((path) => cache.get(path) !== undefined)).toEqual(["/shipping"]);

      fill();
      await database.db
        .update(s.ticketTypes)
        .set({ price: 5500 })
        .where(eq(s.ticketTypes.id, pula?.id as string));
      await settle();
      expect(cache.size).toBe(0);
    } finally {
      await stop();
    }
  });
});
