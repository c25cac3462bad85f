import { LegalDocument, legalDocumentMeta } from "~/modules/legal/legal-documents";
import { useRootData } from "~/root";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = legalDocumentMeta("privacyPolicy");

export default function PrivacyPolicy() {
  const { site } = useRootData();
  return <LegalDocument name="privacyPolicy" site={site} />;
}
