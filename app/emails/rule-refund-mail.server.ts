/** Subject, HTML and text of the rule refund e-mail (decision 037), ready for `enqueueMail`. */
import { mailRenderer } from "./render.server";
import { ruleRefundMail } from "./rule-refund";

export const renderRuleRefund = mailRenderer(ruleRefundMail);
