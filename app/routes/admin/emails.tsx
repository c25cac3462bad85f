// /admin/emails: test e-mails (SPEC §2 Emails). One form per template with editable sample JSON, a live
// preview (rendered by /admin/emails/preview, shown in a sandboxed iframe) and sending through the
// real outbox to the address typed (the admin's own by default).
import { handleFormAction } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { TestEmailsPanel } from "~/modules/mail/components/panel/test-emails-panel";
import {
  sampleJson,
  TEST_EMAIL_TEMPLATES,
  type TestEmailTemplate,
  testEmailMessages,
} from "~/modules/mail/test-emails.schema";
import { previewTestEmail, type TestEmailPreview, testEmailIntents } from "~/modules/mail/test-emails.server";
import type { Route } from "./+types/emails";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "E-maile");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireTab({ request, context }, "emails");
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

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "emails");
  return handleFormAction(request, testEmailIntents, { invalidRequest: testEmailMessages.invalidRequest });
}

export default function AdminEmails({ loaderData }: Route.ComponentProps) {
  return <TestEmailsPanel {...loaderData} />;
}
