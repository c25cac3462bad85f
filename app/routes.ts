import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public event site
  index("routes/home.tsx"),
  route("rezydenci", "routes/residents.tsx"),
  route("artist/:slug", "routes/artist.tsx"),
  route("ambasadorzy", "routes/ambassadors.tsx"),
  route("archive/:slug", "routes/archive.tsx"),
  route("gallery/:slug", "routes/gallery.tsx"),
  // Each photo of a grid has a page of its own, its full-size view (the viewer without JavaScript).
  route("archive/:slug/zdjecie/:photo", "routes/archive-photo.tsx"),
  route("gallery/:slug/zdjecie/:photo", "routes/gallery-photo.tsx"),
  route("wydarzenia/:slug/zdjecie/:photo", "routes/event-photo.tsx"),
  // A night's own page: the landing page's module and sections for that night (decision 022).
  route("wydarzenia/:slug", "routes/home.tsx", { id: "event-page" }),
  route("events/:file", "routes/event-calendar.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  // Merch shop
  route("merch", "routes/merch.tsx"),
  route("merch/:slug", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("platnosc-testowa/:id", "routes/test-payment.tsx"),
  route("order-success", "routes/order-success.tsx"),
  route("zamowienie/:id", "routes/order-status.tsx"),
  // "Powiadom mnie" (issue #27): the form's action, the confirmation link, the unsubscribe link.
  route("powiadom-mnie/:link?/:token?", "routes/notify-me.tsx"),
  // The waiting list (issue #40): the event page's form, its confirmation link; an offer's page.
  route("bilety/lista/:link?/:token?", "routes/ticket-waitlist.tsx"),
  route("bilety/oferta/:token", "routes/ticket-offer.tsx"),

  // Accounts
  route("auth", "routes/auth.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("update-password", "routes/update-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("logout", "routes/logout.ts"),
  route("zaproszenie/:token", "routes/invitation.tsx"),
  layout("routes/account-layout.tsx", [
    route("account", "routes/account.tsx"),
    route("account/orders", "routes/account-orders.tsx"),
    route("account/bilety", "routes/account-tickets.tsx"),
  ]),

  // Admin panel: every loader and action below checks the admin role itself
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/panel.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("dashboard/export.csv", "routes/admin/dashboard-export.ts"),
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/product-new.tsx"),
    route("products/:id/edit", "routes/admin/product-edit.tsx"),
    route("products/images", "routes/admin/product-images.ts"),
    route("sales", "routes/admin/sales.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/export.csv", "routes/admin/orders-export.ts"),
    route("discounts", "routes/admin/discounts.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("invitations", "routes/admin/invitations.tsx"),
    route("galleries", "routes/admin/galleries.tsx"),
    route("galleries/photos", "routes/admin/galleries-photos.ts"),
    route("ambassadors", "routes/admin/ambassadors.tsx"),
    route("events", "routes/admin/events.tsx"),
    route("events/new", "routes/admin/event-new.tsx"),
    route("events/:eventId/edit", "routes/admin/event-edit.tsx"),
    route("events/:eventId/tickets", "routes/admin/event-tickets.tsx"),
    route("events/:eventId/tickets.csv", "routes/admin/event-tickets-csv.ts"),
    route("events/:eventId/bramka", "routes/admin/event-door.tsx"),
    route("events/:eventId/raport", "routes/admin/event-report.tsx"),
    route("events/:eventId/raport.csv", "routes/admin/event-report-csv.ts"),
    route("events/images", "routes/admin/event-images.ts"),
    route("emails", "routes/admin/emails.tsx"),
    route("emails/preview", "routes/admin/emails-preview.ts"),
  ]),

  // The door app (issue #41, decision 041): door staff and admins, a phone at the door
  route("bramka", "routes/door/index.tsx"),
  route("bramka/:eventId", "routes/door/night.tsx"),
  route("api/bramka/:eventId/noc", "routes/api/door-night.ts"),
  route("api/bramka/:eventId/skan", "routes/api/door-scan.ts"),
  route("api/bramka/:eventId/sync", "routes/api/door-sync.ts"),
  route("api/bramka/:eventId/sprzedaz", "routes/api/door-sale.ts"),

  // Information pages
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("returns", "routes/returns.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("contact", "routes/contact.tsx"),
  route("deklaracja-dostepnosci", "routes/accessibility-statement.tsx"),
  route("formularz-odstapienia", "routes/withdrawal-form.ts"),

  // Resource routes
  route("media/*", "routes/media.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/webhooks/stripe", "routes/api/stripe-webhook.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
