/** The "Powiadom mnie" e-mails rendered for the outbox (subject, HTML, plain text). */
import { renderEmail } from "./render.server";
import {
  StockAlertConfirmEmail,
  type StockAlertConfirmProps,
  StockAlertNoticeEmail,
  type StockAlertNoticeProps,
  stockAlertConfirmSubject,
  stockAlertConfirmText,
  stockAlertNoticeSubject,
  stockAlertNoticeText,
} from "./stock-alert";

export const STOCK_ALERT_MAIL_KINDS = {
  confirm: "stock-alert-confirm",
  notice: "stock-notice",
} as const;

export const renderStockAlertConfirm = (props: StockAlertConfirmProps) =>
  renderEmail(
    <StockAlertConfirmEmail {...props} />,
    stockAlertConfirmSubject(props),
    stockAlertConfirmText(props),
  );

export const renderStockAlertNotice = (props: StockAlertNoticeProps) =>
  renderEmail(
    <StockAlertNoticeEmail {...props} />,
    stockAlertNoticeSubject(props),
    stockAlertNoticeText(props),
  );
