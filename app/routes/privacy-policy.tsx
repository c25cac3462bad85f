import { staticPageMeta } from "~/lib/seo";
import { LegalDocumentPage } from "~/modules/legal/components/document-layout";
import { SectionAccordion } from "~/modules/legal/components/section-accordion";
import { legalDates } from "~/modules/legal/legal-dates";
import { privacyPolicySections } from "~/modules/legal/privacy-policy-sections";
import { useRootData } from "~/root";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Polityka prywatności",
  description:
    "Kto jest administratorem Twoich danych, w jakich celach i jak długo je przetwarzamy, komu je przekazujemy, jakie masz prawa i jak używamy plików cookies.",
  path: "/privacy-policy",
});

export default function PrivacyPolicy() {
  const { site } = useRootData();
  return (
    <LegalDocumentPage
      site={site}
      title="Polityka prywatności"
      lead={`Jak ${site.name} chroni Twoje dane: co zbieramy, po co, jak długo je trzymamy i jakie masz prawa. Rozwiń sekcję, która Cię interesuje.`}
      updated={legalDates.privacyPolicyUpdated}
    >
      <SectionAccordion sections={privacyPolicySections(site)} />
    </LegalDocumentPage>
  );
}
