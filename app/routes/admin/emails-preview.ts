// GET /admin/emails/preview?template=…&data=… — the e-mails tab's live preview: the template rendered
// with the JSON typed so far, as JSON ({ ok, subject, html } or { ok: false, message } with 400). The
// HTML is shown in a sandboxed iframe's srcdoc, never as a page of the site.
import { logger } from "~/lib/logger.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import { isTestEmailTemplate, testEmailMessages } from "~/modules/mail/test-emails.schema";
import { previewTestEmail, type TestEmailPreview } from "~/modules/mail/test-emails.server";
import type { Route } from "./+types/emails-preview";

function answer(body: TestEmailPreview, status = 200) {
  return Response.json(body, { status, headers: adminHeaders() });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "emails");
  const params = new URL(request.url).searchParams;
  const template = params.get("template");
  if (!isTestEmailTemplate(template)) return answer({ ok: false, message: testEmailMessages.template }, 400);
  try {
    const preview = await previewTestEmail(template, params.get("data") ?? "");
    return answer(preview, preview.ok ? 200 : 400);
  } catch (error) {
    logger.error({ err: error, template }, "test e-mail preview failed");
    return answer({ ok: false, message: testEmailMessages.previewFailed }, 500);
  }
}
