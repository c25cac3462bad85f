/**
 * The links and e-mails of "Powiadom mnie": the confirmation queued by a subscription and the notice
 * queued by the notifier, each in the transaction of its cause.
 */
import {
  renderStockAlertConfirm,
  renderStockAlertNotice,
  STOCK_ALERT_MAIL_KINDS,
} from "~/emails/stock-alert-mail.server";
import type { Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { enqueueMail, type MailInput } from "~/modules/mail/outbox.server";
import { CONFIRM_VALID_DAYS } from "./stock-alert-texts";
import { unsubscribeToken } from "./stock-alert-tokens.server";

export { STOCK_ALERT_MAIL_KINDS };

export const STOCK_ALERT_PATHS = {
  confirm: (token: string) => `/powiadom-mnie/potwierdz/${encodeURIComponent(token)}`,
  unsubscribe: (token: string) => `/powiadom-mnie/wypisz/${encodeURIComponent(token)}`,
} as const;

function unsubscribeUrl(alertId: string, secret: string, issuedAt: Date) {
  return `${env().siteUrl}${STOCK_ALERT_PATHS.unsubscribe(unsubscribeToken(alertId, secret, issuedAt))}`;
}

export type AlertMailSubject = { email: string; productName: string; sizeLabel: string | null };

/** The confirmation e-mail with its link, ready for `enqueueMail`. */
export async function confirmationMail(alert: AlertMailSubject & { token: string }): Promise<MailInput> {
  const settings = env();
  const mail = await renderStockAlertConfirm({
    site: settings.site,
    email: alert.email,
    productName: alert.productName,
    sizeLabel: alert.sizeLabel,
    confirmUrl: `${settings.siteUrl}${STOCK_ALERT_PATHS.confirm(alert.token)}`,
    validDays: CONFIRM_VALID_DAYS,
  });
  return { kind: STOCK_ALERT_MAIL_KINDS.confirm, to: alert.email, ...mail };
}

/**
 * The one notice of an alert, with the one-click unsubscribe of RFC 8058: mail providers show their
 * own "unsubscribe" button for it and POST `List-Unsubscribe=One-Click` to the link. The link carries
 * `issuedAt` (the notice's time), from which it expires.
 */
export async function queueNotice(
  executor: Executor,
  alert: AlertMailSubject & { id: string; productSlug: string },
  secret: string,
  issuedAt: Date,
): Promise<void> {
  const settings = env();
  const unsubscribe = unsubscribeUrl(alert.id, secret, issuedAt);
  const mail = await renderStockAlertNotice({
    site: settings.site,
    productName: alert.productName,
    sizeLabel: alert.sizeLabel,
    productUrl: `${settings.siteUrl}/merch/${alert.productSlug}`,
    unsubscribeUrl: unsubscribe,
  });
  await enqueueMail(executor, {
    kind: STOCK_ALERT_MAIL_KINDS.notice,
    to: alert.email,
    ...mail,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}
