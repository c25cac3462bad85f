import { LegalDocument, legalDocumentMeta } from "~/modules/legal/legal-documents";
import { useRootData } from "~/root";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = legalDocumentMeta("terms");

export default function Terms() {
  const { site } = useRootData();
  return <LegalDocument name="terms" site={site} />;
}
