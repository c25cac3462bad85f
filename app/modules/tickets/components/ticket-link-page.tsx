/**
 * The frame of the waiting list's link pages (the confirmation, the offer): one card telling one
 * thing, with what the visitor can do next.
 */
import { CircleAlert, ListChecks, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

const tones = {
  info: { icon: Ticket, className: "bg-accent/15 text-accent" },
  success: { icon: ListChecks, className: "bg-accent/15 text-accent" },
  problem: { icon: CircleAlert, className: "bg-danger/15 text-danger" },
} as const;

export function TicketLinkPage({
  title,
  tone,
  testId,
  children,
}: {
  title: string;
  tone: keyof typeof tones;
  testId: string;
  children: ReactNode;
}) {
  const { icon: Icon, className } = tones[tone];
  return (
    <section className="container-page flex min-h-[70dvh] items-center justify-center pt-24 pb-16 lg:pt-28">
      <div
        className="grid w-full max-w-md gap-6 rounded-lg border border-border bg-surface p-6 sm:p-8"
        data-testid={testId}
      >
        <div className="flex items-center gap-4">
          <span className={cn("flex size-12 shrink-0 items-center justify-center rounded-full", className)}>
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div>
            <p className="font-bold text-muted text-xs uppercase tracking-[0.25em]">Lista oczekujących</p>
            <h1 className="mt-1 font-display text-2xl leading-tight sm:text-3xl">{title}</h1>
          </div>
        </div>
        {children}
      </div>
    </section>
  );
}
