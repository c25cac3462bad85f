/**
 * The frame of a page reached from an e-mailed link ("Powiadom mnie", the waiting list): one card
 * telling one thing, with what the visitor can do next.
 */
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export type LinkCardTone = "info" | "success" | "problem";

export function LinkCardPage({
  eyebrow,
  title,
  tone,
  icon: Icon,
  testId,
  children,
}: {
  eyebrow: string;
  title: string;
  tone: LinkCardTone;
  icon: LucideIcon;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="container-page flex min-h-[70dvh] items-center justify-center pt-24 pb-16 lg:pt-28">
      <div
        className="grid w-full max-w-md gap-6 rounded-lg border border-border bg-surface p-6 sm:p-8"
        data-testid={testId}
      >
        <div className="flex items-center gap-4">
          <span
            className={cn(
              "flex size-12 shrink-0 items-center justify-center rounded-full",
              tone === "problem" ? "bg-danger/15 text-danger" : "bg-accent/15 text-accent",
            )}
          >
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div>
            <p className="font-bold text-muted text-xs uppercase tracking-[0.25em]">{eyebrow}</p>
            <h1 className="mt-1 font-display text-2xl leading-tight sm:text-3xl">{title}</h1>
          </div>
        </div>
        {children}
      </div>
    </section>
  );
}
