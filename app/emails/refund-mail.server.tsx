/** Subject, HTML and text of the refund e-mails, ready for `enqueueMail` (and the panel's test e-mails). */

import {
  RefundIssuedEmail,
  type RefundIssuedProps,
  refundIssuedSubject,
  refundIssuedText,
} from "./refund-issued";
import { type RenderedMail, renderEmail } from "./render.server";
import {
  SoldOutRefundEmail,
  type SoldOutRefundProps,
  soldOutRefundSubject,
  soldOutRefundText,
} from "./sold-out-refund";

export function renderRefundIssued(props: RefundIssuedProps): Promise<RenderedMail> {
  return renderEmail(<RefundIssuedEmail {...props} />, refundIssuedSubject(props), refundIssuedText(props));
}

export function renderSoldOutRefund(props: SoldOutRefundProps): Promise<RenderedMail> {
  return renderEmail(
    <SoldOutRefundEmail {...props} />,
    soldOutRefundSubject(props),
    soldOutRefundText(props),
  );
}
