/**
 * Every route under /admin, found from the route configuration (app/routes.ts) so a new one cannot be
 * missed, called directly — loaders with GET, actions with POST — as a guest, a signed-in customer and
 * a moderator: none reads data (guests are sent to /auth or get 401, the others 403) and none changes
 * anything (the whole database and the uploads directory are compared before and after). The moderator
 * is refused everywhere except the panel's frame, its entry (`/admin`, which only redirects to a tab)
 * and the tabs ARCHITECTURE gives them (galleries and ambassadors, `adminTabRoles`).
 *
 * The POST bodies are real requests an admin would send: the test proves that by sending the same
 * requests afterwards — as the moderator on the moderator's tabs, as the admin everywhere else — and
 * seeing the data change. A route with an action but no sample requests here fails the test, so
 * whoever adds one also adds what to try against it.
 */
import fs from "node:fs";
import path from "node:path";
import { asc, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "../../app/lib/request-context";
import { toWarsawLocal } from "../../app/lib/warsaw-time";
import { ADMIN_TABS, adminTabRoles } from "../../app/modules/admin/admin-tabs";
import { storeUploadedImage } from "../../app/modules/media/images.server";
import * as s from "../../db/schema";
import { demoProductId } from "../../db/seed";
import {
  type AdminRoute,
  type AdminTestEnv,
  adminCookie,
  adminRoutes,
  customerCookie,
  ORIGIN,
  setUpAdminTestEnv,
  userWithRole,
} from "./admin-support";

const ROUTES = adminRoutes();

/** Whether a moderator may use the route: the panel's frame and entry, and every route of a moderator's tab. */
function moderatorMay(route: AdminRoute) {
  if (route.pattern === "admin") return true;
  const tab = ADMIN_TABS.find((name) => name === route.pattern.split("/")[1]);
  return tab !== undefined && adminTabRoles[tab].includes("moderator");
}

let env: AdminTestEnv;
let looseUpload: s.ImageRef;
let processingOrderId: string;
/** A paid order (from a test-provider checkout) and its first item: the refund intents' samples. */
let paidOrderId: string;
let paidItemId: string;
/** An open withdrawal of another paid order: the withdrawals list's refund sample. */
let withdrawalId: string;
let withdrawnOrderId: string;
const tote = demoProductId("torba-nokturn-tote");
const params: Record<string, string> = { id: tote };

function paramsOf(path: string): Record<string, string> {
  return /\/(tickets(\.csv)?|bramka|raport(\.csv)?)$/.test(path)
    ? { ...params, eventId: params.ticketNightId }
    : params;
}

function urlOf(pattern: string, search = "") {
  // A night's tickets pages act on a night sold on the site with a paid ticket (issue #40), not on the
  // featured night the event form edits (the events list deletes that one, which a ticket would stop).
  const values = paramsOf(pattern);
  return `${ORIGIN}/${pattern.replace(/:(\w+)/g, (_, name: string) => values[name])}${search}`;
}

const productForm = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    name: "Produkt z ataku",
    slug: "produkt-z-ataku",
    description: "Ten produkt nie powinien nigdy powstać.",
    price: "99,00",
    stockQuantity: "5",
    category: "accessory",
    isActive: "on",
    images: "[]",
    ...overrides,
  });

async function jpegUpload(field = "file") {
  const body = new FormData();
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#ff2e88" } })
    .jpeg()
    .toBuffer();
  body.append(field, new File([new Uint8Array(bytes)], "atak.jpg", { type: "image/jpeg" }));
  return body;
}

/** Ids of seeded or sample rows, looked up when a request is built (a random id when absent). */
async function galleryIdOf(slug: string) {
  const [row] = await env.database.db
    .select({ id: s.galleries.id })
    .from(s.galleries)
    .where(sql`${s.galleries.slug} = ${slug}`);
  return row?.id ?? crypto.randomUUID();
}

async function galleryPhotoIdsOf(slug: string) {
  const rows = await env.database.db
    .select({ id: s.galleryImages.id })
    .from(s.galleryImages)
    .innerJoin(s.galleries, sql`${s.galleries.id} = ${s.galleryImages.galleryId}`)
    .where(sql`${s.galleries.slug} = ${slug}`)
    .orderBy(asc(s.galleryImages.orderIndex));
  return rows.map((row) => row.id);
}

async function ambassadorIdOf(slug: string) {
  const [row] = await env.database.db
    .select({ id: s.ambassadors.id })
    .from(s.ambassadors)
    .where(sql`${s.ambassadors.slug} = ${slug}`);
  return row?.id ?? crypto.randomUUID();
}

const eventForm = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    title: "Wydarzenie z ataku",
    slug: "wydarzenie-z-ataku",
    startsAt: "2026-02-14T22:00",
    endsAt: "2026-02-15T06:00",
    venue: "Klub",
    city: "Wrocław",
    // Published (issue #17): the list's switch may feature it, the edit may keep the featured one.
    published: "on",
    "timetable[0].stage": "main",
    "timetable[0].name": "Nikt",
    "faq[0].question": "Czy to atak?",
    "faq[0].answer": "Tak.",
    ...overrides,
  });

/** The id of the event with `slug` (a random one while it does not exist yet: the request is refused anyway). */
async function eventIdOf(slug: string) {
  const [event] = await env.database.db
    .select({ id: s.events.id })
    .from(s.events)
    .where(sql`${s.events.slug} = ${slug}`);
  return event?.id ?? crypto.randomUUID();
}

/** The demo customer's user id (the users tab's samples give and take a role). */
async function customerUserId() {
  const [row] = await env.database.db
    .select({ id: s.user.id })
    .from(s.user)
    .where(sql`${s.user.email} = 'klient@nokturn.example'`);
  return row.id;
}

/**
 * Requests an admin would send to each route's action (fresh bodies every time). Keyed by route file;
 * every admin route with an action must be listed.
 */
const SAMPLE_ACTIONS: Record<string, Array<() => Promise<BodyInit> | BodyInit>> = {
  "routes/admin/orders.tsx": [
    () =>
      new URLSearchParams({
        intent: "ship",
        orderId: processingOrderId,
        trackingNumber: "620111222333",
        trackingUrl: "https://inpost.pl/sledzenie-przesylek?number=620111222333",
      }),
    () => new URLSearchParams({ intent: "set-status", orderId: processingOrderId, status: "cancelled" }),
    () =>
      new URLSearchParams({
        intent: "refund",
        orderId: paidOrderId,
        "lines[0].orderItemId": paidItemId,
        "lines[0].quantity": "1",
        restock: "on",
        reason: "Zwrot z ataku",
      }),
    () => new URLSearchParams({ intent: "cancel-refund", orderId: paidOrderId }),
    () =>
      new URLSearchParams({
        intent: "set-delivered",
        orderId: withdrawnOrderId,
        // Today in Warsaw: not in the future, not before the order was placed.
        deliveredOn: toWarsawLocal(new Date()).slice(0, 10),
      }),
    () => new URLSearchParams({ intent: "refund-withdrawal", withdrawalId, restock: "on" }),
  ],
  "routes/admin/products.tsx": [
    () => new URLSearchParams({ intent: "set-active", productId: tote, isActive: "false" }),
    () => new URLSearchParams({ intent: "set-stock", productId: tote, stockQuantity: "999" }),
    () => new URLSearchParams({ intent: "sold-out", productId: tote }),
    () => new URLSearchParams({ intent: "delete", productId: tote }),
  ],
  "routes/admin/users.tsx": [
    async () =>
      new URLSearchParams({ intent: "add-role", userId: await customerUserId(), role: "moderator" }),
    async () =>
      new URLSearchParams({ intent: "remove-role", userId: await customerUserId(), role: "moderator" }),
  ],
  "routes/admin/invitations.tsx": [
    () => new URLSearchParams({ intent: "send", email: "zaproszenie-z-ataku@example.pl", role: "admin" }),
  ],
  "routes/admin/product-new.tsx": [() => productForm()],
  "routes/admin/product-edit.tsx": [
    () => productForm({ slug: "torba-nokturn-tote", name: "Torba przejęta" }),
  ],
  // Galleries and ambassadors: sent AS THE MODERATOR in the control group (their tabs).
  "routes/admin/galleries-photos.ts": [
    async () => {
      const body = await jpegUpload();
      body.append("galleryId", await galleryIdOf("nokturn-listopad-2025"));
      return body;
    },
    async () =>
      new URLSearchParams({
        intent: "move",
        photoId: (await galleryPhotoIdsOf("nokturn-listopad-2025"))[1] ?? crypto.randomUUID(),
        direction: "up",
      }),
    async () =>
      new URLSearchParams({
        intent: "delete",
        photoId: (await galleryPhotoIdsOf("nokturn-listopad-2025"))[0] ?? crypto.randomUUID(),
      }),
  ],
  "routes/admin/galleries.tsx": [
    async () => {
      const body = await jpegUpload("heroImage");
      for (const [name, value] of Object.entries({
        intent: "create",
        title: "Galeria moderatora",
        slug: "galeria-moderatora",
        published: "on",
      }))
        body.append(name, value);
      return body;
    },
    async () => {
      const body = new FormData();
      const fields = {
        intent: "update",
        id: await galleryIdOf("nokturn-backstage"),
        title: "Backstage po zmianie",
        slug: "nokturn-backstage",
      };
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return body;
    },
    async () =>
      new URLSearchParams({
        intent: "set-published",
        id: await galleryIdOf("nokturn-backstage"),
        value: "true",
      }),
    async () =>
      new URLSearchParams({
        intent: "set-featured",
        id: await galleryIdOf("nokturn-backstage"),
        value: "true",
      }),
    async () => new URLSearchParams({ intent: "delete", id: await galleryIdOf("galeria-moderatora") }),
  ],
  "routes/admin/ambassadors.tsx": [
    async () => {
      const body = await jpegUpload("profileImage");
      const fields = {
        intent: "create",
        name: "Ambasador Moderatora",
        instagramUrl: "https://www.instagram.com/ambasador.moderatora",
      };
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return body;
    },
    async () => {
      const body = new FormData();
      const fields = {
        intent: "update",
        id: await ambassadorIdOf("zuza-rave"),
        name: "zuza.rave",
        instagramUrl: "https://www.instagram.com/zuza.rave.nowa",
        orderIndex: "7",
      };
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return body;
    },
    async () => new URLSearchParams({ intent: "delete", id: await ambassadorIdOf("ambasador-moderatora") }),
  ],
  "routes/admin/product-images.ts": [
    () => jpegUpload(),
    () =>
      new URLSearchParams({
        intent: "delete",
        src: looseUpload.src,
        widths: looseUpload.widths.join(","),
        formats: looseUpload.formats.join(","),
      }),
  ],
  // Events (issue #9): the event form's samples create and edit events, the list's switch the featured
  // one and delete the one no longer featured. Ids are looked up when the body is built.
  "routes/admin/event-images.ts": [() => jpegUpload()],
  "routes/admin/event-new.tsx": [() => eventForm()],
  "routes/admin/event-edit.tsx": [
    () => eventForm({ slug: "nokturn-17-01-2026", title: "NOKTURN przejęty", featured: "on" }),
  ],
  // A night's tickets (issue #40): its settings, a ticket type added, then deleted (nothing sold).
  "routes/admin/event-tickets.tsx": [
    () => new URLSearchParams({ intent: "settings", capacity: "300" }),
    () =>
      new URLSearchParams({ intent: "save", name: "Pula z ataku", price: "79", vatRate: "8", quota: "50" }),
    async () => {
      const [type] = await env.database.db
        .select({ id: s.ticketTypes.id })
        .from(s.ticketTypes)
        .where(sql`${s.ticketTypes.name} = 'Pula z ataku'`);
      return new URLSearchParams({ intent: "delete", typeId: type?.id ?? crypto.randomUUID() });
    },
    // The holders: the paid ticket resent, voided without a refund, then the night cancelled.
    () => new URLSearchParams({ intent: "resend", ticketId: params.ticketId }),
    () => new URLSearchParams({ intent: "void", ticketId: params.ticketId, reason: "Atak" }),
    () => new URLSearchParams({ intent: "cancel-night", confirmTitle: "Noc biletów z ataku" }),
  ],
  // The night's door (issue #41): its settings, a block given to a phone, then closed.
  "routes/admin/event-door.tsx": [
    () => new URLSearchParams({ intent: "door-settings", reentry: "on", doorPrice: "80", doorVatRate: "8" }),
    () => new URLSearchParams({ intent: "give-block", deviceId: params.deviceId, size: "2" }),
    async () => {
      const [block] = await env.database.db
        .select({ id: s.doorBlocks.id })
        .from(s.doorBlocks)
        .where(sql`${s.doorBlocks.closedAt} is null`);
      return new URLSearchParams({ intent: "close-block", blockId: block?.id ?? crypto.randomUUID() });
    },
  ],
  "routes/admin/events.tsx": [
    async () => new URLSearchParams({ intent: "feature", eventId: await eventIdOf("wydarzenie-z-ataku") }),
    async () => new URLSearchParams({ intent: "delete", eventId: await eventIdOf("nokturn-17-01-2026") }),
  ],
  "routes/admin/discounts.tsx": [
    () => new URLSearchParams({ intent: "save", code: "atak50", type: "percentage", value: "50" }),
    async () =>
      new URLSearchParams({
        intent: "save",
        id: await discountCodeIdOf("RAVE20"),
        code: "RAVE20",
        type: "combo",
        value: "99,99",
        includesFreeShipping: "on",
      }),
    async () =>
      new URLSearchParams({
        intent: "set-active",
        codeId: await discountCodeIdOf("NOKTURN10"),
        active: "false",
      }),
    async () => new URLSearchParams({ intent: "delete", codeId: await discountCodeIdOf("COMBO15") }),
  ],
  // Sales (issue #28): a planned sale of the tote, then cancelling it (the list's "Odwołaj").
  "routes/admin/sales.tsx": [
    () =>
      new URLSearchParams({
        intent: "save",
        name: "Promocja z ataku",
        scope: "product",
        productId: tote,
        reductionType: "percent",
        reduction: "10",
        startsAt: toWarsawLocal(new Date(Date.now() + 7 * 86_400_000)),
      }),
    async () => {
      const [sale] = await env.database.db
        .select({ id: s.sales.id, version: s.sales.version })
        .from(s.sales)
        .where(sql`${s.sales.name} = 'Promocja z ataku'`);
      return new URLSearchParams({
        intent: "end",
        saleId: sale?.id ?? crypto.randomUUID(),
        version: String(sale?.version ?? 1),
      });
    },
  ],
  "routes/admin/emails.tsx": [
    () =>
      new URLSearchParams({
        intent: "send",
        template: "welcome",
        to: "atak@example.pl",
        data: JSON.stringify({
          email: "atak@example.pl",
          name: "atak",
          verifyUrl: "http://localhost:3000/verify-email?token=atak",
          verifyValidHours: 24,
        }),
      }),
  ],
};

async function discountCodeIdOf(code: string) {
  const [row] = await env.database.db
    .select({ id: s.discountCodes.id })
    .from(s.discountCodes)
    .where(sql`${s.discountCodes.code} = ${code}`);
  return row.id;
}

/** Extra query strings for loaders that read different data depending on it. */
const LOADER_SEARCHES: Record<string, string[]> = {
  "routes/admin/panel.tsx": ["", "?tab=orders", "?tab=products", "?tab=orders&status=processing"],
  "routes/admin/orders.tsx": ["", "?status=processing", "?status=cancelled&page=2"],
  "routes/admin/products.tsx": ["", "?q=torba"],
  "routes/admin/orders-export.ts": ["", "?status=completed"],
  "routes/admin/event-tickets.tsx": ["", "?q=ada", "?q=ada&page=2"],
  "routes/admin/event-tickets-csv.ts": ["", "?q=ada"],
  "routes/admin/event-door.tsx": [""],
  "routes/admin/dashboard.tsx": [
    "",
    "?co=tydzien",
    "?od=2026-01-01&do=2026-01-31&noc=nie-uuid",
    "?od=x&do=2026-13-45",
  ],
  "routes/admin/dashboard-export.ts": ["?tabela=przychod", "?tabela=noc&co=tydzien", "?tabela=zwroty"],
  "routes/admin/event-report.tsx": [""],
  "routes/admin/event-report-csv.ts": [""],
  "routes/admin/users.tsx": ["", "?q=NOKTURN", "?q=klient&page=2"],
  "routes/admin/emails-preview.ts": [
    "",
    "?template=welcome&data=%7B%7D",
    `?template=invitation&data=${encodeURIComponent('{"email":"a@example.pl","role":"admin","acceptUrl":"http://localhost:3000/auth","expiresAt":"2026-01-17T23:00:00+01:00"}')}`,
  ],
};

type RouteModule = {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
};

const modules = new Map<string, RouteModule>();

async function loadModule(file: string) {
  if (!modules.has(file))
    modules.set(file, (await import(/* @vite-ignore */ `../../app/${file}`)) as RouteModule);
  return modules.get(file)!;
}

/** The status of what a loader/action threw or returned (Response or React Router's `data()`). */
function statusOf(value: unknown): number | null {
  if (value instanceof Response) return value.status;
  if (value && typeof value === "object" && "init" in value) {
    return (value as { init?: { status?: number } | null }).init?.status ?? 200;
  }
  return null;
}

async function call(fn: (args: unknown) => Promise<unknown>, request: Request) {
  try {
    const value = await fn({
      request,
      params: paramsOf(new URL(request.url).pathname),
      context: requestContext(),
    });
    return { threw: false, status: statusOf(value) ?? 200, value };
  } catch (thrown) {
    const status = statusOf(thrown);
    if (status === null) throw thrown;
    return { threw: true, status, value: thrown };
  }
}

/** Every row of every table (sessions and rate-limit counters excepted) plus the uploaded files. */
async function snapshot() {
  const tables = (Object.values(s) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const parts: string[] = [];
  for (const table of tables) {
    const name = getTableName(table);
    if (["session", "rate_limit", "verification"].includes(name)) continue;
    const result = (await env.database.db.execute(sql`select * from ${table} order by 1`)) as unknown;
    const list = result && typeof result === "object" && "rows" in result ? result.rows : result;
    parts.push(`${name}:${JSON.stringify(list)}`);
  }
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(path.relative(env.uploads, full));
    }
  };
  walk(env.uploads);
  parts.push(`files:${files.sort().join(",")}`);
  return parts.join("\n");
}

/** A paid order as checkout makes it from a test-provider payment: 2 × tote, its checkout paid. */
async function placePaidOrder() {
  const database = env.database.db;
  const sessionId = `test_cs_${crypto.randomUUID()}`;
  const [checkout] = await database
    .insert(s.checkouts)
    .values({
      provider: "test",
      providerSessionId: sessionId,
      providerPaymentId: sessionId,
      status: "paid",
      email: "zaplacone@example.pl",
      lines: [],
      deliveryMethod: "courier",
      subtotal: 13800,
      deliveryCost: 1699,
      total: 15499,
      paidAt: new Date(),
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning();
  const [order] = await database
    .insert(s.orders)
    .values({
      status: "processing",
      checkoutId: checkout.id,
      customerEmail: "zaplacone@example.pl",
      subtotal: 13800,
      deliveryMethod: "courier",
      deliveryCost: 1699,
      totalAmount: 15499,
    })
    .returning();
  const [item] = await database
    .insert(s.orderItems)
    .values({
      orderId: order.id,
      productId: tote,
      productName: "Torba NOKTURN Tote",
      quantity: 2,
      pricePerUnit: 6900,
      regularPricePerUnit: 6900,
    })
    .returning();
  return { orderId: order.id, itemId: item.id };
}

/** A night sold on the site with one paid ticket of `orderId` (the tickets page's samples). */
async function placeTicket(orderId: string) {
  const database = env.database.db;
  const [night] = await database
    .insert(s.events)
    .values({
      slug: "noc-biletow-z-ataku",
      title: "Noc biletów z ataku",
      startsAt: new Date(Date.now() + 30 * 86_400_000),
      endsAt: new Date(Date.now() + 30 * 86_400_000 + 6 * 3_600_000),
      venue: "Klub",
      city: "Wrocław",
      salesMode: "site",
    })
    .returning();
  const [type] = await database
    .insert(s.ticketTypes)
    .values({ eventId: night.id, name: "Pula próbna", price: 5900, quota: 10, remaining: 9 })
    .returning();
  const [ticket] = await database
    .insert(s.tickets)
    .values({
      eventId: night.id,
      ticketTypeId: type.id,
      orderId,
      holderFirstName: "Ada",
      holderLastName: "Próbna",
      price: 5900,
    })
    .returning();
  return { eventId: night.id, ticketId: ticket.id };
}

let moderatorCookie: Promise<string> | undefined;
let doorCookie: Promise<string> | undefined;
/** Door staff (issue #41): the door app, and nothing of the panel. */
const doorStaff = () => {
  doorCookie ??= userWithRole(env.database, "bramka@nokturn.example", "door");
  return doorCookie;
};
const moderator = () => {
  moderatorCookie ??= userWithRole(env.database, "moderator@nokturn.example", "moderator");
  return moderatorCookie;
};

const identities: {
  name: string;
  cookie: () => Promise<string | null>;
  loaderStatuses: number[];
  actionStatuses: number[];
  /** Where a 302 may lead. */
  redirectTo: RegExp;
  /** Routes this identity may use, left out of the refusal test. */
  may: (route: AdminRoute) => boolean;
}[] = [
  // Guests: pages redirect to /auth (302); actions and resource answers are 401.
  {
    name: "guest",
    cookie: async () => null,
    loaderStatuses: [302, 401],
    actionStatuses: [401],
    redirectTo: /^\/auth\?redirect=%2Fadmin/,
    may: () => false,
  },
  {
    name: "customer",
    cookie: () => customerCookie(),
    loaderStatuses: [403],
    actionStatuses: [403],
    redirectTo: /^$/,
    may: () => false,
  },
  // A moderator opening /admin is sent to their first tab; everything of the admin's answers 403.
  {
    name: "moderator",
    cookie: moderator,
    loaderStatuses: [302, 403],
    actionStatuses: [403],
    redirectTo: /^\/admin\/galleries$/,
    may: moderatorMay,
  },
  {
    name: "door staff",
    cookie: doorStaff,
    loaderStatuses: [403],
    actionStatuses: [403],
    redirectTo: /^$/,
    may: () => false,
  },
];

beforeAll(async () => {
  env = await setUpAdminTestEnv();
  const [order] = await env.database.db
    .select({ id: s.orders.id })
    .from(s.orders)
    .where(sql`${s.orders.status} = 'processing'`)
    .orderBy(asc(s.orders.createdAt));
  processingOrderId = order.id;
  ({ orderId: paidOrderId, itemId: paidItemId } = await placePaidOrder());
  const withdrawn = await placePaidOrder();
  const [withdrawal] = await env.database.db
    .insert(s.withdrawals)
    .values({
      orderId: withdrawn.orderId,
      lines: [{ orderItemId: withdrawn.itemId, quantity: 1 }],
      customerEmail: "zaplacone@example.pl",
    })
    .returning();
  withdrawalId = withdrawal.id;
  withdrawnOrderId = withdrawn.orderId;
  const bytes = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#6e5bff" } })
    .png()
    .toBuffer();
  looseUpload = await storeUploadedImage({ name: "luzne.png", bytes }, "products");
  // The event form's route is /admin/events/:eventId/edit: the seeded (featured) event.
  params.eventId = await eventIdOf("nokturn-17-01-2026");
  ({ eventId: params.ticketNightId, ticketId: params.ticketId } = await placeTicket(paidOrderId));
  // A phone that downloaded the night (the door page's block samples give it a block).
  const [admin] = await env.database.db
    .select({ id: s.user.id })
    .from(s.user)
    .where(sql`${s.user.email} = 'admin@nokturn.example'`);
  params.deviceId = crypto.randomUUID();
  await env.database.db.insert(s.doorDevices).values({
    id: params.deviceId,
    userId: admin.id,
    name: "Telefon próbny",
    lastEventId: params.ticketNightId,
  });
});
afterAll(async () => {
  await env?.dispose();
});

describe("the admin route table", () => {
  it("finds the panel's routes in app/routes.ts", () => {
    const patterns = ROUTES.map((route) => route.pattern);
    expect(patterns).toEqual(
      expect.arrayContaining([
        "admin",
        "admin/products",
        "admin/products/new",
        "admin/products/:id/edit",
        "admin/products/images",
        "admin/orders",
        "admin/orders/export.csv",
      ]),
    );
  });

  it("every admin route module checks the role in its loader and action (and each action has samples)", async () => {
    for (const route of ROUTES) {
      const module = await loadModule(route.file);
      expect(module.loader ?? module.action, `${route.file} has neither loader nor action`).toBeDefined();
      if (module.action) {
        expect(
          SAMPLE_ACTIONS[route.file],
          `add sample requests for ${route.file} to SAMPLE_ACTIONS`,
        ).toBeDefined();
      }
    }
  });
});

describe("the panel's entry (/admin)", () => {
  async function entry(search: string, cookie: string | null) {
    const module = await loadModule("routes/admin/panel.tsx");
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const result = await call(module.loader!, new Request(urlOf("admin", search), { headers }));
    const location = result.value instanceof Response ? result.value.headers.get("location") : null;
    return { status: result.status, location };
  }

  it("sends each role to its first tab, and old ?tab= links to that tab's own URL with their query", async () => {
    const admin = await adminCookie();
    const mod = await moderator();
    expect(await entry("", admin)).toEqual({ status: 302, location: "/admin/dashboard" });
    expect(await entry("", mod)).toEqual({ status: 302, location: "/admin/galleries" });
    expect(await entry("?tab=nieznana", admin)).toEqual({ status: 302, location: "/admin/dashboard" });
    expect(await entry("?tab=orders&status=pending&page=2", admin)).toEqual({
      status: 302,
      location: "/admin/orders?status=pending&page=2",
    });
    expect(await entry("?tab=products&category=stickers", admin)).toEqual({
      status: 302,
      location: "/admin/products?category=stickers",
    });
    expect(await entry("?tab=ambassadors", mod)).toEqual({ status: 302, location: "/admin/ambassadors" });
  });

  it("refuses a tab the user may not open, and everyone without a panel role", async () => {
    expect((await entry("?tab=orders", await moderator())).status).toBe(403);
    expect((await entry("?tab=products", await customerCookie())).status).toBe(403);
    const guest = await entry("?tab=orders", null);
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/auth\?redirect=%2Fadmin/);
  });
});

describe.each(identities)("as $name", (identity) => {
  it("no admin loader gives data and no admin action changes anything", async () => {
    const cookie = await identity.cookie();
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const before = await snapshot();

    for (const route of ROUTES.filter((candidate) => !identity.may(candidate))) {
      const module = await loadModule(route.file);
      if (module.loader) {
        for (const search of LOADER_SEARCHES[route.file] ?? [""]) {
          const result = await call(module.loader, new Request(urlOf(route.pattern, search), { headers }));
          expect(result.threw, `${identity.name} GET ${route.pattern}${search} returned data`).toBe(true);
          expect(identity.loaderStatuses, `${identity.name} GET ${route.pattern}${search}`).toContain(
            result.status,
          );
          if (result.status === 302) {
            expect((result.value as Response).headers.get("location")).toMatch(identity.redirectTo);
          }
        }
      }
      if (module.action) {
        const bodies = [...(SAMPLE_ACTIONS[route.file] ?? []), () => new URLSearchParams()];
        for (const body of bodies) {
          const request = new Request(urlOf(route.pattern), { method: "POST", headers, body: await body() });
          const result = await call(module.action, request);
          expect(result.threw, `${identity.name} POST ${route.pattern} was answered`).toBe(true);
          expect(identity.actionStatuses, `${identity.name} POST ${route.pattern}`).toContain(result.status);
        }
      }
    }

    expect(await snapshot()).toBe(before);
  });
});

describe("as admin and moderator (the control group)", () => {
  it("every loader answers and every sample request really changes something", async () => {
    const admin = await adminCookie();
    const mod = await moderator();
    for (const route of ROUTES) {
      const module = await loadModule(route.file);
      if (module.loader && route.file !== "routes/admin/product-images.ts") {
        const cookies = moderatorMay(route) ? [admin, mod] : [admin];
        for (const cookie of cookies) {
          const result = await call(
            module.loader,
            new Request(urlOf(route.pattern), { headers: { cookie } }),
          );
          expect(result.threw, `GET ${route.pattern} as ${cookie === mod ? "moderator" : "admin"}`).toBe(
            false,
          );
        }
      }
    }
    // Actions last, the destructive ones (delete) at the very end.
    const order = [
      "routes/admin/product-images.ts",
      "routes/admin/product-new.tsx",
      "routes/admin/product-edit.tsx",
      "routes/admin/galleries-photos.ts",
      "routes/admin/galleries.tsx",
      "routes/admin/ambassadors.tsx",
      "routes/admin/orders.tsx",
      "routes/admin/users.tsx",
      "routes/admin/invitations.tsx",
      "routes/admin/products.tsx",
      "routes/admin/event-images.ts",
      "routes/admin/event-new.tsx",
      "routes/admin/event-edit.tsx",
      "routes/admin/event-tickets.tsx",
      "routes/admin/event-door.tsx",
      "routes/admin/events.tsx",
      "routes/admin/emails.tsx",
      "routes/admin/discounts.tsx",
    ];
    const withActions = ROUTES.filter((route) => SAMPLE_ACTIONS[route.file]).sort(
      (a, b) => order.indexOf(a.file) - order.indexOf(b.file),
    );
    for (const route of withActions) {
      const module = await loadModule(route.file);
      // The moderator's own tabs are exercised by the moderator: that proves they may.
      const cookie = moderatorMay(route) ? mod : admin;
      for (const body of SAMPLE_ACTIONS[route.file]) {
        const before = await snapshot();
        const request = new Request(urlOf(route.pattern), {
          method: "POST",
          headers: { cookie },
          body: await body(),
        });
        const result = await call(module.action!, request);
        expect(result.status, `admin POST ${route.pattern} answered ${result.status}`).toBeLessThan(400);
        expect(await snapshot(), `admin POST ${route.pattern} changed nothing`).not.toBe(before);
      }
    }
  });
});
