import { LegalDocument, legalDocumentMeta } from "~/modules/legal/legal-documents";
import { useRootData } from "~/root";
import type { Route } from "./+types/accessibility-statement";

export const meta: Route.MetaFunction = legalDocumentMeta("accessibilityStatement");

export default function AccessibilityStatementPage() {
  const { site } = useRootData();
  return <LegalDocument name="accessibilityStatement" site={site} />;
}
