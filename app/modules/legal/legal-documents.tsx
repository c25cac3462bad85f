/**
 * The four legal documents, each served by a route of its own: what a document's route shows (its
 * header, its body) and tells search engines, kept in one table so the routes stay one line each.
 */
import type { ReactNode } from "react";
import { staticPageMeta } from "~/lib/seo";
import { AccessibilityStatement } from "./accessibility-statement";
import { LegalDocumentPage } from "./components/document-layout";
import type { LegalSite } from "./components/info-page";
import { PageTabs } from "./components/page-tabs";
import { SectionAccordion } from "./components/section-accordion";
import { legalDates } from "./legal-dates";
import { privacyPolicySections } from "./privacy-policy-sections";
import { returnsTabs } from "./returns-tabs";
import { termsTabs } from "./terms-tabs";

type LegalDocument = {
  /** The page's title and its header's heading. */
  title: string;
  description: string;
  path: string;
  lead: (site: LegalSite) => string;
  /** ISO date shown under the lead, after `updatedLabel` (the header's default label when not set). */
  updated: string;
  updatedLabel?: string;
  body: (site: LegalSite) => ReactNode;
};

const legalDocuments = {
  accessibilityStatement: {
    title: "Deklaracja dostępności",
    description:
      "Stan dostępności strony i sklepu, znane ograniczenia, ułatwienia, kontakt oraz procedura skargi i zawiadomienia do Prezesa Zarządu PFRON.",
    path: "/deklaracja-dostepnosci",
    lead: (site) =>
      `Chcemy, żeby z serwisu i sklepu ${site.name} mógł korzystać każdy – także z czytnikiem ekranu, samą klawiaturą czy na małym ekranie.`,
    updated: legalDates.accessibilityStatementPrepared,
    updatedLabel: "Data sporządzenia",
    body: (site) => <AccessibilityStatement site={site} />,
  },
  privacyPolicy: {
    title: "Polityka prywatności",
    description:
      "Kto jest administratorem Twoich danych, w jakich celach i jak długo je przetwarzamy, komu je przekazujemy, jakie masz prawa i jak używamy plików cookies.",
    path: "/privacy-policy",
    lead: (site) =>
      `Jak ${site.name} chroni Twoje dane: co zbieramy, po co, jak długo je trzymamy i jakie masz prawa. Rozwiń sekcję, która Cię interesuje.`,
    updated: legalDates.privacyPolicyUpdated,
    body: (site) => <SectionAccordion sections={privacyPolicySections(site)} />,
  },
  returns: {
    title: "Zwroty i Reklamacje",
    description:
      "Zwrot w 14 dni bez podania przyczyny, zwrot pieniędzy w 14 dni, reklamacje przez 2 lata z odpowiedzią w 14 dni. Wzór formularza odstąpienia do pobrania.",
    path: "/returns",
    lead: () =>
      "Coś nie pasuje albo okazało się wadliwe? Tu znajdziesz wszystko, czego potrzebujesz, krok po kroku.",
    updated: legalDates.returnsUpdated,
    body: (site) => <PageTabs label="Zwroty i reklamacje" tabs={returnsTabs(site)} />,
  },
  terms: {
    title: "Regulamin",
    description:
      "Regulamin sklepu: sprzedawca, składanie zamówień, metody płatności, dostawa, odstąpienie od umowy, reklamacje i zmiany regulaminu.",
    path: "/terms",
    lead: (site) =>
      `Zasady zakupów w sklepie ${site.name}: kto sprzedaje, jak zamawiać i płacić, jak działa dostawa, zwroty i reklamacje.`,
    updated: legalDates.termsEffectiveFrom,
    updatedLabel: "Obowiązuje od",
    body: (site) => <PageTabs label="Części regulaminu" tabs={termsTabs(site)} />,
  },
} satisfies Record<string, LegalDocument>;

export type LegalDocumentName = keyof typeof legalDocuments;

/** The document's `meta`: its title, description and canonical path. */
export function legalDocumentMeta(name: LegalDocumentName) {
  const { title, description, path } = legalDocuments[name];
  return staticPageMeta({ title, description, path });
}

/** The document's page: the shared layout (header, seller aside) around its body. */
export function LegalDocument({ name, site }: { name: LegalDocumentName; site: LegalSite }) {
  const { title, lead, updated, updatedLabel, body }: LegalDocument = legalDocuments[name];
  return (
    <LegalDocumentPage
      site={site}
      title={title}
      lead={lead(site)}
      updated={updated}
      updatedLabel={updatedLabel}
    >
      {body(site)}
    </LegalDocumentPage>
  );
}
