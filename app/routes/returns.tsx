import { LegalDocument, legalDocumentMeta } from "~/modules/legal/legal-documents";
import { useRootData } from "~/root";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = legalDocumentMeta("returns");

export default function Returns() {
  const { site } = useRootData();
  return <LegalDocument name="returns" site={site} />;
}
