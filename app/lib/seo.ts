import type { MetaDescriptor } from "react-router";
import { demoSite, type SiteConfig } from "./site";

export type PageSeo = {
  site: SiteConfig;
  /** Page title without the brand; the brand is appended. */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/rezydenci". */
  path: string;
  /** Absolute or site-relative URL of the social image (1200×630 preferred). */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article" | "product" | "profile";
  noindex?: boolean;
  /** Structured data objects, emitted as JSON-LD script tags. */
  jsonLd?: Record<string, unknown>[];
};

export const DEFAULT_SOCIAL_IMAGE = "/demo/og-default-1200.webp";

/** Title, description, canonical, Open Graph, Twitter and JSON-LD tags for a page's `meta` export. */
export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const url = new URL(seo.path, seo.site.url).toString();
  const image = new URL(seo.image ?? DEFAULT_SOCIAL_IMAGE, seo.site.url).toString();
  const title = seo.title === seo.site.name ? seo.site.name : `${seo.title} | ${seo.site.name}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: seo.site.name },
    { property: "og:locale", content: "pl_PL" },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: seo.imageAlt ?? seo.site.name },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
  ];
  if (seo.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const data of seo.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** The `meta` export of a page whose tags depend only on the site settings (the root loader's). */
export function staticPageMeta(seo: Omit<PageSeo, "site">) {
  return ({ matches }: { matches: Parameters<typeof siteFromMatches>[0] }) =>
    pageMeta({ site: siteFromMatches(matches), ...seo });
}

/** The site settings from the root loader, for a route's `meta` function. */
export function siteFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): SiteConfig {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: SiteConfig } | undefined;
  return root?.site ?? demoSite;
}
