/**
 * The contact form on the server: validation (the shared schema, by handleFormAction), the honeypot,
 * the per-client rate limit, then the message and its notification e-mail in one transaction.
 */

import { renderContactNotification } from "~/emails/transactional.server";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { intent } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { checkRateLimit, clientKey, type RateLimitRule } from "~/lib/rate-limit.server";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import { contactMessages as contactMessagesTable } from "../../../db/schema";
import {
  CONTACT_INTENT,
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

/**
 * The contact form for `handleFormAction`: every answer carries a Polish message; nothing but a valid
 * message is stored. `ip` is the client's (the rate limit's key).
 */
export function contactIntents(ip: string) {
  return {
    [CONTACT_INTENT]: intent({
      schema: contactSchema,
      invalid: contactMessages.invalid,
      failure: contactMessages.failure,
      failureStatus: 503,
      run: async (input, { formData }) => {
        // The honeypot is invisible to people; whoever fills it is a bot and gets a plain refusal.
        const honeypot = formData.get(HONEYPOT_FIELD);
        if (honeypot !== null && honeypot !== "") {
          logger.info({ ip }, "contact form honeypot filled");
          throw new DomainError(contactMessages.failure, 400);
        }
        const limit = await checkRateLimit(`contact:${clientKey(ip)}`, CONTACT_RATE_LIMIT);
        if (!limit.allowed) {
          throw new DomainError(contactRateLimitMessage(limit.retryAfterSeconds), 429, undefined, {
            retryAfterSeconds: limit.retryAfterSeconds,
          });
        }
        await saveContactMessage(input);
        return { title: contactMessages.successTitle, message: contactMessages.successDescription };
      },
    }),
  };
}
