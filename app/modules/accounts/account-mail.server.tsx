/**
 * The account e-mails, queued in the outbox: welcome (with the verification link), a new verification
 * link, the password reset link, and the "you already have an account" notice.
 */
import { createHash } from "node:crypto";
import type { EmailSite } from "~/emails/email-layout";
import type { RenderedMail } from "~/emails/render.server";
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
const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/** Queues a rendered account e-mail and wakes the outbox to send it now. */
async function queue(executor: Executor, kind: string, to: string, mail: Promise<RenderedMail>) {
  await enqueueMail(executor, { kind, to, ...(await mail) });
  kickOutbox();
}

/** What a link e-mail is made of: the address, the link's token and how long the link works. */
type LinkMailRequest = { email: string; token: string; validSeconds: number };

/** The sender of one link e-mail: renders it for the request with the shop's details, and queues it. */
function linkMailSender(
  kind: string,
  render: (request: LinkMailRequest, site: EmailSite) => Promise<RenderedMail>,
) {
  return (request: LinkMailRequest, executor: Executor = db()) =>
    queue(executor, kind, request.email, render(request, env().site));
}

/** The address-confirmation link of the welcome and verification e-mails. */
const verifyLink = ({ token, validSeconds }: LinkMailRequest) => ({
  verifyUrl: verifyEmailUrl(token),
  verifyValidHours: hours(validSeconds),
});

export const queueWelcomeEmail = linkMailSender(MAIL_KINDS.welcome, (request, site) =>
  renderWelcomeEmail({
    site,
    email: request.email,
    name: nameFromEmail(request.email),
    ...verifyLink(request),
  }),
);

export const queueVerifyEmail = linkMailSender(MAIL_KINDS.verifyEmail, (request, site) =>
  renderVerifyEmail({ site, email: request.email, ...verifyLink(request) }),
);

export const queuePasswordResetEmail = linkMailSender(MAIL_KINDS.passwordReset, (request, site) =>
  renderPasswordResetEmail({
    site,
    email: request.email,
    resetUrl: resetPasswordUrl(request.token),
    validMinutes: minutes(request.validSeconds),
  }),
);

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
  const mail = renderAccountExistsEmail({
    site,
    email,
    loginUrl: `${site.url}/auth`,
    resetUrl: `${site.url}/reset-password`,
  });
  await queue(executor, MAIL_KINDS.accountExists, email, mail);
}
