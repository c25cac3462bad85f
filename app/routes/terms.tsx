import { staticPageMeta } from "~/lib/seo";
import { LegalDocumentPage } from "~/modules/legal/components/document-layout";
import { PageTabs } from "~/modules/legal/components/page-tabs";
import { legalDates } from "~/modules/legal/legal-dates";
import { termsTabs } from "~/modules/legal/terms-tabs";
import { useRootData } from "~/root";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Regulamin",
  description:
    "Regulamin sklepu: sprzedawca, składanie zamówień, metody płatności, dostawa, odstąpienie od umowy, reklamacje i zmiany regulaminu.",
  path: "/terms",
});

export default function Terms() {
  const { site } = useRootData();
  return (
    <LegalDocumentPage
      site={site}
      title="Regulamin"
      lead={`Zasady zakupów w sklepie ${site.name}: kto sprzedaje, jak zamawiać i płacić, jak działa dostawa, zwroty i reklamacje.`}
      updated={legalDates.termsEffectiveFrom}
      updatedLabel="Obowiązuje od"
    >
      <PageTabs label="Części regulaminu" tabs={termsTabs(site)} />
    </LegalDocumentPage>
  );
}
