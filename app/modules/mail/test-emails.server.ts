/**
 * Test e-mails from the admin panel (SPEC §2 Emails, §7 send-* functions): a template rendered with the
 * admin's JSON, previewed, or queued through the real outbox to an address of the admin's choosing.
 * The subject is marked [TEST] so nobody takes it for a real order message.
 */
import type { EmailSite } from "~/emails/email-layout";
import { renderRefundIssued, renderSoldOutRefund } from "~/emails/refund-mail.server";
import type { RenderedMail } from "~/emails/render.server";
import { renderRuleRefund } from "~/emails/rule-refund-mail.server";
import { renderNightCancelled, renderTicketResend } from "~/emails/ticket-mail.server";
import { renderTicketTransfer } from "~/emails/ticket-transfer-mail.server";
import {
  renderTicketOffer,
  renderTicketResold,
  renderWaitlistConfirm,
} from "~/emails/ticket-waitlist-mail.server";
import {
  renderDeliveryConfirmation,
  renderInvitationEmail,
  renderOrderConfirmation,
  renderShippingNotification,
  renderWelcomeEmail,
} from "~/emails/transactional.server";
import { renderWithdrawalConfirmation, renderWithdrawalReceived } from "~/emails/withdrawal-mail.server";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { type FormActionResult, intent } from "~/lib/form-action.server";
import { enqueueMail } from "./outbox.server";
import {
  parseTestEmailData,
  type TestEmailProps,
  type TestEmailTemplate,
  testEmailMessages,
  testEmailSubmitSchema,
} from "./test-emails.schema";

export const TEST_SUBJECT_PREFIX = "[TEST] ";

/** Each template's renderer, given the checked props and the shop's own site details. */
const testEmailRenderers: {
  [T in TestEmailTemplate]: (props: TestEmailProps<T> & { site: EmailSite }) => Promise<RenderedMail>;
} = {
  welcome: renderWelcomeEmail,
  "order-confirmation": renderOrderConfirmation,
  "shipping-notification": renderShippingNotification,
  "delivery-confirmation": renderDeliveryConfirmation,
  invitation: renderInvitationEmail,
  "withdrawal-received": renderWithdrawalReceived,
  "withdrawal-confirmation": renderWithdrawalConfirmation,
  "refund-issued": renderRefundIssued,
  "sold-out-refund": renderSoldOutRefund,
  "rule-refund": renderRuleRefund,
  "ticket-transfer": renderTicketTransfer,
  "night-cancelled": renderNightCancelled,
  "ticket-resend": renderTicketResend,
  "waitlist-confirm": renderWaitlistConfirm,
  "ticket-offer": renderTicketOffer,
  "ticket-resold": renderTicketResold,
};

/** Renders one template with checked props and the shop's own site details. */
export function renderTestEmail<T extends TestEmailTemplate>(
  template: T,
  props: TestEmailProps<T>,
): Promise<RenderedMail> {
  const render = testEmailRenderers[template] as (
    props: TestEmailProps<T> & { site: EmailSite },
  ) => Promise<RenderedMail>;
  return render({ site: env().site, ...props });
}

export type TestEmailPreview = { ok: true; subject: string; html: string } | { ok: false; message: string };

/** The preview of a template with the JSON typed so far: its HTML, or why it cannot be rendered. */
export async function previewTestEmail(template: TestEmailTemplate, json: string): Promise<TestEmailPreview> {
  const parsed = parseTestEmailData(template, json);
  if (!parsed.ok) return parsed;
  const mail = await renderTestEmail(template, parsed.props);
  return { ok: true, subject: mail.subject, html: mail.html };
}

export type TestEmailResult = FormActionResult<{ to: string }>;

/** The tab's action: render the template with the checked JSON and queue it to the address typed. */
export const testEmailIntents = {
  send: intent({
    schema: testEmailSubmitSchema,
    failure: testEmailMessages.failed,
    run: async ({ template, to, data }) => {
      const parsed = parseTestEmailData(template, data);
      if (!parsed.ok) throw new DomainError(parsed.message, 400, "data");
      const mail = await renderTestEmail(template, parsed.props);
      await enqueueMail(db(), {
        kind: `test-${template}`,
        to,
        subject: `${TEST_SUBJECT_PREFIX}${mail.subject}`,
        html: mail.html,
        text: mail.text,
      });
      return { message: testEmailMessages.sentDescription(to), to, resetForm: false };
    },
  }),
};
