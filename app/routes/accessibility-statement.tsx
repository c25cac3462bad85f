import { staticPageMeta } from "~/lib/seo";
import { AccessibilityStatement } from "~/modules/legal/accessibility-statement";
import { LegalDocumentPage } from "~/modules/legal/components/document-layout";
import { legalDates } from "~/modules/legal/legal-dates";
import { useRootData } from "~/root";
import type { Route } from "./+types/accessibility-statement";

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Deklaracja dostępności",
  description:
    "Stan dostępności strony i sklepu, znane ograniczenia, ułatwienia, kontakt oraz procedura skargi i zawiadomienia do Prezesa Zarządu PFRON.",
  path: "/deklaracja-dostepnosci",
});

export default function AccessibilityStatementPage() {
  const { site } = useRootData();
  return (
    <LegalDocumentPage
      site={site}
      title="Deklaracja dostępności"
      lead={`Chcemy, żeby z serwisu i sklepu ${site.name} mógł korzystać każdy – także z czytnikiem ekranu, samą klawiaturą czy na małym ekranie.`}
      updated={legalDates.accessibilityStatementPrepared}
      updatedLabel="Data sporządzenia"
    >
      <AccessibilityStatement site={site} />
    </LegalDocumentPage>
  );
}
