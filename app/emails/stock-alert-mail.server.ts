/** The "Powiadom mnie" e-mails rendered for the outbox (subject, HTML, plain text). */
import { mailRenderer } from "./render.server";
import { stockAlertConfirmMail, stockAlertNoticeMail } from "./stock-alert";

export const STOCK_ALERT_MAIL_KINDS = {
  confirm: "stock-alert-confirm",
  notice: "stock-notice",
} as const;

export const renderStockAlertConfirm = mailRenderer(stockAlertConfirmMail);
export const renderStockAlertNotice = mailRenderer(stockAlertNoticeMail);
