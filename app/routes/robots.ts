import { env } from "~/lib/env.server";

/**
 * Private areas stay out of search engines; everything else is open, and the sitemap is named. The
 * cart page is public and the same for everyone (its contents live in the browser), so it stays
 * crawlable (decision 013).
 */
export const ROBOTS_DISALLOW = ["/admin", "/account"] as const;

export function loader() {
  const { site } = env();
  const body = [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", site.url).toString()}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
