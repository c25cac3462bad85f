/**
 * The account e-mails, queued in the outbox: welcome (with the verification link), a new verification
 * link, the password reset link, and the "you already have an account" notice.
 */
import { createHash } from "node:crypto";
import {
  MAIL_KINDS,
  renderAccountExistsEmail,
  renderPasswordResetEmail,
  renderVerifyEmail,
  renderWelcomeEmail,
} from "~/emails/transactional.server";
import { db, type Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { checkRateLimit } from "~/lib/rate-limit.server";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";

export function verifyEmailUrl(token: string) {
  return `${env().siteUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

export function resetPasswordUrl(token: string) {
  return `${env().siteUrl}/update-password?token=${encodeURIComponent(token)}`;
}

/** SPEC §7: the name in the welcome e-mail is the part of the address before "@". */
export function nameFromEmail(email: string) {
  return email.split("@")[0] || email;
}

const hours = (seconds: number) => Math.max(1, Math.round(seconds / 3600));

async function queue(
  executor: Executor,
  kind: string,
  to: string,
  mail: { subject: string; html: string; text: string },
) {
  await enqueueMail(executor, { kind, to, ...mail });
  kickOutbox();
}

export async function queueWelcomeEmail(
  { email, token, validSeconds }: { email: string; token: string; validSeconds: number },
  executor: Executor = db(),
) {
  const mail = await renderWelcomeEmail({
    site: env().site,
    email,
    name: nameFromEmail(email),
    verifyUrl: verifyEmailUrl(token),
    verifyValidHours: hours(validSeconds),
  });
  await queue(executor, MAIL_KINDS.welcome, email, mail);
}

export async function queueVerifyEmail(
  { email, token, validSeconds }: { email: string; token: string; validSeconds: number },
  executor: Executor = db(),
) {
  const mail = await renderVerifyEmail({
    site: env().site,
    email,
    verifyUrl: verifyEmailUrl(token),
    verifyValidHours: hours(validSeconds),
  });
  await queue(executor, MAIL_KINDS.verifyEmail, email, mail);
}

export async function queuePasswordResetEmail(
  { email, token, validSeconds }: { email: string; token: string; validSeconds: number },
  executor: Executor = db(),
) {
  const mail = await renderPasswordResetEmail({
    site: env().site,
    email,
    resetUrl: resetPasswordUrl(token),
    validMinutes: Math.max(1, Math.round(validSeconds / 60)),
  });
  await queue(executor, MAIL_KINDS.passwordReset, email, mail);
}

/** At most one notice per address and hour, however often someone signs up with it. */
const ACCOUNT_EXISTS_NOTICE = { limit: 1, windowMs: 60 * 60_000 };

export async function queueAccountExistsEmail({ email }: { email: string }, executor: Executor = db()) {
  const key = `exists-email:${createHash("sha256").update(email.toLowerCase()).digest("base64url").slice(0, 32)}`;
  const allowed = await checkRateLimit(key, ACCOUNT_EXISTS_NOTICE);
  if (!allowed.allowed) {
    logger.info("sign-up with a registered address: notice already sent this hour");
    return;
  }
  const site = env().site;
  const mail = await renderAccountExistsEmail({
    site,
    email,
    loginUrl: `${site.url}/auth`,
    resetUrl: `${site.url}/reset-password`,
  });
  await queue(executor, MAIL_KINDS.accountExists, email, mail);
}
