import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public event site
  index("routes/home.tsx"),
  route("rezydenci", "routes/residents.tsx"),
  route("artist/:slug", "routes/artist.tsx"),
  route("ambasadorzy", "routes/ambassadors.tsx"),
  route("archive/:slug", "routes/archive.tsx"),
  route("gallery/:slug", "routes/gallery.tsx"),
  route("events/:file", "routes/event-calendar.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  // Information pages
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("returns", "routes/returns.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("contact", "routes/contact.tsx"),
  route("deklaracja-dostepnosci", "routes/accessibility-statement.tsx"),
  route("formularz-odstapienia", "routes/withdrawal-form.ts"),

  // Resource routes
  route("api/auth/*", "routes/api/auth.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
