import { logger } from "~/lib/logger.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { type AmbassadorCard, listAmbassadors } from "~/modules/content/ambassadors.server";
import { AmbassadorList } from "~/modules/content/components/ambassador-list";
import { SectionHeading } from "~/modules/content/components/section-heading";
import type { Route } from "./+types/ambassadors";

export async function loader() {
  try {
    return { ambassadors: await listAmbassadors() };
  } catch (error) {
    // SPEC §8: a failed ambassadors fetch is only logged; the page shows the empty state.
    logger.error({ err: error }, "ambassadors list failed");
    return { ambassadors: [] as AmbassadorCard[] };
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    site,
    title: "Ambasadorzy",
    description: `Ambasadorzy ${site.name}: ludzie, którzy zbierają ekipę na każdą edycję club nights ${site.cityLocative}. Znajdź ich na Instagramie.`,
    path: "/ambasadorzy",
  });
};

export default function Ambassadors({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page pt-32 pb-16 md:pt-40">
      <SectionHeading as="h1" eyebrow="Ekipa na parkiecie" title="AMBASADORZY" />
      <AmbassadorList ambassadors={loaderData.ambassadors} />
    </div>
  );
}
