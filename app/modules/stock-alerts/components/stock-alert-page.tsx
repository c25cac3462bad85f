/** The "Powiadom mnie" pages (the form's answer without JavaScript, the confirmation, the unsubscribe link). */
import { BellRing, CircleAlert, MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { LinkCardPage, type LinkCardTone } from "~/components/link-card-page";

const icons = { info: BellRing, success: MailCheck, problem: CircleAlert } as const;

export function StockAlertPage(props: {
  title: string;
  tone: LinkCardTone;
  testId: string;
  children: ReactNode;
}) {
  return <LinkCardPage eyebrow="Powiadom mnie" icon={icons[props.tone]} {...props} />;
}
