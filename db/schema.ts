/**
 * The one database schema (PostgreSQL; PGlite embedded by default).
 * Money is integer grosze everywhere. Constraints live in the database so no code path can break them.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** A processed image: `src` is a base path; files are `${src}-${width}.${format}` for each width. */
export type ImageRef = {
  src: string;
  width: number;
  height: number;
  widths: number[];
  formats: ("avif" | "webp")[];
  alt?: string;
  /** Tiny blurred placeholder colour shown while the image loads. */
  color?: string;
};

export type ShippingAddress = {
  name: string;
  line1: string;
  line2?: string | null;
  postal_code: string;
  city: string;
  country?: string;
};

export type ParcelLocker = { id: string; name: string; address: { line1: string; line2?: string } };

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

// ---------------------------------------------------------------------------------------------
// better-auth (core tables, names and columns as its drizzle adapter expects)
// ---------------------------------------------------------------------------------------------

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Rate-limit counters shared by every instance (better-auth's `rateLimit` model and our own limits). */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Roles and invitations
// ---------------------------------------------------------------------------------------------

/** "door" (Bramka, issue #41): the door app and nothing of the panel. */
export const roleEnum = pgEnum("role", ["admin", "moderator", "user", "door"]);
export type Role = (typeof roleEnum.enumValues)[number];

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const invitationStatusEnum = pgEnum("invitation_status", ["pending", "accepted", "expired"]);

export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: roleEnum("role").notNull().default("user"),
    status: invitationStatusEnum("status").notNull().default("pending"),
    /** SHA-256 of the single-use token sent by e-mail; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("invitations_email_idx").on(t.email)],
);

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

export const categoryEnum = pgEnum("product_category", ["clothing", "accessory", "stickers"]);
export type Category = (typeof categoryEnum.enumValues)[number];

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    metaDescription: text("meta_description"),
    /** Key/value rows shown in the product page's "specification" section. */
    specification: jsonb("specification").$type<{ label: string; value: string }[]>().notNull().default([]),
    price: integer("price").notNull(),
    category: categoryEnum("category").notNull(),
    brand: text("brand").notNull().default("NOKTURN"),
    featured: boolean("featured").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
    /** A drop: not on sale before this instant (shown as 'Wkrótce' with a countdown); null = on sale. */
    releaseAt: timestamp("release_at", { withTimezone: true }),
    /** Units one customer (e-mail, account or browser) may buy in all, paid and open checkouts; null = no limit. */
    maxPerCustomer: integer("max_per_customer"),
    ...timestamps,
  },
  (t) => [
    check("products_price_min", sql`${t.price} >= 100`),
    check(
      "products_max_per_customer_positive",
      sql`${t.maxPerCustomer} is null or ${t.maxPerCustomer} between 1 and 99`,
    ),
    check("products_stock_non_negative", sql`${t.stockQuantity} >= 0`),
    check("products_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index("products_active_created_idx").on(t.isActive, t.createdAt),
    index("products_category_idx").on(t.category),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    color: text("color"),
    additionalPrice: integer("additional_price").notNull().default(0),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    /** A size or colour released later than its product (a drop of its own); null = with the product. */
    releaseAt: timestamp("release_at", { withTimezone: true }),
  },
  (t) => [
    check("product_variants_stock_non_negative", sql`${t.stockQuantity} >= 0`),
    check("product_variants_additional_price_non_negative", sql`${t.additionalPrice} >= 0`),
    unique("product_variants_product_size_color").on(t.productId, t.size, t.color).nullsNotDistinct(),
    index("product_variants_product_idx").on(t.productId),
  ],
);

/**
 * Every regular price a product (variant_id null: its base price) or a size (its whole price) has been
 * offered at, from `started_at` (issue #28). Append-only: a panel edit adds a row, nothing rewrites one.
 * With the sales below it is the price history the 30-day rule reads (catalog/sale-price.ts).
 */
export const priceHistory = pgTable(
  "price_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    price: integer("price").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("price_history_price_positive", sql`${t.price} > 0`),
    index("price_history_item_idx").on(t.productId, t.variantId, t.startedAt),
  ],
);

export const saleScopeEnum = pgEnum("sale_scope", ["product", "variants", "category"]);
export type SaleScope = (typeof saleScopeEnum.enumValues)[number];
export const saleReductionEnum = pgEnum("sale_reduction", ["percent", "amount"]);
export type SaleReduction = (typeof saleReductionEnum.enumValues)[number];

/**
 * A price reduction for a period (issue #28). What it covers is fixed when it is saved (`sale_items`),
 * so the preview the admin saw is what the shop charges. A sale that has started is never rewritten:
 * changing it ends it now and starts its successor now (one continuous sale for the 30-day rule);
 * ending it early sets `ends_at` to now. `version` refuses an edit made on a stale copy.
 */
export const sales = pgTable(
  "sales",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    scope: saleScopeEnum("scope").notNull(),
    /** The category of a category-wide sale (its products at saving time are its items). */
    category: categoryEnum("category"),
    reductionType: saleReductionEnum("reduction_type").notNull(),
    /** Percent (1–99) for `percent`; grosze off each unit for `amount`. */
    reduction: integer("reduction").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** null = until ended in the panel. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** The sale this one continues (a running sale changed in the panel). */
    continuesSaleId: uuid("continues_sale_id").references((): AnyPgColumn => sales.id, {
      onDelete: "set null",
    }),
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("sales_reduction_positive", sql`${t.reduction} > 0`),
    check("sales_percent_range", sql`${t.reductionType} <> 'percent' or ${t.reduction} between 1 and 99`),
    check("sales_ends_after_start", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check("sales_category_scope", sql`(${t.scope} = 'category') = (${t.category} is not null)`),
    index("sales_window_idx").on(t.startsAt, t.endsAt),
  ],
);

/** What a sale covers: a whole product (variant_id null) or one size of it. */
export const saleItems = pgTable(
  "sale_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    saleId: uuid("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
  },
  (t) => [
    unique("sale_items_unique").on(t.saleId, t.productId, t.variantId).nullsNotDistinct(),
    index("sale_items_product_idx").on(t.productId),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    verifiedPurchase: boolean("verified_purchase").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_comment_length", sql`char_length(${t.comment}) between 10 and 1000`),
    index("reviews_product_created_idx").on(t.productId, t.createdAt),
    // One review per account per product: a second submission edits the first.
    uniqueIndex("reviews_product_user_idx").on(t.productId, t.userId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Content: artists, ambassadors, events, galleries
// ---------------------------------------------------------------------------------------------

export type SocialLinks = { instagram?: string; soundcloud?: string; facebook?: string };

export const artists = pgTable(
  "artists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    profileImage: jsonb("profile_image").$type<ImageRef>(),
    age: integer("age"),
    bio: text("bio"),
    hobbies: jsonb("hobbies").$type<string[]>().notNull().default([]),
    backgroundVideo: text("background_video"),
    backgroundImage: jsonb("background_image").$type<ImageRef>(),
    socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
    isResident: boolean("is_resident").notNull().default(true),
    orderIndex: integer("order_index").notNull().default(0),
    ...timestamps,
  },
  (t) => [check("artists_age_range", sql`${t.age} is null or ${t.age} between 16 and 120`)],
);

export const ambassadors = pgTable("ambassadors", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  instagramUrl: text("instagram_url").notNull(),
  profileImage: jsonb("profile_image").$type<ImageRef>(),
  bio: text("bio"),
  orderIndex: integer("order_index").notNull().default(0),
  ...timestamps,
});

/** A night's own state, shown on the site and in schema.org (EventScheduled / EventCancelled / EventRescheduled). */
export const ticketSalesModeEnum = pgEnum("ticket_sales_mode", ["external", "site"]);
export type TicketSalesMode = (typeof ticketSalesModeEnum.enumValues)[number];

export const eventStatusEnum = pgEnum("event_status", ["planned", "cancelled", "moved"]);
export type EventStatus = (typeof eventStatusEnum.enumValues)[number];

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Local time of the last entry, e.g. "03:00". */
    lastEntry: text("last_entry"),
    venue: text("venue").notNull(),
    city: text("city").notNull(),
    address: text("address"),
    ticketUrl: text("ticket_url"),
    /** How the night's tickets are sold: through `ticket_url` (an outside seller) or on this site (issue #40). */
    salesMode: ticketSalesModeEnum("sales_mode").notNull().default("external"),
    /** Ticket price in grosze, for structured data. */
    ticketPrice: integer("ticket_price"),
    heroVideo: text("hero_video"),
    heroPoster: jsonb("hero_poster").$type<ImageRef>(),
    manifesto: text("manifesto"),
    aftermovieUrl: text("aftermovie_url"),
    aftermoviePoster: jsonb("aftermovie_poster").$type<ImageRef>(),
    photos: jsonb("photos").$type<ImageRef[]>().notNull().default([]),
    faq: jsonb("faq").$type<{ question: string; answer: string }[]>().notNull().default([]),
    featured: boolean("featured").notNull().default(false),
    /** Only published nights are on the site (hero, upcoming list, event page, archive, sitemap). */
    published: boolean("published").notNull().default(true),
    status: eventStatusEnum("status").notNull().default("planned"),
    /** The night's photo gallery, linked in the archive once the night is over. */
    galleryId: uuid("gallery_id").references((): AnyPgColumn => galleries.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("events_end_after_start", sql`${t.endsAt} > ${t.startsAt}`),
    index("events_published_starts_idx").on(t.published, t.startsAt),
    // Exactly one event can be the featured one shown on the landing page.
    uniqueIndex("events_single_featured").on(t.featured).where(sql`${t.featured}`),
  ],
);

export const stageEnum = pgEnum("stage", ["main", "bouncy"]);

export const timetableEntries = pgTable(
  "timetable_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    stage: stageEnum("stage").notNull(),
    /** "HH:MM" or null while the slot is not announced (shown as SOON). */
    startTime: text("start_time"),
    name: text("name").notNull(),
    artistId: uuid("artist_id").references(() => artists.id, { onDelete: "set null" }),
    orderIndex: integer("order_index").notNull().default(0),
  },
  (t) => [
    check("timetable_time_format", sql`${t.startTime} is null or ${t.startTime} ~ '^[0-2][0-9]:[0-5][0-9]$'`),
    index("timetable_event_idx").on(t.eventId, t.stage, t.orderIndex),
  ],
);

export const galleries = pgTable(
  "galleries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    /** Free text, as SPEC says (e.g. "17.01.2026"). */
    date: text("date"),
    location: text("location"),
    heroImage: jsonb("hero_image").$type<ImageRef>(),
    published: boolean("published").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    orderIndex: integer("order_index").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("galleries_published_featured_idx").on(t.published, t.featured, t.orderIndex)],
);

export const galleryImages = pgTable(
  "gallery_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    galleryId: uuid("gallery_id")
      .notNull()
      .references(() => galleries.id, { onDelete: "cascade" }),
    image: jsonb("image").$type<ImageRef>().notNull(),
    caption: text("caption"),
    orderIndex: integer("order_index").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("gallery_images_gallery_order_idx").on(t.galleryId, t.orderIndex)],
);

// ---------------------------------------------------------------------------------------------
// Discounts
// ---------------------------------------------------------------------------------------------

export const discountTypeEnum = pgEnum("discount_type", [
  "fixed_amount",
  "percentage",
  "free_shipping",
  "combo",
]);
export type DiscountType = (typeof discountTypeEnum.enumValues)[number];

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    type: discountTypeEnum("type").notNull(),
    /** Percent (0–100) for `percentage`; grosze for `fixed_amount` and `combo`; 0 for `free_shipping`. */
    value: integer("value").notNull().default(0),
    minOrderValue: integer("min_order_value"),
    maxUses: integer("max_uses"),
    currentUses: integer("current_uses").notNull().default(0),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    description: text("description"),
    includesFreeShipping: boolean("includes_free_shipping").notNull().default(false),
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    /** false: "nie łączy się z promocjami", takes nothing off lines bought at a sale price. */
    combinesWithSales: boolean("combines_with_sales").notNull().default(true),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("discount_codes_upper_case", sql`${t.code} = upper(${t.code}) and char_length(${t.code}) > 0`),
    check("discount_codes_value_non_negative", sql`${t.value} >= 0`),
    check("discount_codes_percentage_range", sql`${t.type} <> 'percentage' or ${t.value} <= 100`),
    check(
      "discount_codes_uses_within_max",
      sql`${t.currentUses} >= 0 and (${t.maxUses} is null or ${t.currentUses} <= ${t.maxUses})`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Checkout, stock reservations, orders
// ---------------------------------------------------------------------------------------------

/** `none`: an order of tickets only, nothing to deliver (issue #40). */
export const deliveryMethodEnum = pgEnum("delivery_method", ["courier", "inpost", "none"]);
export type DeliveryMethod = (typeof deliveryMethodEnum.enumValues)[number];

export const orderStatusEnum = pgEnum("order_status", ["pending", "processing", "completed", "cancelled"]);
export type OrderStatus = (typeof orderStatusEnum.enumValues)[number];

/**
 * The cart on the server (decision 031): one per browser (its id in an httpOnly cookie) or per
 * account (`user_id`, merged into on login). Delivery, locker, code and a guest's e-mail live with it.
 */
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .references(() => user.id, { onDelete: "cascade" })
      .unique(),
    deliveryMethod: deliveryMethodEnum("delivery_method").notNull().default("courier"),
    locker: jsonb("locker").$type<ParcelLocker>(),
    discountCode: text("discount_code"),
    email: text("email"),
    ...timestamps,
  },
  (t) => [index("carts_updated_at_idx").on(t.updatedAt)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The order lines were added in (the clock's time, not the transaction's: a takeover adds several). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    unique("cart_lines_one_per_variant").on(t.cartId, t.productId, t.variantId).nullsNotDistinct(),
    check("cart_lines_quantity_range", sql`${t.quantity} between 1 and 99`),
  ],
);

export const paymentProviderEnum = pgEnum("payment_provider", ["test", "stripe"]);
export const checkoutStatusEnum = pgEnum("checkout_status", [
  "open",
  "paid",
  "expired",
  "cancelled",
  "failed",
]);

/** The priced snapshot the server computed when checkout started. */
export type CheckoutLine = {
  productId: string;
  variantId: string | null;
  name: string;
  slug: string;
  size: string | null;
  color: string | null;
  image: ImageRef | null;
  /** What the buyer pays per unit: the sale price while a sale runs. */
  unitPrice: number;
  /** The regular unit price when `unitPrice` is a sale price (absent: no sale, or a checkout from before #28). */
  regularUnitPrice?: number;
  /** The lowest price of the 30 days before the reduction (shown in the e-mails). */
  lowestPriorPrice?: number;
  quantity: number;
};

/** One attendee of a ticket: the name printed on it and checked at the door. */
export type Attendee = { firstName: string; lastName: string };

/** A ticket line of the priced snapshot (issue #40): one type of one night, with each ticket's name. */
export type CheckoutTicketLine = {
  ticketTypeId: string;
  eventId: string;
  /** The type's name ("Pula 2"). */
  name: string;
  nightTitle: string;
  nightSlug: string;
  startsAt: string;
  unitPrice: number;
  vatRate: number;
  quantity: number;
  attendees: Attendee[];
  /**
   * A ticket bought from a waiting-list offer (ticket_offers): one ticket at the returned ticket's
   * price, taking no counter (its place is the returned ticket's).
   */
  offerId?: string;
};

/** A pending checkout: one payment session of one provider, with the priced snapshot. */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: paymentProviderEnum("provider").notNull(),
    /** The provider's session id; unique so fulfilment happens once per payment session. */
    providerSessionId: text("provider_session_id").unique(),
    status: checkoutStatusEnum("status").notNull().default("open"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    email: text("email"),
    lines: jsonb("lines").$type<CheckoutLine[]>().notNull(),
    /** The tickets it sells (issue #40); empty for merch only. */
    ticketLines: jsonb("ticket_lines").$type<CheckoutTicketLine[]>().notNull().default([]),
    deliveryMethod: deliveryMethodEnum("delivery_method").notNull(),
    locker: jsonb("locker").$type<ParcelLocker>(),
    discountCodeId: uuid("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    discountCode: text("discount_code"),
    /** True while this checkout holds one use of its discount code (taken at start, given back on expiry). */
    discountUseHeld: boolean("discount_use_held").notNull().default(false),
    subtotal: integer("subtotal").notNull(),
    discountAmount: integer("discount_amount").notNull().default(0),
    deliveryCost: integer("delivery_cost").notNull(),
    total: integer("total").notNull(),
    /** What the payer gave on the payment page. */
    customerEmail: text("customer_email"),
    customerName: text("customer_name"),
    customerPhone: text("customer_phone"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Who started it, for the per-client caps: a hash of the IP's limit key and of the browser's cookie. */
    clientIp: text("client_ip"),
    clientBrowser: text("client_browser"),
    /** The checkout's e-mail normalised (lower case, no +tag, Gmail without dots): per-customer limits. */
    emailKey: text("email_key"),
    /**
     * Set when a paid checkout could not become an order as paid (e.g. 'paid_stock_gone': paid after its
     * reservation was given back and the stock sold meanwhile), so the panel can find it for a refund.
     */
    needsAttention: text("needs_attention"),
    /** The provider's payment (Stripe PaymentIntent id), which refunds are made against. */
    providerPaymentId: text("provider_payment_id"),
    /** Grosze given back for a payment that never became an order (paid after its stock was gone). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** The server cart it was started from, emptied when the order is created (decision 031). */
    cartId: uuid("cart_id").references(() => carts.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("checkouts_client_ip_idx").on(t.clientIp, t.status),
    index("checkouts_client_browser_idx").on(t.clientBrowser, t.status),
    index("checkouts_email_key_idx").on(t.emailKey, t.status),
    index("checkouts_user_idx").on(t.userId, t.status),
    check(
      "checkouts_amounts_non_negative",
      sql`${t.subtotal} >= 0 and ${t.discountAmount} >= 0 and ${t.deliveryCost} >= 0 and ${t.total} >= 0`,
    ),
    check("checkouts_refund_within_total", sql`${t.refundedAmount} between 0 and ${t.total}`),
    index("checkouts_status_expires_idx").on(t.status, t.expiresAt),
  ],
);

/**
 * The one use of the "first order" promise per buyer: a row per checkout that applies a first-order-only
 * code, unique by the buyer's normalised e-mail and by account. Taken when the checkout is reserved,
 * deleted when it is released, marked converted when it is paid (and then kept for good), so two
 * checkouts of one buyer can never both be "first", however concurrent.
 */
export const firstOrderClaims = pgTable("first_order_claims", {
  id: uuid("id").primaryKey().defaultRandom(),
  checkoutId: uuid("checkout_id")
    .notNull()
    .unique()
    .references(() => checkouts.id, { onDelete: "cascade" }),
  /** `firstOrderEmailKey()` of the buyer's e-mail: trimmed, lower case, +tag removed. */
  emailKey: text("email_key").notNull().unique(),
  userId: text("user_id")
    .unique()
    .references(() => user.id, { onDelete: "set null" }),
  convertedAt: timestamp("converted_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const reservationStatusEnum = pgEnum("reservation_status", ["active", "converted", "released"]);

export const stockReservations = pgTable(
  "stock_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    status: reservationStatusEnum("status").notNull().default("active"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("stock_reservations_quantity_positive", sql`${t.quantity} > 0`),
    index("stock_reservations_status_expires_idx").on(t.status, t.expiresAt),
    index("stock_reservations_checkout_idx").on(t.checkoutId),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: orderStatusEnum("status").notNull().default("pending"),
    customerEmail: text("customer_email").notNull(),
    customerName: text("customer_name"),
    customerPhone: text("customer_phone"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** One order per checkout (and so per payment session): a repeat fulfilment is a no-op. */
    checkoutId: uuid("checkout_id")
      .unique()
      .references(() => checkouts.id, { onDelete: "set null" }),
    subtotal: integer("subtotal").notNull(),
    discountAmount: integer("discount_amount").notNull().default(0),
    discountCode: text("discount_code"),
    deliveryMethod: deliveryMethodEnum("delivery_method").notNull(),
    deliveryCost: integer("delivery_cost").notNull(),
    totalAmount: integer("total_amount").notNull(),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    locker: jsonb("locker").$type<ParcelLocker>(),
    /** SHA-256 of the private link token that shows a guest their order without an account. */
    accessTokenHash: text("access_token_hash").unique(),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    stockReturnedAt: timestamp("stock_returned_at", { withTimezone: true }),
    /** When the parcel reached the customer; the 14-day withdrawal window runs from here. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** When the order became 'completed'; the withdrawal window runs from here when there is no delivery date. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * Grosze refunded or being refunded (pending refunds count, failed ones are given back). Raised in the
     * same statement that checks it, so two refunds at once can never together exceed what was paid.
     */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check(
      "orders_amounts_non_negative",
      sql`${t.subtotal} >= 0 and ${t.discountAmount} >= 0 and ${t.deliveryCost} >= 0 and ${t.totalAmount} >= 0`,
    ),
    check("orders_refund_within_total", sql`${t.refundedAmount} between 0 and ${t.totalAmount}`),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_email_idx").on(t.customerEmail),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Catalogue rows may be deleted later; the item keeps its own snapshot of name and price.
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    productSlug: text("product_slug"),
    productImage: jsonb("product_image").$type<ImageRef>(),
    size: text("size"),
    color: text("color"),
    quantity: integer("quantity").notNull(),
    /** What was paid per unit (the sale price during a sale); refunds use it. */
    pricePerUnit: integer("price_per_unit").notNull(),
    /** The regular unit price at the time of the order (equal to price_per_unit outside a sale). */
    regularPricePerUnit: integer("regular_price_per_unit").notNull(),
    /** During a sale: the lowest price of the 30 days before the reduction, as shown; null otherwise. */
    lowestPriorPrice: integer("lowest_prior_price"),
    /** Units already refunded (pending or done); never more than were bought. */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    /** A line of tickets (issue #40): its type; the tickets themselves are rows of `tickets`. */
    ticketTypeId: uuid("ticket_type_id").references((): AnyPgColumn => ticketTypes.id, {
      onDelete: "set null",
    }),
    /** VAT rate in percent of a ticket line (merch and delivery: the shop's standard rate). */
    vatRate: integer("vat_rate"),
  },
  (t) => [
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_refunded_within_quantity", sql`${t.refundedQuantity} between 0 and ${t.quantity}`),
    check("order_items_price_non_negative", sql`${t.pricePerUnit} >= 0`),
    index("order_items_order_idx").on(t.orderId),
  ],
);

export const discountCodeUsages = pgTable(
  "discount_code_usages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discountCodeId: uuid("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    email: text("email"),
    discountAmount: integer("discount_amount").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("discount_code_usages_amount_non_negative", sql`${t.discountAmount} >= 0`),
    index("discount_code_usages_code_idx").on(t.discountCodeId, t.usedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Money back: withdrawals (the consumer's 14-day right) and refunds through the payment provider
// ---------------------------------------------------------------------------------------------

export const withdrawalStatusEnum = pgEnum("withdrawal_status", ["open", "refunded"]);
export type WithdrawalLine = { orderItemId: string; quantity: number };

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lines: jsonb("lines").$type<WithdrawalLine[]>().notNull(),
    customerName: text("customer_name"),
    customerEmail: text("customer_email").notNull(),
    /** The customer's own words, if any, besides the statement of withdrawal. */
    note: text("note"),
    status: withdrawalStatusEnum("status").notNull().default("open"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("withdrawals_status_created_idx").on(t.status, t.createdAt),
    index("withdrawals_order_idx").on(t.orderId),
  ],
);

export const refundKindEnum = pgEnum("refund_kind", ["manual", "cancellation", "withdrawal", "sold_out"]);
export const refundStatusEnum = pgEnum("refund_status", ["pending", "succeeded", "failed"]);
export type RefundKind = (typeof refundKindEnum.enumValues)[number];
export type RefundStatus = (typeof refundStatusEnum.enumValues)[number];
/** One refunded line: the item's snapshot, how many units, and the grosze they stand for (discount spread). */
export type RefundLine = {
  orderItemId: string;
  name: string;
  size: string | null;
  quantity: number;
  amount: number;
};

export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order refunded; null only for a payment that never became an order (kind 'sold_out'). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    checkoutId: uuid("checkout_id").references(() => checkouts.id, { onDelete: "set null" }),
    withdrawalId: uuid("withdrawal_id").references(() => withdrawals.id, { onDelete: "set null" }),
    kind: refundKindEnum("kind").notNull(),
    /** Grosze given back in total (lines + delivery). */
    amount: integer("amount").notNull(),
    /** Of which the delivery cost. */
    deliveryAmount: integer("delivery_amount").notNull().default(0),
    lines: jsonb("lines").$type<RefundLine[]>().notNull().default([]),
    reason: text("reason").notNull(),
    /** True when the refunded units went back to stock (the admin said they came back). */
    restocked: boolean("restocked").notNull().default(false),
    /** Who refunded; null for the shop's own automatic refunds. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    provider: paymentProviderEnum("provider").notNull(),
    /** Sent as the provider's idempotency key, so a retried request can never refund twice. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    providerRefundId: text("provider_refund_id").unique(),
    status: refundStatusEnum("status").notNull().default("pending"),
    failureReason: text("failure_reason"),
    ...timestamps,
  },
  (t) => [
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    check("refunds_delivery_within_amount", sql`${t.deliveryAmount} between 0 and ${t.amount}`),
    check("refunds_order_or_checkout", sql`${t.orderId} is not null or ${t.checkoutId} is not null`),
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    index("refunds_checkout_idx").on(t.checkoutId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Contact and mail
// ---------------------------------------------------------------------------------------------

export const contactSubjectEnum = pgEnum("contact_subject", ["product", "order", "complaint", "other"]);

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  orderNumber: text("order_number"),
  subject: contactSubjectEnum("subject").notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const mailStatusEnum = pgEnum("mail_status", ["pending", "sent", "failed"]);

/** A file an e-mail carries, made by the sender from current data (registered per `kind`). */
export type MailAttachmentRef = { kind: string; ref: string };

/** Durable outbox: written in the same transaction as its cause, sent by a worker with retries. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Insertion order: created_at ties within one transaction and JS dates drop its microseconds. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    /** Where replies go (the contact form's sender), when not the brand mailbox. */
    replyTo: text("reply_to"),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post for stock notices). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Files made when the message is sent (the order's e-tickets as PDF, the night's .ics). */
    attachments: jsonb("attachments").$type<MailAttachmentRef[]>(),
    status: mailStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // The per-minute send cap counts the last minute's sends on every claim.
    index("mail_outbox_sent_at_idx").on(t.sentAt),
  ],
);

/**
 * "Powiadom mnie": an e-mail waiting for a product (or one size of it) to be released or back in stock.
 * Double opt-in: nothing is sent but the confirmation until `confirmed_at`; each confirmed alert is
 * notified once (`notified_at`, claimed with SKIP LOCKED so several instances never send it twice).
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** Normalised e-mail: one alert per product, size and address. */
    emailKey: text("email_key").notNull(),
    /** The consent the visitor gave, verbatim, and when. */
    consentText: text("consent_text").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique("stock_alerts_one_per_address").on(t.productId, t.variantId, t.emailKey).nullsNotDistinct(),
    index("stock_alerts_waiting_idx").on(t.productId, t.variantId, t.notifiedAt),
  ],
);

/**
 * The confirmation links of a stock alert (issue #42): each subscription sends one, and an earlier link
 * keeps working until it expires. Only the SHA-256 of the token is kept; a link is used once.
 */
export const stockAlertConfirmations = pgTable(
  "stock_alert_confirmations",
  {
    tokenHash: text("token_hash").primaryKey(),
    alertId: uuid("alert_id")
      .notNull()
      .references(() => stockAlerts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("stock_alert_confirmations_alert_idx").on(t.alertId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Tickets sold on the site (issue #40, decision 038)
// ---------------------------------------------------------------------------------------------

/**
 * A night sold on the site: its capacity (every type and the door together) and the rules of its sale.
 * `remaining` is the capacity not yet sold, held or sold at the door; it is taken like stock, by a
 * conditional update, after the types' own counters, so no mix of types can pass the capacity.
 * A row of its own, not columns of `events`: a sale writes here, and a write to `events` empties every
 * page cache.
 */
export const nightTickets = pgTable(
  "night_tickets",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    capacity: integer("capacity").notNull(),
    remaining: integer("remaining").notNull(),
    /** Tickets one customer (e-mail, account or browser) may hold for the night, paid and open; null = no limit. */
    maxPerCustomer: integer("max_per_customer"),
    /** A ticket's name can be changed (given to a friend) until this many minutes before doors. */
    transferUntilMinutes: integer("transfer_until_minutes").notNull().default(120),
    /** Tickets given back are offered to the waiting list until this many minutes before doors. */
    offersUntilMinutes: integer("offers_until_minutes").notNull().default(120),
    /** The door scans exits too and lets a ticket in again (issue #41); off by default, as the FAQ says. */
    reentry: boolean("reentry").notNull().default(false),
    /** The door ticket's price ("Na bramce"), grosze; null: nothing is sold at the door. */
    doorPrice: integer("door_price"),
    doorVatRate: integer("door_vat_rate").notNull().default(8),
    ...timestamps,
  },
  (t) => [
    check(
      "night_tickets_door_price_range",
      sql`${t.doorPrice} is null or ${t.doorPrice} between 100 and 10000000`,
    ),
    check("night_tickets_door_vat_rate_range", sql`${t.doorVatRate} between 0 and 99`),
    check("night_tickets_capacity_range", sql`${t.capacity} between 1 and 100000`),
    check("night_tickets_remaining_within_capacity", sql`${t.remaining} between 0 and ${t.capacity}`),
    check(
      "night_tickets_max_per_customer_range",
      sql`${t.maxPerCustomer} is null or ${t.maxPerCustomer} between 1 and 20`,
    ),
    check(
      "night_tickets_minutes_range",
      sql`${t.transferUntilMinutes} between 0 and 10080 and ${t.offersUntilMinutes} between 0 and 10080`,
    ),
  ],
);

/**
 * A type of ticket for a night ("Early bird", "Pula 1"…). `remaining` is the quota not yet sold or
 * held, taken like stock. With `opens_after_previous` the type goes on sale only once the type before
 * it (by position) is sold out or its window has ended: price tiers that step up by themselves.
 */
export const ticketTypes = pgTable(
  "ticket_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    price: integer("price").notNull(),
    /** VAT rate in percent (8 for admission to a cultural event is usual; the panel sets it). */
    vatRate: integer("vat_rate").notNull().default(8),
    quota: integer("quota").notNull(),
    remaining: integer("remaining").notNull(),
    salesStart: timestamp("sales_start", { withTimezone: true }),
    salesEnd: timestamp("sales_end", { withTimezone: true }),
    maxPerOrder: integer("max_per_order").notNull().default(10),
    position: integer("position").notNull().default(0),
    opensAfterPrevious: boolean("opens_after_previous").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("ticket_types_name_length", sql`char_length(${t.name}) between 1 and 60`),
    check("ticket_types_price_range", sql`${t.price} between 100 and 10000000`),
    check("ticket_types_vat_rate_range", sql`${t.vatRate} between 0 and 99`),
    check("ticket_types_quota_range", sql`${t.quota} between 1 and 100000`),
    check("ticket_types_remaining_within_quota", sql`${t.remaining} between 0 and ${t.quota}`),
    check("ticket_types_max_per_order_range", sql`${t.maxPerOrder} between 1 and 20`),
    check(
      "ticket_types_window_order",
      sql`${t.salesStart} is null or ${t.salesEnd} is null or ${t.salesEnd} > ${t.salesStart}`,
    ),
    index("ticket_types_event_position_idx").on(t.eventId, t.position),
  ],
);

export const ticketStateEnum = pgEnum("ticket_state", ["valid", "void"]);
export type TicketState = (typeof ticketStateEnum.enumValues)[number];

/**
 * One e-ticket: a random id the QR carries with `version` and a signature (decision 038); a change of
 * holder bumps the version, so the old QR is outdated at once. No personal data leaves in the QR.
 */
export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    orderItemId: uuid("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    holderFirstName: text("holder_first_name").notNull(),
    holderLastName: text("holder_last_name").notNull(),
    /** Who holds it after a transfer (null: the order's buyer). */
    holderEmail: text("holder_email"),
    state: ticketStateEnum("state").notNull().default("valid"),
    version: integer("version").notNull().default(1),
    /** What was paid for it (grosze): a refund gives back exactly this. */
    price: integer("price").notNull(),
    /** The attendee's place in the order (tickets of one order are issued at one instant). */
    position: integer("position").notNull().default(0),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidReason: text("void_reason"),
  },
  (t) => [
    check("tickets_version_positive", sql`${t.version} >= 1`),
    check("tickets_price_non_negative", sql`${t.price} >= 0`),
    check("tickets_voided_when_void", sql`(${t.state} = 'void') = (${t.voidedAt} is not null)`),
    index("tickets_event_idx").on(t.eventId, t.state),
    index("tickets_order_idx").on(t.orderId),
    index("tickets_holder_email_idx").on(t.holderEmail),
  ],
);

/** Every change of a ticket (issued, new holder, voided, resent), with who made it and when. */
export const ticketChanges = pgTable(
  "ticket_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The account that made the change (null: the system, or a guest through the order's link). */
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    detail: jsonb("detail").$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ticket_changes_ticket_idx").on(t.ticketId, t.createdAt)],
);

/** Ticket lines of a cart: one type of one night, with the names given so far (issue #40). */
export const cartTickets = pgTable(
  "cart_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** One per ticket as typed in the cart (may be fewer than `quantity` until the buyer fills them in). */
    attendees: jsonb("attendees").$type<Attendee[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    unique("cart_tickets_one_per_type").on(t.cartId, t.ticketTypeId),
    check("cart_tickets_quantity_range", sql`${t.quantity} between 1 and 20`),
  ],
);

/**
 * Units of a type (and of its night's capacity) a checkout holds while the buyer pays, given back on
 * expiry or release as stock reservations are.
 */
export const ticketHolds = pgTable(
  "ticket_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    status: reservationStatusEnum("status").notNull().default("active"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ticket_holds_quantity_positive", sql`${t.quantity} > 0`),
    index("ticket_holds_checkout_idx").on(t.checkoutId),
    index("ticket_holds_type_status_idx").on(t.ticketTypeId, t.status),
  ],
);

/**
 * The waiting list of a sold-out night (issue #40): an address waiting for 1–2 tickets given back,
 * double opt-in as "Powiadom mnie". Its place in the queue is `confirmed_at`; an entry whose offer
 * lapsed leaves the queue (`dropped_at`), so the next in line is offered the ticket.
 */
export const ticketWaitlist = pgTable(
  "ticket_waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** Normalised e-mail: one entry per night and address. */
    emailKey: text("email_key").notNull(),
    quantity: integer("quantity").notNull(),
    consentText: text("consent_text").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    droppedAt: timestamp("dropped_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique("ticket_waitlist_one_per_address").on(t.eventId, t.emailKey),
    check("ticket_waitlist_quantity_range", sql`${t.quantity} between 1 and 2`),
    index("ticket_waitlist_queue_idx").on(t.eventId, t.confirmedAt),
  ],
);

/** The confirmation links of a waiting-list entry: only the token's SHA-256, each used once. */
export const ticketWaitlistConfirmations = pgTable(
  "ticket_waitlist_confirmations",
  {
    tokenHash: text("token_hash").primaryKey(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => ticketWaitlist.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ticket_waitlist_confirmations_entry_idx").on(t.entryId, t.createdAt)],
);

export const ticketReturnStatusEnum = pgEnum("ticket_return_status", [
  "open",
  "offered",
  "sold",
  "withdrawn",
  "ended",
]);

/**
 * "Oddaj bilet": a holder puts a ticket up for the waiting list. The ticket stays valid and theirs
 * until someone pays for it; one live request (open or offered) per ticket.
 */
export const ticketReturns = pgTable(
  "ticket_returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    status: ticketReturnStatusEnum("status").notNull().default("open"),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("ticket_returns_one_live_idx").on(t.ticketId).where(sql`${t.status} in ('open', 'offered')`),
    index("ticket_returns_event_status_idx").on(t.eventId, t.status, t.createdAt),
  ],
);

export const ticketOfferStatusEnum = pgEnum("ticket_offer_status", [
  "open",
  "checkout",
  "sold",
  "refunded",
  "expired",
]);

/**
 * An offer of one returned ticket to one waiting-list entry, at the ticket's face value, for 30
 * minutes (the link's token: only its SHA-256 here). open → checkout (claimed by one checkout) → sold
 * (paid; the new ticket issued) → refunded (the giver's money back, once); or → expired.
 */
export const ticketOffers = pgTable(
  "ticket_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => ticketReturns.id, { onDelete: "cascade" }),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => ticketWaitlist.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    status: ticketOfferStatusEnum("status").notNull().default("open"),
    checkoutId: uuid("checkout_id").references(() => checkouts.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    // A ticket given back is offered once at a time; an entry holds one live offer at a time.
    uniqueIndex("ticket_offers_one_live_per_return_idx")
      .on(t.returnId)
      .where(sql`${t.status} in ('open', 'checkout')`),
    uniqueIndex("ticket_offers_one_live_per_entry_idx")
      .on(t.entryId)
      .where(sql`${t.status} in ('open', 'checkout')`),
    index("ticket_offers_status_idx").on(t.status, t.expiresAt),
    index("ticket_offers_checkout_idx").on(t.checkoutId),
  ],
);

// ---------------------------------------------------------------------------------------------
// The door (issue #41, decision 041)
// ---------------------------------------------------------------------------------------------

/** A phone of the door staff: its id is made on the phone, so offline records name it before it syncs. */
export const doorDevices = pgTable("door_devices", {
  id: uuid("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  /** The night it last downloaded: the panel lists it there, to give it a block before it scans. */
  lastEventId: uuid("last_event_id").references(() => events.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A scan that changed who is inside (an admission, or an exit when the night allows re-entry). The
 * phone's nonce is the key: a sync sent twice stores it once. Two admissions of one ticket are both
 * kept (two phones offline); the panel lists them as a conflict. `seq` is the phones' polling cursor.
 */
export const doorScans = pgTable(
  "door_scans",
  {
    nonce: uuid("nonce").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull().unique(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    direction: text("direction").$type<"in" | "out">().notNull(),
    /** The phone's clock when it scanned. */
    scannedAt: timestamp("scanned_at", { withTimezone: true }).notNull(),
    deviceId: uuid("device_id")
      .notNull()
      .references(() => doorDevices.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** Decided offline on the phone (true) or by the server online (false). */
    offline: boolean("offline").notNull().default(false),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    check("door_scans_direction", sql`${t.direction} in ('in', 'out')`),
    index("door_scans_event_seq_idx").on(t.eventId, t.seq),
    index("door_scans_ticket_idx").on(t.ticketId, t.scannedAt),
  ],
);

/**
 * Door tickets given to one phone beforehand, so it may sell offline: `size` is taken from the night's
 * capacity when the block is given; what is unused goes back when the admin closes it.
 */
export const doorBlocks = pgTable(
  "door_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    deviceId: uuid("device_id")
      .notNull()
      .references(() => doorDevices.id, { onDelete: "cascade" }),
    size: integer("size").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Units given back to the capacity on closing. */
    returned: integer("returned"),
  },
  (t) => [
    check("door_blocks_size_range", sql`${t.size} between 1 and 1000`),
    index("door_blocks_event_idx").on(t.eventId, t.deviceId),
  ],
);

/** A sale at the door ("Na bramce"), paid in cash or on a card terminal, with who sold it. */
export const doorSales = pgTable(
  "door_sales",
  {
    nonce: uuid("nonce").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull().unique(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    deviceId: uuid("device_id")
      .notNull()
      .references(() => doorDevices.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull(),
    method: text("method").$type<"cash" | "card">().notNull(),
    unitPrice: integer("unit_price").notNull(),
    vatRate: integer("vat_rate").notNull(),
    blockId: uuid("block_id").references(() => doorBlocks.id, { onDelete: "restrict" }),
    soldAt: timestamp("sold_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    check("door_sales_quantity_range", sql`${t.quantity} between 1 and 10`),
    check("door_sales_method", sql`${t.method} in ('cash', 'card')`),
    check("door_sales_unit_price_range", sql`${t.unitPrice} between 0 and 10000000`),
    index("door_sales_event_idx").on(t.eventId, t.soldAt),
    index("door_sales_block_idx").on(t.blockId),
  ],
);
