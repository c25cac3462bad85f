import { ArrowUpRight } from "lucide-react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { TileBadge } from "~/components/tile-badge";
import { logger } from "~/lib/logger.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { listResidents, type ResidentCard } from "~/modules/content/artists.server";
import { SectionHeading } from "~/modules/content/components/section-heading";
import type { Route } from "./+types/residents";

export async function loader() {
  try {
    return { residents: await listResidents() };
  } catch (error) {
    // SPEC §8: a failed residents fetch is only logged; the page shows an empty list.
    logger.error({ err: error }, "residents list failed");
    return { residents: [] as ResidentCard[] };
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  const names = loaderData?.residents.map((resident) => resident.name) ?? [];
  return pageMeta({
    site,
    title: "Rezydenci",
    description: names.length
      ? `Regularnie grający DJ-e ${site.name}: ${names.join(", ")}. Poznaj rezydentów club nights ${site.cityLocative}.`
      : `Regularnie grający DJ-e ${site.name}. Poznaj rezydentów club nights ${site.cityLocative}.`,
    path: "/rezydenci",
  });
};

export default function Residents({ loaderData }: Route.ComponentProps) {
  const { residents } = loaderData;
  return (
    <div className="container-page pt-32 pb-16 md:pt-40">
      <SectionHeading as="h1" eyebrow="Resident DJs" title="REZYDENCI">
        <p>Regularnie grający DJ-e</p>
      </SectionHeading>
      {residents.length === 0 ? (
        <p className="text-lg text-muted">Skład rezydentów ogłosimy wkrótce.</p>
      ) : (
        <ul
          className={cn(
            "grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3",
            residents.length % 4 === 0 && "xl:grid-cols-4",
          )}
          data-testid="residents"
        >
          {residents.map((resident, index) => (
            <li key={resident.id}>
              <Link to={`/artist/${resident.slug}`} prefetch="intent" className="group block outline-hidden">
                <div className="relative aspect-square overflow-hidden rounded-lg border border-border bg-surface-2 transition-colors group-hover:border-accent group-focus-visible:outline-2 group-focus-visible:outline-offset-4 group-focus-visible:outline-accent">
                  {resident.profileImage ? (
                    <ResponsiveImage
                      image={resident.profileImage}
                      sizes="(min-width: 1280px) 400px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw"
                      priority={index < 3}
                      alt=""
                      className="size-full object-cover grayscale-[35%] transition duration-500 group-hover:scale-105 group-hover:grayscale-0"
                    />
                  ) : null}
                  <TileBadge
                    icon={ArrowUpRight}
                    className="top-4 right-4 size-11 bg-background/70 text-foreground backdrop-blur transition-colors group-hover:bg-accent group-hover:text-accent-foreground"
                    iconClassName="size-5"
                  />
                </div>
                <h2 className="mt-5 font-display text-3xl font-black tracking-tight transition-colors group-hover:text-accent md:text-4xl">
                  {resident.name}
                </h2>
                <p className="mt-1 font-mono text-xs font-bold uppercase tracking-[0.3em] text-accent">
                  RESIDENT DJ
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
