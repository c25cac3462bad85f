/**
 * Handling a contact-form submission on the server: validation (the shared schema), the honeypot,
 * the per-client rate limit, then the message and its notification e-mail in one transaction.
 */

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { renderContactNotification } from "~/emails/transactional.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { withoutMalformedIntent } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { checkRateLimit, clientKey, type RateLimitRule } from "~/lib/rate-limit.server";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import { contactMessages as contactMessagesTable } from "../../../db/schema";
import {
  type ContactInput,
  contactMessages,
  contactRateLimitMessage,
  contactSchema,
  contactSubjectLabels,
  HONEYPOT_FIELD,
} from "./contact.schema";

/** Messages a client may send: 5 per 15 minutes (invalid submissions are not counted). */
export const CONTACT_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

/** Requests larger than this are refused before parsing (the longest valid form is ~2 KB). */
export const CONTACT_MAX_BODY_BYTES = 32 * 1024;

export const CONTACT_MAIL_KIND = "contact-notification";

export type ContactActionData = {
  /** Conform's reply: errors and typed values, or a form reset after success. */
  result: SubmissionResult<string[]>;
  /** True when the message was stored (Conform's reset reply carries no status). */
  sent: boolean;
  /** Form-level message (Polish) when the answer is not a success. */
  message?: string;
};

export type ContactOutcome = {
  status: 200 | 400 | 413 | 429 | 503;
  data: ContactActionData;
  headers?: HeadersInit;
};

function failure(status: ContactOutcome["status"], message: string, result: SubmissionResult<string[]>) {
  return { status, data: { result, sent: false, message } } satisfies ContactOutcome;
}

/** Stores the message and queues the notification to the brand mailbox, atomically. */
export async function saveContactMessage(input: ContactInput, receivedAt = new Date()) {
  const site = env().site;
  const orderNumber = input.orderNumber?.trim() || null;
  const subjectLabel = contactSubjectLabels[input.subject];
  const mail = await renderContactNotification({ site, ...input, subjectLabel, orderNumber, receivedAt });
  const id = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessagesTable)
      .values({
        name: input.name,
        email: input.email,
        orderNumber,
        subject: input.subject,
        message: input.message,
        createdAt: receivedAt,
      })
      .returning({ id: contactMessagesTable.id });
    await enqueueMail(tx, { kind: CONTACT_MAIL_KIND, to: site.email, replyTo: input.email, ...mail });
    return row.id;
  });
  // After commit, so the worker sees the row.
  kickOutbox();
  return id;
}

/** The whole action: every answer carries a Polish message; nothing but a valid message is stored. */
export async function handleContactSubmission(request: Request, ip: string): Promise<ContactOutcome> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > CONTACT_MAX_BODY_BYTES) {
    return failure(413, contactMessages.failure, {
      status: "error",
      error: { "": [contactMessages.failure] },
    });
  }

  let formData: FormData;
  try {
    formData = withoutMalformedIntent(await request.formData());
  } catch {
    return failure(400, contactMessages.failure, {
      status: "error",
      error: { "": [contactMessages.failure] },
    });
  }

  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return failure(400, contactMessages.invalid, submission.reply());
  }

  // The honeypot is invisible to people; whoever fills it is a bot and gets a plain refusal.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (honeypot !== null && honeypot !== "") {
    logger.info({ ip }, "contact form honeypot filled");
    return failure(400, contactMessages.failure, submission.reply({ formErrors: [contactMessages.failure] }));
  }

  try {
    const limit = await checkRateLimit(`contact:${clientKey(ip)}`, CONTACT_RATE_LIMIT);
    if (!limit.allowed) {
      const message = contactRateLimitMessage(limit.retryAfterSeconds);
      return {
        ...failure(429, message, submission.reply({ formErrors: [message] })),
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      };
    }
    await saveContactMessage(submission.value);
  } catch (error) {
    logger.error({ err: error }, "contact message could not be saved");
    return failure(503, contactMessages.failure, submission.reply({ formErrors: [contactMessages.failure] }));
  }

  return { status: 200, data: { result: submission.reply({ resetForm: true }), sent: true } };
}
