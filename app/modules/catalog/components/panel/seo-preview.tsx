/** How the product may look in search results: title, address and description, cut where engines cut. */
import { productLimits } from "../../product-form.schema";

function truncate(text: string, max: number) {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

export function SeoPreview({
  siteName,
  siteUrl,
  name,
  slug,
  metaDescription,
  description,
}: {
  siteName: string;
  siteUrl: string;
  name: string;
  slug: string;
  metaDescription: string;
  description: string;
}) {
  const host = siteUrl.replace(/^https?:\/\//, "").replace(/\/$/, "");
  const title = truncate(`${name || "Nazwa produktu"} | ${siteName}`, 60);
  const text = truncate(
    metaDescription || description || "Opis produktu pojawi się tutaj.",
    productLimits.metaDescriptionMax,
  );
  return (
    <figure className="grid gap-2">
      <figcaption className="font-semibold text-muted text-xs uppercase tracking-wider">
        Podgląd w wyszukiwarce
      </figcaption>
      <div
        className="rounded-md border border-border bg-white p-4 font-[Arial,sans-serif] text-[#202124]"
        data-testid="seo-preview"
      >
        <p className="flex items-center gap-2 text-sm">
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-[#f1f3f4] font-bold text-[#0b0a10] text-xs"
          >
            {siteName.slice(0, 1)}
          </span>
          <span className="grid leading-tight">
            <span className="text-[#202124]">{siteName}</span>
            <span className="text-[#4d5156] text-xs">
              {host} › merch › {slug || "slug-produktu"}
            </span>
          </span>
        </p>
        <p className="mt-1.5 truncate text-[#1a0dab] text-xl leading-snug">{title}</p>
        <p className="mt-0.5 line-clamp-2 text-[#4d5156] text-sm leading-snug">{text}</p>
      </div>
    </figure>
  );
}
