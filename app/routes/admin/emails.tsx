// /admin/emails: test e-mails (SPEC §2 Emails). One form per template with editable sample JSON, a live
// preview (rendered by /admin/emails/preview, shown in a sandboxed iframe) and sending through the
// real outbox to the address typed (the admin's own by default).
import { db } from "~/lib/db.server";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { TestEmailsPanel } from "~/modules/admin/components/test-emails-panel";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import { sampleJson, TEST_EMAIL_TEMPLATES, type TestEmailTemplate } from "~/modules/admin/test-emails.schema";
import {
  handleTestEmailAction,
  previewTestEmail,
  type TestEmailPreview,
} from "~/modules/admin/test-emails.server";
import type { Route } from "./+types/emails";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "E-maile | Panel admina | NOKTURN" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireTab(request, "emails");
  // The samples' previews are rendered here, so the page shows them at once (and without JavaScript).
  const previews = {} as Record<TestEmailTemplate, TestEmailPreview>;
  for (const template of TEST_EMAIL_TEMPLATES) {
    try {
      previews[template] = await previewTestEmail(template, sampleJson(template));
    } catch (error) {
      logger.error({ err: error, template }, "test e-mail preview failed");
      previews[template] = { ok: false, message: "Nie udało się wyrenderować podglądu" };
    }
  }
  return { adminEmail: user.email, previews };
}

export async function action({ request }: Route.ActionArgs) {
  await requireTab(request, "emails");
  return handleTestEmailAction(await readFormData(request), db());
}

export default function AdminEmails({ loaderData }: Route.ComponentProps) {
  return <TestEmailsPanel {...loaderData} />;
}
