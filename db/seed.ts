/**
 * Demo content: the spec's event, residents, ambassadors, galleries, merch, discount codes, a demo admin
 * and a demo customer with past orders and a ticket for each upcoming night (sold on the site).
 * Idempotent: every row is keyed by a slug, code or e-mail, so a second run changes nothing that exists
 * and adds what is missing.
 *
 * This file is the writer; the content itself lives in `db/demo-data/` (catalog, events, people) and
 * the names other code imports are re-exported from here.
 */
import { hashPassword } from "better-auth/crypto";
import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "../app/lib/db.server";
import { recordPrices } from "../app/modules/catalog/sale-prices.server";
import { ticketItemName } from "../app/modules/orders/ticket-item-name";
import { issueTickets } from "../app/modules/tickets/issue-tickets.server";
import { demoProductId, demoVariantId, discountCodeData, productData } from "./demo-data/catalog";
import {
  demoEarlyBird,
  faqFor,
  featuredEventData,
  featuredEventGalleryData,
  featuredEventSlug,
  featuredEventTimetable,
  galleryData,
  upcomingNightData,
  upcomingNightTimes,
} from "./demo-data/events";
import {
  ambassadorData,
  artistData,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  demoCustomerAddress,
  demoCustomerAttendee,
  demoCustomerLocker,
  demoCustomerOrders,
} from "./demo-data/people";
import { demoImage } from "./demo-images";
import * as s from "./schema";

export { demoProductId, demoVariantId, productData, stableUuid } from "./demo-data/catalog";
export {
  featuredEventGallerySlug,
  featuredEventSlug,
  upcomingNightData,
  upcomingNightTimes,
} from "./demo-data/events";
export { DEMO_ADMIN, DEMO_CUSTOMER } from "./demo-data/people";

const DAY = 86_400_000;

export async function isDatabaseEmpty(db: Database) {
  const [products] = await db.select({ n: count() }).from(s.products);
  const [events] = await db.select({ n: count() }).from(s.events);
  return products.n === 0 && events.n === 0;
}

async function upsertUser(db: Database, email: string, password: string, name: string, createdAt: Date) {
  const [existing] = await db.select().from(s.user).where(eq(s.user.email, email));
  if (existing) return existing.id;
  const id = crypto.randomUUID();
  await db.insert(s.user).values({ id, email, name, emailVerified: true, createdAt, updatedAt: createdAt });
  await db.insert(s.account).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(password),
    createdAt,
    updatedAt: createdAt,
  });
  return id;
}

export async function seedDemo(db: Database, now = new Date()) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;

    // Artists
    for (const [i, a] of artistData.entries()) {
      await t
        .insert(s.artists)
        .values({
          slug: a.slug,
          name: a.name,
          age: a.age,
          bio: a.bio,
          hobbies: [...a.hobbies],
          profileImage: demoImage(`artist-${a.slug}`, `${a.name} — portret`),
          backgroundImage: demoImage(`artist-${a.slug}-bg`, ""),
          socialLinks: { ...a.social },
          isResident: true,
          orderIndex: i,
        })
        .onConflictDoNothing({ target: s.artists.slug });
    }
    const artists = await t.select({ id: s.artists.id, slug: s.artists.slug }).from(s.artists);
    const artistId = (slug: string) => artists.find((a) => a.slug === slug)?.id ?? null;

    // The spec's night
    const [event] = await t
      .insert(s.events)
      .values({
        ...featuredEventData,
        heroPoster: demoImage("event-hero", "Scena główna NOKTURN w laserach"),
        aftermoviePoster: demoImage("aftermovie-poster", "Kadr z aftermovie NOKTURN"),
        photos: Array.from({ length: 9 }, (_, i) =>
          demoImage(`landing-grid-${i + 1}`, `Zdjęcie z imprezy NOKTURN ${i + 1}`),
        ),
      })
      .onConflictDoNothing({ target: s.events.slug })
      .returning();

    if (event) {
      await t.insert(s.timetableEntries).values(
        featuredEventTimetable.map((entry, i) => ({
          eventId: event.id,
          stage: entry.stage,
          startTime: entry.time,
          name: entry.name,
          artistId: entry.artist ? artistId(entry.artist) : null,
          orderIndex: i,
        })),
      );
    }

    // Ambassadors
    for (const [i, a] of ambassadorData.entries()) {
      await t
        .insert(s.ambassadors)
        .values({
          name: a.name,
          slug: a.name.replace(/[^a-z0-9]+/g, "-"),
          instagramUrl: `https://www.instagram.com/${a.name}`,
          profileImage: demoImage(`ambassador-${i + 1}`, `@${a.name}`),
          bio: a.bio,
          orderIndex: i,
        })
        .onConflictDoNothing({ target: s.ambassadors.slug });
    }

    // Galleries
    for (const [i, g] of galleryData.entries()) {
      const [gallery] = await t
        .insert(s.galleries)
        .values({
          slug: g.slug,
          title: g.title,
          description: g.description,
          date: g.date,
          location: g.location,
          heroImage: demoImage(`gallery-${g.slug}-hero`, g.title),
          published: g.published,
          featured: g.featured,
          orderIndex: i,
        })
        .onConflictDoNothing({ target: s.galleries.slug })
        .returning();
      if (gallery) {
        await t.insert(s.galleryImages).values(
          Array.from({ length: 10 }, (_, n) => ({
            galleryId: gallery.id,
            image: demoImage(`gallery-${g.slug}-${n + 1}`, `${g.title} — zdjęcie ${n + 1}`),
            caption: null,
            orderIndex: n + 1,
          })),
        );
      }
    }

    // The spec's night's gallery (its own photos) and the link from the event to it
    const [januaryGallery] = await t
      .insert(s.galleries)
      .values({
        ...featuredEventGalleryData,
        heroImage: demoImage("event-hero", featuredEventGalleryData.title),
        orderIndex: galleryData.length,
      })
      .onConflictDoNothing({ target: s.galleries.slug })
      .returning();
    if (januaryGallery) {
      await t.insert(s.galleryImages).values(
        Array.from({ length: 9 }, (_, n) => ({
          galleryId: januaryGallery.id,
          image: demoImage(`landing-grid-${n + 1}`, `${featuredEventGalleryData.title} — zdjęcie ${n + 1}`),
          caption: null,
          orderIndex: n + 1,
        })),
      );
      await t
        .update(s.events)
        .set({ galleryId: januaryGallery.id })
        .where(eq(s.events.slug, featuredEventSlug));
    }

    // Upcoming nights, dated from the seeding day
    for (const night of upcomingNightData) {
      const { startsAt, endsAt } = upcomingNightTimes(now, night.daysAfterSeed);
      const [upcoming] = await t
        .insert(s.events)
        .values({
          slug: night.slug,
          title: night.title,
          startsAt,
          endsAt,
          lastEntry: night.lastEntry,
          venue: night.venue,
          city: "Wrocław",
          address: night.address,
          // Sold on the site (issue #40); only the spec's past night keeps an outside seller's link.
          salesMode: "site",
          ticketUrl: null,
          ticketPrice: night.ticketPrice,
          heroPoster: demoImage(night.poster, `${night.title} — scena`),
          manifesto: night.manifesto,
          faq: faqFor("23:00 do 5:00", night.lastEntry.replace(/^0/, "")),
          featured: false,
          published: true,
        })
        .onConflictDoNothing({ target: s.events.slug })
        .returning();
      if (upcoming) {
        await t.insert(s.timetableEntries).values(
          night.timetable.map((entry, i) => ({
            eventId: upcoming.id,
            stage: entry.stage,
            startTime: entry.time,
            name: entry.name,
            artistId: "artist" in entry ? artistId(entry.artist) : null,
            orderIndex: i,
          })),
        );
        // Its sale is made with the night, never added to a night that exists (it may sell elsewhere).
        const { capacity, maxPerCustomer, doorPrice, types } = night.tickets;
        await t
          .insert(s.nightTickets)
          .values({ eventId: upcoming.id, capacity, remaining: capacity, maxPerCustomer, doorPrice });
        await t.insert(s.ticketTypes).values(
          types.map((type, position) => ({
            eventId: upcoming.id,
            name: type.name,
            price: type.price,
            vatRate: 8,
            quota: type.quota,
            remaining: type.quota,
            maxPerOrder: maxPerCustomer,
            position,
            opensAfterPrevious: type.opensAfterPrevious,
          })),
        );
      }
    }

    // Products
    for (const p of productData) {
      const createdAt = new Date(now.getTime() - p.ageDays * DAY);
      const [product] = await t
        .insert(s.products)
        .values({
          id: demoProductId(p.slug),
          slug: p.slug,
          name: p.name,
          description: p.description,
          metaDescription: p.metaDescription,
          specification: p.specification,
          price: p.price,
          category: p.category,
          featured: p.featured ?? false,
          isActive: p.isActive ?? true,
          stockQuantity: p.stock,
          images: [
            demoImage(`product-${p.slug}-1`, p.name),
            demoImage(`product-${p.slug}-2`, `${p.name} — detal`),
          ],
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing({ target: s.products.slug })
        .returning();
      if (product && p.variants) {
        await t.insert(s.productVariants).values(
          p.variants.map((v, i) => ({
            id: demoVariantId(p.slug, v.size),
            productId: product.id,
            size: v.size,
            color: v.color ?? null,
            additionalPrice: v.additionalPrice ?? 0,
            stockQuantity: v.stock,
            sortOrder: i,
          })),
        );
      }
      // Offered at its price since it was created: the start of its price history (issue #28).
      if (product) await recordPrices(t, product.id, createdAt);
    }

    // Discount codes
    await t
      .insert(s.discountCodes)
      .values(discountCodeData)
      .onConflictDoNothing({ target: s.discountCodes.code });
  });

  // Users are outside the transaction: hashing passwords is slow and independent of the content.
  const adminId = await upsertUser(
    db,
    DEMO_ADMIN.email,
    DEMO_ADMIN.password,
    "Admin",
    new Date(now.getTime() - 365 * DAY),
  );
  await db.insert(s.userRoles).values({ userId: adminId, role: "admin" }).onConflictDoNothing();
  const customerId = await upsertUser(
    db,
    DEMO_CUSTOMER.email,
    DEMO_CUSTOMER.password,
    "Klient",
    new Date(now.getTime() - 120 * DAY),
  );
  await db.insert(s.userRoles).values({ userId: customerId, role: "user" }).onConflictDoNothing();
  await seedCustomerOrders(db, customerId, now);
  await seedCustomerTickets(db, customerId, now);
}

/**
 * The demo customer's ticket for each upcoming night: the night's early bird (one ticket, so it shows
 * sold out), one paid order of tickets only, issued as a paid checkout issues them (issue-tickets), the
 * type's and the night's counters taken by as many. Skipped when the customer holds a ticket already
 * or no early bird is left (a database seeded before the nights sold here), so a second run adds none.
 */
async function seedCustomerTickets(db: Database, customerId: string, now: Date) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [held] = await t
      .select({ n: count() })
      .from(s.tickets)
      .innerJoin(s.orders, eq(s.orders.id, s.tickets.orderId))
      .where(eq(s.orders.userId, customerId));
    if (held.n > 0) return;
    const lines: s.CheckoutTicketLine[] = [];
    for (const night of upcomingNightData) {
      // The counters are taken first, conditionally, so the books stay honest whatever the rows say.
      const [type] = await t
        .update(s.ticketTypes)
        .set({ remaining: sql`${s.ticketTypes.remaining} - 1` })
        .from(s.events)
        .where(
          and(
            eq(s.events.id, s.ticketTypes.eventId),
            eq(s.events.slug, night.slug),
            eq(s.events.salesMode, "site"),
            eq(s.ticketTypes.name, demoEarlyBird),
            gte(s.ticketTypes.remaining, 1),
          ),
        )
        .returning();
      if (!type) continue;
      const [event] = await t.select().from(s.events).where(eq(s.events.id, type.eventId));
      const [taken] = await t
        .update(s.nightTickets)
        .set({ remaining: sql`${s.nightTickets.remaining} - 1` })
        .where(and(eq(s.nightTickets.eventId, event.id), gte(s.nightTickets.remaining, 1)))
        .returning();
      if (!taken) throw new Error(`demo night ${night.slug} has no capacity left for its early bird`);
      lines.push({
        ticketTypeId: type.id,
        eventId: event.id,
        name: type.name,
        nightTitle: event.title,
        nightSlug: event.slug,
        startsAt: event.startsAt.toISOString(),
        unitPrice: type.price,
        vatRate: type.vatRate,
        quantity: 1,
        attendees: [demoCustomerAttendee],
      });
    }
    if (lines.length === 0) return;
    // Newer than the other demo orders: tests read those two as the oldest of the account's list.
    const createdAt = new Date(now.getTime() - 3 * DAY);
    const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    const [order] = await t
      .insert(s.orders)
      .values({
        status: "completed",
        customerEmail: DEMO_CUSTOMER.email,
        customerName: demoCustomerAddress.name,
        userId: customerId,
        subtotal,
        deliveryMethod: "none",
        deliveryCost: 0,
        totalAmount: subtotal,
        completedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    const items = await t
      .insert(s.orderItems)
      .values(
        lines.map((line) => ({
          orderId: order.id,
          productName: ticketItemName(line),
          ticketTypeId: line.ticketTypeId,
          vatRate: line.vatRate,
          quantity: line.quantity,
          pricePerUnit: line.unitPrice,
          regularPricePerUnit: line.unitPrice,
        })),
      )
      .returning();
    const issued = await issueTickets(t, order, items, lines);
    const ids = issued.map((ticket) => ticket.id);
    await t.update(s.tickets).set({ issuedAt: createdAt }).where(inArray(s.tickets.id, ids));
    await t.update(s.ticketChanges).set({ createdAt }).where(inArray(s.ticketChanges.ticketId, ids));
  });
}

async function seedCustomerOrders(db: Database, customerId: string, now: Date) {
  const [{ n }] = await db.select({ n: count() }).from(s.orders).where(eq(s.orders.userId, customerId));
  if (n > 0) return;
  const bySlug = async (slug: string) => {
    const [product] = await db.select().from(s.products).where(eq(s.products.slug, slug));
    return product;
  };
  const bySize = async (productId: string, size: string) => {
    const [variant] = await db
      .select()
      .from(s.productVariants)
      .where(sql`${s.productVariants.productId} = ${productId} and ${s.productVariants.size} = ${size}`);
    return variant;
  };
  const orders = [];
  for (const o of demoCustomerOrders) {
    const lines = [];
    for (const line of o.lines) {
      const product = await bySlug(line.product);
      const variant = line.size === undefined ? undefined : await bySize(product.id, line.size);
      lines.push({ product, variant, quantity: line.quantity });
    }
    orders.push({ ...o, lines });
  }
  const address = demoCustomerAddress;
  for (const o of orders) {
    const subtotal = o.lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
    const createdAt = new Date(now.getTime() - o.ageDays * DAY);
    const [order] = await db
      .insert(s.orders)
      .values({
        status: o.status,
        customerEmail: DEMO_CUSTOMER.email,
        customerName: address.name,
        userId: customerId,
        subtotal,
        deliveryMethod: o.delivery,
        deliveryCost: o.deliveryCost,
        totalAmount: subtotal + o.deliveryCost,
        shippingAddress: o.delivery === "courier" ? address : null,
        locker: o.delivery === "inpost" ? demoCustomerLocker : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    await db.insert(s.orderItems).values(
      o.lines.map((l) => ({
        orderId: order.id,
        productId: l.product.id,
        variantId: l.variant?.id ?? null,
        productName: l.product.name,
        productSlug: l.product.slug,
        productImage: l.product.images[0] ?? null,
        size: l.variant?.size ?? null,
        quantity: l.quantity,
        pricePerUnit: l.product.price + (l.variant?.additionalPrice ?? 0),
        regularPricePerUnit: l.product.price + (l.variant?.additionalPrice ?? 0),
      })),
    );
  }
}
