/**
 * Test e-mails from the admin panel (SPEC §2 Emails, §7 send-* functions): a template rendered with the
 * admin's JSON, previewed, or queued through the real outbox to an address of the admin's choosing.
 * The subject is marked [TEST] so nobody takes it for a real order message.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import {
  OrderConfirmationEmail,
  orderConfirmationSubject,
  orderConfirmationText,
} from "~/emails/order-confirmation";
import {
  renderDeliveryConfirmation,
  renderInvitationEmail,
  renderShippingNotification,
  renderWelcomeEmail,
} from "~/emails/transactional.server";
import { db, type Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { withoutMalformedIntent } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { type RenderedMail, renderEmail } from "~/modules/mail/render.server";
import {
  parseTestEmailData,
  type TestEmailProps,
  type TestEmailTemplate,
  testEmailFormSchema,
  testEmailMessages,
} from "./test-emails.schema";

export const TEST_SUBJECT_PREFIX = "[TEST] ";

/** Renders one template with checked props and the shop's own site details. */
export function renderTestEmail<T extends TestEmailTemplate>(
  template: T,
  props: TestEmailProps<T>,
): Promise<RenderedMail> {
  const site = env().site;
  switch (template) {
    case "welcome":
      return renderWelcomeEmail({ site, ...(props as TestEmailProps<"welcome">) });
    case "order-confirmation": {
      const full = { site, ...(props as TestEmailProps<"order-confirmation">) };
      return renderEmail(
        <OrderConfirmationEmail {...full} />,
        orderConfirmationSubject(full),
        orderConfirmationText(full),
      );
    }
    case "shipping-notification":
      return renderShippingNotification({ site, ...(props as TestEmailProps<"shipping-notification">) });
    case "delivery-confirmation":
      return renderDeliveryConfirmation({ site, ...(props as TestEmailProps<"delivery-confirmation">) });
    case "invitation":
      return renderInvitationEmail({ site, ...(props as TestEmailProps<"invitation">) });
  }
  throw new Error(`unknown template ${String(template)}`);
}

export type TestEmailPreview = { ok: true; subject: string; html: string } | { ok: false; message: string };

/** The preview of a template with the JSON typed so far: its HTML, or why it cannot be rendered. */
export async function previewTestEmail(template: TestEmailTemplate, json: string): Promise<TestEmailPreview> {
  const parsed = parseTestEmailData(template, json);
  if (!parsed.ok) return parsed;
  const mail = await renderTestEmail(template, parsed.props);
  return { ok: true, subject: mail.subject, html: mail.html };
}

export type TestEmailResult = {
  ok: boolean;
  template: TestEmailTemplate | null;
  result: SubmissionResult<string[]>;
  message: string;
  to?: string;
};

/**
 * Checks the form, renders the template and queues it to the address typed (400 with a message
 * otherwise; `null`: a body that is no form).
 */
export async function handleTestEmailAction(body: FormData | null, executor: Executor = db()) {
  if (!body) {
    const message = testEmailMessages.invalidRequest;
    return data<TestEmailResult>(
      { ok: false, template: null, result: { status: "error", error: { "": [message] } }, message },
      { status: 400 },
    );
  }
  const formData = withoutMalformedIntent(body);
  const submission = parseWithZod(formData, { schema: testEmailFormSchema });
  const rawTemplate = formData.get("template");
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return data<TestEmailResult>(
      {
        ok: false,
        template: null,
        result: submission.reply(),
        message: first ?? testEmailMessages.failed,
      },
      { status: 400 },
    );
  }
  const { template, to, data: json } = submission.value;
  const parsed = parseTestEmailData(template, json);
  if (!parsed.ok) {
    return data<TestEmailResult>(
      {
        ok: false,
        template,
        result: submission.reply({ fieldErrors: { data: [parsed.message] } }),
        message: parsed.message,
      },
      { status: 400 },
    );
  }
  try {
    const mail = await renderTestEmail(template, parsed.props);
    await enqueueMail(executor, {
      kind: `test-${template}`,
      to,
      subject: `${TEST_SUBJECT_PREFIX}${mail.subject}`,
      html: mail.html,
      text: mail.text,
    });
    return data<TestEmailResult>({
      ok: true,
      template,
      result: submission.reply(),
      message: testEmailMessages.sentDescription(to),
      to,
    });
  } catch (error) {
    logger.error({ err: error, template: rawTemplate }, "test e-mail could not be queued");
    return data<TestEmailResult>(
      { ok: false, template, result: submission.reply(), message: testEmailMessages.failed },
      { status: 500 },
    );
  }
}
