/**
 * The frame of the account screens (/auth, the password screens, e-mail verification): a brand panel
 * with what an account gives on wide screens, the form card beside it.
 */
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

const benefits = [
  "Historia zamówień i ich status w jednym miejscu",
  "Szybsze zakupy merchu przy kolejnych zamówieniach",
  "Opinie o produktach, które naprawdę nosisz",
];

export function AuthShell({
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className={cn(
          "-z-10 pointer-events-none absolute inset-0",
          "bg-[radial-gradient(ellipse_60%_50%_at_15%_20%,rgb(110_91_255/0.22),transparent_70%),radial-gradient(ellipse_45%_40%_at_85%_55%,rgb(255_46_136/0.14),transparent_70%)]",
        )}
      />
      <div className="container-page grid min-h-[calc(100dvh-4rem)] items-center gap-12 pt-24 pb-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-20 lg:pt-28">
        <div className="hidden lg:block">
          <p className="font-bold text-accent text-sm uppercase tracking-[0.3em]">Strefa klubowicza</p>
          <p aria-hidden="true" className="mt-4 font-display text-7xl leading-[0.9] xl:text-8xl">
            Noc
            <br />
            <span className="text-transparent [-webkit-text-stroke:2px_var(--color-foreground)]">trwa</span>
            <br />
            <span className="text-hot">dalej.</span>
          </p>
          <ul className="mt-10 grid max-w-md gap-4 text-foreground/85">
            {benefits.map((benefit) => (
              <li key={benefit} className="flex items-start gap-3">
                <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
                  <Check aria-hidden="true" className="size-4" />
                </span>
                {benefit}
              </li>
            ))}
          </ul>
        </div>
        <div
          className={cn(
            "mx-auto w-full max-w-md animate-fade-in rounded-lg border border-border bg-surface/95 p-6 shadow-2xl shadow-black/60 sm:p-8",
            className,
          )}
        >
          <p className="font-bold text-muted text-xs uppercase tracking-[0.25em]">{eyebrow}</p>
          <h1 className="mt-2 font-display text-3xl leading-tight sm:text-4xl">{title}</h1>
          {lead ? <p className="mt-3 text-muted leading-relaxed">{lead}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </section>
  );
}
