/** The waiting list's link pages (the confirmation, the offer). */
import { CircleAlert, ListChecks, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { LinkCardPage, type LinkCardTone } from "~/components/link-card-page";

const icons = { info: Ticket, success: ListChecks, problem: CircleAlert } as const;

export function TicketLinkPage(props: {
  title: string;
  tone: LinkCardTone;
  testId: string;
  children: ReactNode;
}) {
  return <LinkCardPage eyebrow="Lista oczekujących" icon={icons[props.tone]} {...props} />;
}
