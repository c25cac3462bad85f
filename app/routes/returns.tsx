import { staticPageMeta } from "~/lib/seo";
import { LegalDocumentPage } from "~/modules/legal/components/document-layout";
import { PageTabs } from "~/modules/legal/components/page-tabs";
import { legalDates } from "~/modules/legal/legal-dates";
import { returnsTabs } from "~/modules/legal/returns-tabs";
import { useRootData } from "~/root";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Zwroty i Reklamacje",
  description:
    "Zwrot w 14 dni bez podania przyczyny, zwrot pieniędzy w 14 dni, reklamacje przez 2 lata z odpowiedzią w 14 dni. Wzór formularza odstąpienia do pobrania.",
  path: "/returns",
});

export default function Returns() {
  const { site } = useRootData();
  return (
    <LegalDocumentPage
      site={site}
      title="Zwroty i Reklamacje"
      lead="Coś nie pasuje albo okazało się wadliwe? Tu znajdziesz wszystko, czego potrzebujesz, krok po kroku."
      updated={legalDates.returnsUpdated}
    >
      <PageTabs label="Zwroty i reklamacje" tabs={returnsTabs(site)} />
    </LegalDocumentPage>
  );
}
